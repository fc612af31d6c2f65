"""What is true now of someone the question names: "Which hospital does Lena
work at now?" gets her newest state first, though every turn about her opens
with her name (a turn opening with someone else's name tells their state, not
the user's: search/standing.py told_of_other)."""

from __future__ import annotations

import datetime as dt

from agent_memory.retrieval import SearchFilters
from agent_memory.search.standing import name_pattern, told_of_other
from agent_memory.storage import MemoryStorage
from day_turns import linked_days, top_answers

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
OLD = "Lena works at the Charité hospital, crazy shifts as a paediatrician."
NEW = "Lena started at the children's hospital in Vienna this week, so proud."
NOISE = [
    "Tried a new ramen place near the station.",
    "Lena and I watched a film, she fell asleep halfway.",
    "Погода испортилась, весь вечер дождь.",
]


async def test_the_newest_state_of_the_person_asked_comes_first(
    storage: MemoryStorage,
) -> None:
    top = await top_answers(
        storage, [OLD, *NOISE, NEW, *NOISE], T0, "Which hospital does Lena work at now?"
    )
    assert top and top[0] == NEW, top


async def test_a_turn_opening_with_the_asked_name_is_about_them(
    storage: MemoryStorage,
) -> None:
    retriever = await linked_days(storage, [NEW], T0)
    hits = await retriever.search("Lena hospital", SearchFilters(limit=1))
    assert hits and hits[0].entities
    assert told_of_other(hits[0])  # for a question about the user
    assert not told_of_other(hits[0], "Where does Lena work now?")
    assert told_of_other(hits[0], "Where does Lenny work now?")


async def test_what_is_asked_of_a_person_is_not_their_newest_turn(
    storage: MemoryStorage,
) -> None:
    lives = "My boss Mark lives out in Potsdam and cycles in every day."
    later = [f"Mark moved the review to {day}." for day in ("Monday", "Friday")]
    for question in ("Where does Mark live now?", "Where does Mark live?"):
        top = await top_answers(storage, [lives, *NOISE, *later], T0, question)
        assert top and top[0] == lives, (question, top)


def test_a_name_is_matched_as_a_whole_word_by_one_compiled_pattern() -> None:
    # The stance rules ask each hit's every entity whether the question names
    # it (~600 times a long question): the pattern is built once a name.
    name_pattern.cache_clear()
    for _ in range(3):
        assert name_pattern("Lena (Vienna)").search("Where does Lena (Vienna) work?")
        assert not name_pattern("Lena").search("Where does Lenawee work now?")
    info = name_pattern.cache_info()
    assert (info.misses, info.hits) == (2, 4)


MOVE = "Mia moved Oscar from Little Acorns to Busy Bees near her work."
KNOWN = ["My sister Mia rang from Leeds.", "My grandson Oscar learnt to clap."]


async def test_a_turn_opening_with_someone_else_names_whom_the_question_asks(
    storage: MemoryStorage,
) -> None:
    # "Mia moved Oscar to Busy Bees" is Oscar's change when Oscar is asked
    retriever = await linked_days(storage, [*KNOWN, MOVE], T0)
    hits = await retriever.search("Mia Oscar Busy Bees", SearchFilters(limit=1))
    assert hits and hits[0].node.content == MOVE, hits
    assert not told_of_other(hits[0], "Which nursery does Oscar go to now?")
    assert told_of_other(hits[0], "Which gym do I go to now?")


MOVE_RU = "Тимур с Люси забирают Алму из Little Acorns, переводят в Busy Bees."
KNOWN_RU = ["Мой сын Тимур прислал фото.", "Моя внучка Алма научилась хлопать."]
NURSERY_RU = [
    "Алму записали в ясли Little Acorns с июня.",
    "Алма в Little Acorns опять заболела, Люси дома сидит.",
]


async def test_a_child_moved_by_others_is_where_the_child_goes_now(
    storage: MemoryStorage,
) -> None:
    # the move opens with Timur (filed under his Cyrillic name), yet tells
    # where Alma goes: it leads the old nursery's turns
    texts = [*KNOWN_RU, *NURSERY_RU, *NOISE, MOVE_RU, *NOISE, "Алма поёт про автобус."]
    top = await top_answers(storage, texts, T0, "в какие ясли ходит Алма?")
    assert top and top[0] == MOVE_RU, top
