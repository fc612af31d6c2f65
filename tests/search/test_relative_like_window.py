"""A question with a relative date gets the same answer through get_context as
through search with that date's explicit window (issue 27), in English and
Russian, for the ways people say a date: the block shows the turns the
windowed search ranks first, and none from outside the window."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import EpisodeDraft
from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.search.when import RelativeWindow, asks_own_doings, relative_window
from agent_memory.storage import MemoryStorage

DAY = 86_400.0
START = dt.datetime(2026, 9, 1, tzinfo=dt.UTC).timestamp()
# Thursday 2026-10-29, 15:00 UTC
NOW = dt.datetime(2026, 10, 29, 15, tzinfo=dt.UTC).timestamp()
DOINGS = (
    ("Went to the pool and swam 2 km", "Плавал в бассейне 2 км"),
    ("Cooked a pot of borscht", "Сварил кастрюлю борща"),
    ("Hiked in the hills with Lena", "Ходили с Леной в поход"),
)
TURN_LINE = re.compile(r"^- \[[^\]]*\] (.*)$")


async def life(storage: MemoryStorage) -> None:
    """Every day from 1 September: a doing in the morning (the language
    alternating), a request at noon, the assistant's reply; each one a text
    of its own day."""
    day = 0
    while START + day * DAY < NOW - DAY / 2:
        when = START + day * DAY
        english, russian = DOINGS[day % len(DOINGS)]
        doing = english if day % 2 else russian
        for text, at, role in (
            (f"{doing}, day {day}", when + 9 * 3600, "user"),
            (f"Remind me to water the plants, day {day}", when + 12 * 3600, "user"),
            (f"Done, noted for day {day}.", when + 12 * 3600 + 60, "orchestrator"),
        ):
            draft = EpisodeDraft(text, f"t{day}", role, at)
            await storage.nodes.add_episode(draft)
        day += 1


def block_turns(block: str) -> set[str]:
    return {m[1] for line in block.splitlines() if (m := TURN_LINE.match(line))}


@pytest.mark.parametrize(
    "question",
    [
        "What did I do yesterday?",
        # a window of more turns than the block's five: all five are shown
        "What did I do last week?",
        "Что я делал на прошлой неделе?",
        "Что я делал позавчера?",
        "Чем занимался вчера?",  # the pronoun left out
        "Как я провёл выходные?",
        "How did I spend the weekend before last?",
        "Чем я был занят в позапрошлые выходные?",
        "Что я делал две недели тому назад?",
        "Что я делал дня три назад?",
        "What did I do a fortnight ago?",
        "Что я делал в прошлую субботу?",
        "Что я делал в конце сентября?",
        "What did I do in early October?",
        "Что я делал 10 октября?",
        "Where did I swim last week?",
        "Когда я варил борщ на прошлой неделе?",
        "Где я плавал в начале октября?",
    ],
)
async def test_relative_date_answers_as_its_explicit_window(
    storage: MemoryStorage, question: str
) -> None:
    await life(storage)
    memory = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    window = relative_window(question, NOW)
    assert window is not None and window.strict, question
    block = await memory.get_context(question, now=NOW)
    assert block is not None, question
    shown = block_turns(block)
    everything = await explicit_search(memory, question, window, 50)
    explicit = await explicit_search(memory, question, window, len(shown))
    assert shown and explicit, question
    # the block: the windowed search's best turns, as many as it has room for
    assert shown == set(explicit), question
    if asks_own_doings(question):  # and all of them, up to the answer's five
        assert len(shown) >= min(len(everything), 5), question


async def explicit_search(
    memory: Retriever, question: str, window: RelativeWindow, limit: int
) -> list[str]:
    filters = SearchFilters(
        after=window.after, before=window.before, now=NOW, limit=limit
    )
    hits = await memory.search(question, filters, reinforce=False)
    return [h.node.content for h in hits]
