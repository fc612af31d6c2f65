"""What ends a thing asked "still" of (search/end_words.py, search/still.py):
a thing sold or got rid of, a thing named in the other script by its pet
name ("Getz", «Гетзик»), a question that offers the "not", and an end word
that ends something else in a turn that only names the thing."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.core.records import Entity, EntityType
from agent_memory.search.cross_script import OtherScriptNames
from agent_memory.search.end_words import ends_another
from agent_memory.search.still import asks_still, ends_state
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 2, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "Long day at work, too many meetings, but the project is going fine.",
    "Tried a new ramen place near the station.",
)
OLD_CAR = [
    "Drove the Getz to the pharmacy and circled for twenty minutes to park.",
    "Took the Getz to the mechanic again, the clutch this time.",
]
SOLD = "Продала Гетзик парню из соседнего района за девять тысяч."
OTHER_END = "The doctor said again to quit smoking. I cried in the Getz."
WASHED = "Washed the Getz on Sunday, it looks almost new."


def _entity(at: int, name: str, kind: EntityType) -> Entity:
    return Entity(at, name, kind, (), None, 1, 0.0, 0.0)


def _days(*groups: list[str]) -> list[str]:
    return [t for group in groups for text in group for t in (*NOISE, text)]


@pytest.mark.parametrize(
    "question", ["Я ем рыбу или нет?", "Do I eat meat or not?", "Am I vegan or not?"]
)
def test_a_question_that_offers_the_not_is_a_still_question(question: str) -> None:
    assert asks_still(question)


def test_a_thing_sold_or_got_rid_of_is_ended() -> None:
    car = frozenset({"passat"})
    assert ends_state("Finally got rid of the Passat, good riddance.", car)
    assert ends_state("Gave the Passat away to my cousin.", car)
    assert ends_state("Passat продал соседу, пусть катается.", car)


def test_an_end_word_of_another_thing_ends_not_the_one_named() -> None:
    car = frozenset({"getz"})
    assert ends_another(OTHER_END, car)
    assert not ends_another("Sold the Getz to a neighbour.", car)
    assert not ends_another("Quit the Getz club, too far.", car)


def test_a_thing_s_pet_name_is_its_name_in_the_other_script() -> None:
    names = OtherScriptNames()
    names.add([_entity(1, "Гетзик", "concept"), _entity(2, "Эрик", "person")])
    assert [e.name for e in names.named_in_other_script(["Getz"])] == ["Гетзик"]
    assert names.named_in_other_script(["Er"]) == []


async def test_the_thing_sold_under_its_pet_name_ranks_first(
    storage: MemoryStorage,
) -> None:
    texts = _days(OLD_CAR, [SOLD])
    found = await top_answers(storage, texts, T0, "Do I still have the Getz?")

    assert found[0] == SOLD, found


async def test_an_end_of_another_thing_does_not_lead(storage: MemoryStorage) -> None:
    texts = _days(OLD_CAR, [OTHER_END], [WASHED])
    found = await top_answers(storage, texts, T0, "Do I still have the Getz?")

    assert found[0] == WASHED, found
