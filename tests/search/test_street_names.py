"""A street named as the address of a category's thing is no thing of it
(search/street_names.py): "the dentist, Dr Walsh, at her clinic on Dorset
Street" names where the dentist is, and the nails and haircuts on the same
street answer no question about the dentist."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.core.records import Entity
from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.search.street_names import is_street, without_streets
from agent_memory.storage import MemoryStorage
from day_hits import day_hit
from day_turns import linked_days

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
DENTIST = "Dentist appointment with Dr Walsh, her clinic on Dorset Street: a filling."
MOVED = "Dr Walsh's clinic called: my appointment is moved to 24 March."
STREET = [
    "Got my nails done at the place on Dorset Street, soft pink.",
    "Had a haircut on Dorset Street, just the ends, 25 euros.",
    "Got my nails done at the place on Dorset Street again, 20 euros.",
    "Had a haircut on Dorset Street, shorter this time.",
]
NOISE = (
    "Long day at work, too many meetings.",
    "Tried a new ramen place near the station.",
    "Rain all day, stayed in with a book.",
)


async def _top(retriever: Retriever, question: str, count: int) -> list[str]:
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    return [hit.node.content for hit in hits[:count]]


async def test_the_dentists_street_brings_none_of_its_other_turns(
    storage: MemoryStorage,
) -> None:
    noise = [NOISE[i % 3] for i in range(9)]
    texts = [DENTIST, *noise, MOVED, *noise, *STREET]
    retriever = await linked_days(storage, texts, T0)
    top = await _top(retriever, "When is my dentist appointment?", 2)
    assert MOVED in top, top
    assert not set(top) & set(STREET), top


def test_a_street_also_named_on_its_own_stays_a_thing() -> None:
    # The street is the physio's address in one turn, and the place itself
    # in another ("a run along Rua Augusta"): the turn naming it alone says
    # it is somewhere the user goes, so it stays one of the category's things.
    things = {"Rua Augusta": 0, "Fisio Lisboa": 1}
    base = {0: 1.0, 1: 0.5}
    address = day_hit(1, 3, "Physio at Fisio Lisboa on Rua Augusta.", *things)
    own = day_hit(2, 9, "A long run along Rua Augusta, 8 km.", "Rua Augusta")
    kept = without_streets(base, [address, own], lambda e: things.get(e.name), "")
    assert kept == base
    # named only as the physio's address, it is no thing of its own
    dropped = without_streets(base, [address], lambda e: things.get(e.name), "")
    assert dropped == {1: 0.5}


@pytest.mark.parametrize(
    ("name", "street"),
    [
        ("Avenida de Roma", True),
        ("Дорсет-стрит", True),
        ("Cardigan Road", True),
        ("улица Ленина", True),
        ("St Mary's Hospital", False),
        ("Google Drive", False),
        ("Onda Studio", False),
    ],
)
def test_a_street_is_known_by_its_street_word(name: str, street: bool) -> None:
    assert is_street(_entity(name)) is street


def _entity(name: str) -> Entity:
    return Entity(1, name, "place", (), None, 1, 0.0, 0.0)
