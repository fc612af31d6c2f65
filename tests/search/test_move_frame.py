"""A move of home asked within a time window is told there by its parts:
boxes, packing, the van, the keys, the lease, the new flat, the first night
(search/move_frame.py, search/window_doing.py)."""

from __future__ import annotations

import datetime as dt

from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import EpisodeDraft
from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.search.move_frame import asks_the_move, tells_the_move
from agent_memory.storage import MemoryStorage

DAY = 86_400.0
T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "Long day at work, too many meetings, but the project is going fine.",
    "Tried a new ramen place near the station.",
    "Мама звонила, спрашивала про отпуск.",
    "Договорились с Олей встретиться в субботу у фонтана.",
)
MOVE = [
    "Looked at a flat near the park, two rooms and a balcony.",
    "Подписали договор аренды, с первого числа.",
    "Начали паковаться, Сэм привёз коробки с работы.",
    "Sam came with a borrowed van, three trips across town.",
    "Отдал хозяину ключи от старой квартиры.",
    "First night at the new place. The cat slept on the windowsill.",
]
# before the window: boxes of another time are no answer
EARLIER_BOXES = "Carried the Christmas boxes down to the cellar."


async def _life(storage: MemoryStorage) -> float:
    """Days of noise with the move among them; returns the window's start."""
    texts = [EARLIER_BOXES, *NOISE]
    for part in MOVE:
        texts += [*NOISE, part]
    for day, text in enumerate(texts):
        draft = EpisodeDraft(text, f"d{day}", "user", T0 + day * DAY + 3600)
        await storage.nodes.add_episode(draft)
    return T0 + (len(NOISE) + 1) * DAY


async def _window_answers(storage: MemoryStorage, question: str) -> list[str]:
    start = await _life(storage)
    retriever = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    filters = SearchFilters(after=start, before=start + 60 * DAY, limit=10)
    hits = await retriever.search(question, filters, reinforce=False)
    return [hit.node.content for hit in hits]


async def test_the_move_in_a_window_is_found_by_its_parts(
    storage: MemoryStorage,
) -> None:
    found = await _window_answers(storage, "переезд")

    assert found[: len(MOVE)] == MOVE, found
    assert EARLIER_BOXES not in found


async def test_a_question_not_about_the_move_lifts_no_boxes(
    storage: MemoryStorage,
) -> None:
    found = await _window_answers(storage, "ramen")

    assert found and all("ramen" in text for text in found), found


def test_the_move_is_asked_by_its_word_in_both_languages() -> None:
    assert asks_the_move("переезд")
    assert asks_the_move("What did we do for the move?")
    assert asks_the_move("Как мы переезжали?")
    assert not asks_the_move("What did I cook last week?")


def test_a_turn_tells_the_move_by_its_parts_not_by_a_like_word() -> None:
    assert tells_the_move("Katja brought 20 boxes from her office")
    assert tells_the_move("Деян упаковывал мне коробки после смены")
    assert tells_the_move("первое утро на Дорчоле, кот нашёл двор")
    assert tells_the_move("Съездили посмотреть квартиру в Дидубе")
    assert not tells_the_move("Договорились с Олей встретиться в субботу")
    assert not tells_the_move("Tried a new ramen place near the station.")
