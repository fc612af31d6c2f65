"""A first name and a patronymic («Зоя Михайловна», «Иван Петрович») is a
person, and the person of that first name when the memory knows one."""

from __future__ import annotations

from agent_memory.storage import MemoryStorage
from agent_memory.writepath.mentions import extract_mentions
from filed import listed, said


def test_a_name_and_patronymic_is_a_person() -> None:
    for text, name in [
        ("Звонила Зоя Михайловна из Новосибирска.", "Зоя Михайловна"),
        ("Вчера звонил Иван Петрович.", "Иван Петрович"),
        ("Заходил Фома Кузьмич.", "Фома Кузьмич"),
        ("Пришла Анна Ильинична.", "Анна Ильинична"),
    ]:
        found = {m.name: m.type for m in extract_mentions(text)}
        assert found[name] == "person", text


def test_a_place_of_two_words_stays_a_place() -> None:
    found = {m.name: m.type for m in extract_mentions("Ездили в Нижний Новгород.")}
    assert found["Нижний Новгород"] != "person"


async def test_the_patronymic_joins_the_person_of_that_first_name(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "Моя бабушка Зоя звонила из Новосибирска.",
        "Зоя Михайловна прислала посылку.",
    )

    zoya = await storage.entities.find_entity("Зоя Михайловна")
    assert zoya is not None and zoya.type == "person"
    assert await storage.entities.find_entity("Зоя") == zoya
    assert [n for n, t in (await listed(storage)).items() if t == "person"] == [
        zoya.name
    ]


async def test_a_first_name_said_later_joins_its_patronymic_name(
    storage: MemoryStorage,
) -> None:
    await said(storage, "Заходила Зоя Михайловна.", "Вчера Зоя прислала посылку.")

    zoya = await storage.entities.find_entity("Зоя")
    assert zoya is not None and zoya.name == "Зоя Михайловна"


async def test_two_patronymic_names_leave_the_first_name_alone(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "Заходила Зоя Михайловна.",
        "Звонила Зоя Петровна.",
        "Вчера Зоя прислала посылку.",
    )

    zoya = await storage.entities.find_entity("Зоя")
    assert zoya is not None and zoya.name == "Зоя"
