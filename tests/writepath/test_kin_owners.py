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


def test_a_genitive_name_with_no_relative_after_it_is_the_owner() -> None:
    # the relative is unnamed: the name is whose relative it is, not the relative
    assert _people("Жена Тимофея позвонила вечером.")["Тимофея"][0] == ""
    assert _people("вчера брат Зарины помог с переездом")["Зарины"][0] == ""
    assert _people("подруга Ольги пришла на ужин")["Ольги"][0] == ""
    # a name unchanged in every case (Eddie, Lucy) is the relative's own
    assert _people("наш сосед Эдди починил кран")["Эдди"][0] == "сосед"
    # the name in the nominative is the user's relative's own
    assert _people("мама Дина пришла на ужин")["Дина"][0] == "мама"


async def test_someone_elses_mum_unnamed_leaves_the_users_mum_hers(
    storage: MemoryStorage,
) -> None:
    await said(storage, "Моя мама Эльмира работает в школе.")
    await said(storage, "мама Тимофея пригласила нас на дачу")

    mum = await storage.entities.find_entity("Эльмира")
    assert mum is not None and mum.attributes.get("relation") == "мама"
    owner = await storage.entities.find_entity(
        "Тимофея"
    ) or await storage.entities.find_entity("Тимофей")
    assert owner is None or owner.attributes.get("relation") in (None, "")
