"""A nickname in brackets that says who calls the person so ("Tomasz (Tomek
to everyone)", «Томаш (Томек для всех)») is the person's alias
(writepath/asides.py)."""

from __future__ import annotations

from agent_memory.storage import MemoryStorage
from agent_memory.writepath.asides import named_asides
from filed import said


def test_what_everyone_calls_a_person_is_their_alias() -> None:
    assert named_asides("My partner Dominik (Dom to everyone) cooked.") == [
        ("Dominik", "Dom")
    ]
    assert named_asides("Мой брат Станислав (Стас для друзей) приехал.") == [
        ("Станислав", "Стас")
    ]
    assert named_asides("Dominik (told everyone) cooked.") == []


async def test_the_nickname_finds_the_husband(storage: MemoryStorage) -> None:
    await said(storage, "My husband Bartosz (Bartek to everyone) fixed the sink.")

    husband = await storage.entities.find_entity("Bartek")
    assert husband is not None and husband.name == "Bartosz"
