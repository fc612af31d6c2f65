"""A kin title before a name ("Grandma Rose", "Aunt May", «бабушка Зина»,
«с тётей Мананой») makes the name a person and is no part of it
(writepath/mentions.py, names.KIN_TITLES)."""

from __future__ import annotations

from agent_memory.storage import MemoryStorage
from filed import listed, said


async def test_a_kin_title_names_a_person_and_is_no_part_of_the_name(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "Бабушка Зина испекла пирожки с капустой.",
        "We visited Aunt May in Leeds over the weekend.",
        "Ходил с тётей Мананой на рынок за зеленью.",
        "Uncle Bob taught Lev to fish.",
    )
    found = await listed(storage)
    for name in ("Зина", "May", "Мананой", "Bob"):
        assert found.get(name) == "person" or any(
            key.startswith(name[:4]) and kind == "person" for key, kind in found.items()
        ), (name, found)
    assert not {"Бабушка Зина", "Aunt May", "Aunt", "Uncle Bob"} & set(found), found


async def test_a_grandparents_title_is_the_relation_an_honorific_is_not(
    storage: MemoryStorage,
) -> None:
    """ "Grandma Rose" is my grandma; Russian "тётя Манана" is said of any
    older neighbour, so it makes no aunt."""
    await said(
        storage,
        "Grandma Rose turns ninety in May.",
        "Тётя Манана принесла хачапури.",
    )
    rose = await storage.entities.find_entity("my grandma")
    assert rose is not None and rose.name == "Rose"
    assert await storage.entities.find_entity("моя тётя") is None


async def test_a_kin_title_in_a_quotation_is_the_speakers_relation(
    storage: MemoryStorage,
) -> None:
    """A grandchild's «дедушка Толя» and a daughter-in-law's "hi, Grandma
    Vera" are their own grandparents: the user may be the grandmother."""
    await said(
        storage,
        "Внук спросил: «а дедушка Толя тоже курил?» Я промолчала.",
        'Ines video-called: "hi, Grandma Vera!" and waved the baby at me.',
    )
    assert await storage.entities.find_entity("мой дедушка") is None
    assert await storage.entities.find_entity("my grandma") is None
    assert await storage.entities.find_entity("Толя") is not None
    assert await storage.entities.find_entity("Vera") is not None


async def test_a_polite_address_is_no_part_of_the_name(
    storage: MemoryStorage,
) -> None:
    """The Greek "Kyria Androula", «Кирия Андрула» is Androula as "Mrs
    Brown" is Brown: one person, whom «Андрула» alone also names."""
    await said(
        storage,
        "Kyria Androula came over with spanakopita.",
        "Кирия Андрула учила Марину делать халлуми.",
    )
    found = await listed(storage)
    assert found.get("Androula") == "person", found
    assert found.get("Андрула") == "person", found
    assert not {"Kyria Androula", "Кирия Андрула"} & set(found), found
