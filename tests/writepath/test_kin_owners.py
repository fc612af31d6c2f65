"""A relative of someone else's named with their owner («мама Томека
Халина», "Tomek's mum Halina") is the relative alone, and the relation word
is the owner's, not the user's (writepath/kin_owners.py)."""

from __future__ import annotations

from agent_memory.storage import MemoryStorage
from agent_memory.writepath.mentions import extract_mentions
from filed import said


def _people(text: str) -> dict[str, tuple[str, tuple[str, ...]]]:
    return {
        m.name: (m.relation, m.of) for m in extract_mentions(text) if m.type == "person"
    }


def test_a_genitive_owner_is_cut_out_of_the_relatives_name() -> None:
    people = _people("Сестра Вероники Полина прилетает в среду.")
    assert people["Полина"] == ("", ("Вероники", "сестра"))
    assert "Вероники" in people  # the owner is mentioned too
    mid = _people("Вечером заходил муж Оксаны Данила, принёс дрель.")
    assert mid["Данила"] == ("", ("Оксаны", "муж"))


def test_an_english_possessive_or_a_russian_adjective_owns_the_relative() -> None:
    assert _people("Priya's brother Arjun fixed the bike.")["Arjun"] == (
        "",
        ("Priya", "brother"),
    )
    assert _people("My husband's sister Olga rang.")["Olga"][1] == (
        "My husband",
        "sister",
    )
    assert _people("Ленина мама Вера испекла пирог.")["Вера"][1][1] == "мама"


def test_a_full_name_after_a_relation_is_still_the_users_relative() -> None:
    assert _people("Сестра Ира живёт в Одессе.")["Ира"][0] == "сестра"
    assert _people("Бабушка Зина приехала.")["Зина"][0] == "бабушка"


async def test_someone_elses_mum_is_not_filed_as_the_users(
    storage: MemoryStorage,
) -> None:
    await said(storage, "Мама Вероники Людмила приезжает в пятницу.")

    assert await storage.entities.find_entity("моя мама") is None
    assert await storage.entities.find_entity("мама") is None
    assert await storage.entities.find_entity("Людмила") is not None
