"""A nickname in brackets that says who calls the person so ("Tomasz (Tomek
to everyone)", «Томаш (Томек для всех)») is the person's alias
(writepath/asides.py)."""

from __future__ import annotations

from agent_memory.storage import MemoryStorage
from agent_memory.writepath.asides import introduced_asides, named_asides
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


def test_a_name_opening_the_brackets_before_who_they_are_is_theirs() -> None:
    """«Даник (Данияр, муж, 46)»: one introduces a person by the name they go
    by, then the full name, role and age; a list of names is other people."""
    assert introduced_asides("Даник (Данияр, муж, 46, химик) жарил баурсаки.") == [
        ("Даник", "Данияр")
    ]
    assert introduced_asides("Dani (Daniyar, my husband, 46) cooked.") == [
        ("Dani", "Daniyar")
    ]
    assert introduced_asides("Anna (Tom, Lisa and me) went hiking.") == []
    assert introduced_asides("Anna (Tomasz) came.") == []  # bare_asides


async def test_the_full_name_in_the_introduction_finds_the_pet_form(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "Даник (Данияр, муж, 46, химик в лаборатории) жарил баурсаки.",
        "Leyla (Turkish-German, 31, analyst) made the slides.",
        "Учительница фрау Хоффман (Frau Hoffmann, лет 60, строгая) пришла.",
    )

    husband = await storage.entities.find_entity("Данияр")
    pet_form = await storage.entities.find_entity("Даник")
    assert husband is not None and pet_form is not None
    assert husband.id == pet_form.id
    turkish = await storage.entities.find_entity("Turkish-German")
    assert turkish is None or turkish.name != "Leyla"
    teacher = await storage.entities.find_entity("Frau Hoffmann")
    assert teacher is not None and teacher.name == "Хоффман"
