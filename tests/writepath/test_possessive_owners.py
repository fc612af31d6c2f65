"""A relative's or friend's thing said with a Russian possessive adjective
(«Бабушкина кошка Дуся», «мамин кот», «Серёжина машина») links the turn to
its owner when the memory knows who that is (writepath/owners.py)."""

from __future__ import annotations

from agent_memory.storage import MemoryStorage
from agent_memory.writepath.owners import possessive_owners
from filed import said


async def _texts_of(storage: MemoryStorage, name: str) -> list[str]:
    entity = await storage.entities.find_entity(name)
    assert entity is not None
    nodes = await storage.entities.nodes_of_entity(entity.id, limit=20)
    return [n.content for n in nodes]


def test_the_owner_words_of_possessive_adjectives() -> None:
    assert possessive_owners("Бабушкина кошка спит") == [("Бабушкина", "бабушка")]
    assert possessive_owners("у бабушкиной соседки") == [("бабушкиной", "бабушка")]
    assert possessive_owners("папины часы, мамин кот") == [
        ("папины", "папа"),
        ("мамин", "мама"),
    ]
    assert ("Серёжина", "Серёжа") in possessive_owners("Серёжина машина")
    assert ("Катин", "Катя") in possessive_owners("Катин муж")
    # a car, an animal's house, a word of its own: no owner
    assert possessive_owners("Машина сломалась, кошкин дом, один магазин") == []


async def test_grandmas_cat_is_linked_to_the_named_grandmother(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "Моя бабушка Зоя звонила из Новосибирска.",
        "Бабушкина кошка Дуся опять спит на батарее.",
    )

    assert "Бабушкина кошка Дуся опять спит на батарее." in await _texts_of(
        storage, "Зоя"
    )


async def test_mums_cat_and_seryozhas_car_find_their_owners(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "Sunday call with Mum.",
        "Вчера приходил Серёжа.",
        "Мамин кот опять сбежал, а серёжина... нет: Серёжина машина в ремонте.",
    )

    assert any("Мамин кот" in t for t in await _texts_of(storage, "Mum"))
    assert any("Мамин кот" in t for t in await _texts_of(storage, "Серёжа"))


async def test_a_car_is_not_mashas(storage: MemoryStorage) -> None:
    await said(storage, "Вчера приходила Маша.", "Машина сломалась на трассе.")

    assert await _texts_of(storage, "Маша") == ["Вчера приходила Маша."]
