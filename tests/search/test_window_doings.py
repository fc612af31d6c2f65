""" "What was I doing then?" over a window: which of the user's turns tell a
doing (search/doings.py), through the public search on a real database."""

from __future__ import annotations

import datetime as dt

from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import EpisodeDraft
from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.storage import MemoryStorage

DAY = 86_400.0
D = dt.datetime(2027, 1, 9, tzinfo=dt.UTC).timestamp()


async def said_over_a_day(storage: MemoryStorage, texts: list[str]) -> None:
    for at, text in enumerate(texts):
        when = D + (8 + at) * 3600
        await storage.nodes.add_episode(EpisodeDraft(text, "t0", "user", when))


async def answer(storage: MemoryStorage, question: str, limit: int) -> list[str]:
    memory = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    window = SearchFilters(after=D, before=D + DAY, limit=limit)
    hits = await memory.search(question, window, reinforce=False)
    return [h.node.content for h in hits]


# A day of talk: two requests to the assistant behind a call for attention,
# a note, and two doings named by their noun and the person they were done
# with (no verb opens them).
REQUESTS = [
    "hey write me a polite email to my landlord, not too formal",
    "ещё вопрос: придумай подпись к посту про закат",
]
NOTE = "the flat has a washing machine that walks around the kitchen"
DOINGS = [
    "скалодром с Диогу, он снимал меня на видео. я злилась на трассу",
    "lunch with Pablo, he has a girlfriend now, a dentist",
]


async def test_doings_named_with_someone_lead_requests_behind_a_greeting(
    storage: MemoryStorage,
) -> None:
    await said_over_a_day(storage, [*REQUESTS, NOTE, *DOINGS])
    for question in ("What was I doing then?", "что я делала в те дни?"):
        top = await answer(storage, question, limit=3)
        assert top[:2] == DOINGS, question
        assert not set(top) & set(REQUESTS), question


async def test_a_name_a_verb_follows_did_it_without_the_speaker(
    storage: MemoryStorage,
) -> None:
    # «Марк с Эоином ездили …» is Mark's doing; the told doing leads it.
    theirs = "Марк с Эоином ездили на турнир в Клондалкин"
    mine = "Бокс с Димой. Тренер сказал, что у меня «ленивая левая»"
    await said_over_a_day(storage, [theirs, NOTE, mine])
    top = await answer(storage, "Чем я тогда занимался?", limit=3)
    assert top[0] == mine
