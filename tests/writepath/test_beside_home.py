"""A neighbour named by where they live right after the name is filed as the
user's neighbour (writepath/beside_home.py); someone doing a thing together
with the user is a person (writepath/cues.py)."""

from __future__ import annotations

import pytest
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.mentions import extract_mentions
from filed import said_in_turn


async def _neighbour(storage: MemoryStorage, relation: str) -> str | None:
    owner = "мой" if relation == "сосед" else "my"
    entity = await storage.entities.find_entity(f"{owner} {relation}")
    return entity.name if entity is not None else None


@pytest.mark.parametrize(
    ("text", "relation", "name"),
    [
        (
            "weeded all afternoon, Morag from the next plot gave me seedlings",
            "neighbour",
            "Morag",
        ),
        ("parcel came while out, Priya next door signed for it", "neighbour", "Priya"),
        (
            "bumped into Hamish from across the road at the chemist",
            "neighbour",
            "Hamish",
        ),
        ("вечером Зоя из соседней квартиры принесла пирог", "сосед", "Зоя"),
        ("опять Арсений за стенкой до ночи играл на барабане", "сосед", "Арсений"),
    ],
)
async def test_one_living_beside_the_user_is_the_neighbour(
    storage: MemoryStorage, text: str, relation: str, name: str
) -> None:
    await said_in_turn(storage, text)
    assert await _neighbour(storage, relation) == name


@pytest.mark.parametrize(
    "text",
    [
        "helped Morag move next door to her sister",
        "Morag said the next bus is at six",
    ],
)
async def test_a_place_said_of_something_else_names_no_neighbour(
    storage: MemoryStorage, text: str
) -> None:
    """Only the words right after the name place them: Priya stays the one."""
    await said_in_turn(storage, "Priya next door signed for the parcel", text)
    assert await _neighbour(storage, "neighbour") == "Priya"


def _types(text: str) -> dict[str, str]:
    return {m.name: m.type for m in extract_mentions(text)}


def test_one_doing_a_thing_with_the_user_is_a_person() -> None:
    """ "Rhian and me painted …",
    "Dafydd phoned": a companion or a caller is someone, not a thing."""
    assert _types("Rhian and me painted the shed")["Rhian"] == "person"
    assert _types("on the train when Dafydd phoned about the van")["Dafydd"] == "person"
    # a place one goes to, a city one speaks of: no person
    assert _types("we went to Harehills market")["Harehills"] != "person"
    assert _types("с Казанью связано многое")["Казанью"] != "person"
