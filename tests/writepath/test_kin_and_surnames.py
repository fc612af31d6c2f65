"""The people a user knows, one entry each: a relative called by the kin
word ("Mum", «Мама») and a person called by title and surname ("Dra.
Lopes", «Доктор Лопеш») are the person the user named once
(writepath/kin_names.py, writepath/surnames.py); a user's split holds."""

from __future__ import annotations

from agent_memory.storage import MemoryStorage
from agent_memory.toolkit.entity_edits import edit_entity
from filed import listed, said


async def test_mum_in_two_languages_is_the_named_mother(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "Мама, Галина Петровна, живёт в Екатеринбурге.",
        "Мама прислала фото своих помидоров.",
        "Sunday call with Mum.",
        "Told Mum that Berlin is off.",
    )

    mum = await storage.entities.find_entity("Mum")
    assert mum is not None and mum.name == "Галина Петровна"
    assert mum.mention_count == 4
    assert await storage.entities.find_entity("Мама") == mum
    assert [n for n, t in (await listed(storage)).items() if t == "person"] == [
        "Галина Петровна"
    ]


async def test_kin_words_alone_are_one_relative(storage: MemoryStorage) -> None:
    await said(
        storage,
        "Sunday call with Mum.",
        "Мама прислала фото.",
        "Вечером звонила Мама.",
    )

    mum = await storage.entities.find_entity("Мама")
    assert mum is not None and mum.name == "Mum" and mum.mention_count == 3
    assert mum.attributes.get("relation") == "mum"
    assert "my mum" in mum.aliases


async def test_two_named_mothers_leave_mum_alone(storage: MemoryStorage) -> None:
    """A mother and a stepmother said "mother" both: "Mum" could be either."""
    await said(
        storage,
        "My mother Galina lives in Yekaterinburg.",
        "Моя мама, Ирина Павловна, приехала в гости.",
        "Sunday call with Mum.",
    )

    mum = await storage.entities.find_entity("Mum")
    assert mum is not None and mum.name == "Mum"


async def test_a_split_mum_stays_apart(storage: MemoryStorage) -> None:
    await said(storage, "Мама, Галина Петровна, живёт в Екатеринбурге.")
    await said(storage, "Sunday call with Mum.")
    await edit_entity(storage, "split", "Галина Петровна", "Mum")
    await said(storage, "Told Mum that Berlin is off.")

    mum = await storage.entities.find_entity("Mum")
    assert mum is not None and mum.name == "Mum"


async def test_a_titled_surname_is_the_person_of_that_full_name(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "Saw my family doctor, Dra. Teresa Lopes, at the health centre.",
        "Blood test results from Dra. Lopes: iron still low.",
        "Бросаю кофе. Доктор Лопеш сказала: тахикардия от кофеина.",
        "Повторный визит к доктору Соуза: Пончик похудел.",
        "Dra. Ana Sousa saw him right away.",
    )

    lopes = await storage.entities.find_entity("Лопеш")
    assert lopes is not None and lopes.name == "Teresa Lopes"
    assert lopes.mention_count == 3
    sousa = await storage.entities.find_entity("Соуза")
    assert sousa is not None and sousa.name == "Ana Sousa"


async def test_a_surname_of_two_people_joins_neither(storage: MemoryStorage) -> None:
    await said(
        storage,
        "Dra. Teresa Lopes checked my iron.",
        "Met Pedro Lopes at the market.",
        "Dra. Lopes called with the results.",
    )

    lopes = await storage.entities.find_entity("Lopes")
    assert lopes is not None and lopes.name == "Lopes"


async def test_a_portuguese_name_joins_its_russian_spelling(
    storage: MemoryStorage,
) -> None:
    """ "Henrique" is «Энрике» (silent H, "qu" said «к»), "Rocha" «Роша»."""
    await said(
        storage,
        "Call with Henrique from the wine estate.",
        "Энрике написал, что бюджет урезали.",
        "Dr. Rocha's clinic texted about the deworming.",
        "Пончик хромает. Доктор Роша теперь далеко.",
    )

    henrique = await storage.entities.find_entity("Энрике")
    assert henrique is not None and henrique.name == "Henrique"
    assert henrique.type == "person"
    rocha = await storage.entities.find_entity("Роша")
    assert rocha is not None and rocha.name == "Rocha"
