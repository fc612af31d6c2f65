"""A Russian pet form built on a whole name joins its person
(writepath/pet_forms.py, nicknames.py): «Заринка» is Zarina, «Тимурчик» is
Тимур, «Айгулька» is Aigul, «Мариша» is Марина, with the pet form's cases, in
whichever order the two are said; an ordinary word of the same shape, a kin
word and a given name of its own stay apart."""

from __future__ import annotations

import pytest
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.nicknames import rejoin_people
from agent_memory.writepath.pet_forms import is_pet_form_of
from filed import entity_named, filed_apart, said, said_together, same_entity


@pytest.mark.parametrize(
    ("introduced", "pet_said", "pet", "name"),
    [
        (
            "My oldest friend Zarina rang from Almaty.",
            "Вчера Заринка звала в гости.",
            "Заринка",
            "Zarina",
        ),
        (
            "Сын Тимур пошёл в школу.",
            "Вчера Тимурчик нарисовал кота.",
            "Тимурчик",
            "Тимур",
        ),
        (
            "My sister Aigul lives nearby.",
            "Вчера Айгулька привезла пирог.",
            "Айгулька",
            "Aigul",
        ),
        (
            "Моя подруга Марина приехала.",
            "Вчера Мариша опять звонила.",
            "Мариша",
            "Марина",
        ),
        ("Сестра Юля живёт в Москве.", "Вчера Юлька прислала фото.", "Юлька", "Юля"),
        ("Подруга Лена звонила.", "Вчера Ленка опять опоздала.", "Ленка", "Лена"),
        ("My friend Vova came over.", "Вчера Вовчик помог с котлом.", "Вовчик", "Vova"),
    ],
)
async def test_a_pet_form_joins_the_person_of_its_name(
    storage: MemoryStorage, introduced: str, pet_said: str, pet: str, name: str
) -> None:
    await said(storage, introduced, pet_said)

    person = await entity_named(storage, name)
    assert (await entity_named(storage, pet)).id == person.id
    assert person.type == "person"


@pytest.mark.parametrize(
    ("turns", "name", "forms"),
    [
        pytest.param(
            (
                "Мой сын Тимур пошёл в первый класс.",
                "Вчера Тимурчик нарисовал кота.",
                "Гуляли с Тимурчиком в парке.",
                "Купила Тимурчику краски.",
            ),
            "Тимур",
            ("Тимурчик", "Тимурчиком", "Тимурчику"),
            id="cyrillic",
        ),
        pytest.param(
            (
                "My oldest friend Zarina rang from Almaty.",
                "Вчера Заринка звонила из Алматы.",
                "Долго говорила с Заринкой про колледж.",
                "Купила Заринке подарок.",
            ),
            "Zarina",
            ("Заринка", "Заринкой", "Заринке"),
            id="latin",  # writepath/inflections.py
        ),
    ],
)
async def test_the_cases_of_a_pet_form_join_too(
    storage: MemoryStorage, turns: tuple[str, ...], name: str, forms: tuple[str, ...]
) -> None:
    await said(storage, *turns)

    for form in forms:
        await same_entity(storage, form, name)


async def test_a_pet_form_said_first_joins_the_name_said_after(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "Вчера Тимурчик нарисовал кота.",
        "Мой сын Тимур пошёл в первый класс.",
    )

    await same_entity(storage, "Тимурчик", "Тимур")


async def test_a_pet_form_filed_before_the_rule_is_joined_again(
    storage: MemoryStorage,
) -> None:
    await filed_apart(storage, "Zarina", "Заринка")

    assert await rejoin_people(storage) == 1
    assert (await entity_named(storage, "Заринка")).name == "Zarina"


async def test_a_word_of_the_same_shape_stays_apart(storage: MemoryStorage) -> None:
    """«Пенка» is no «Лена» (its stem is not her name); «Алёша» is a name of
    its own, not Алёна's; «Бабушка» is a kin word, not «Баба»'s pet form."""
    await said(
        storage,
        "Подруга Лена звонила.",
        "Вчера Пенка на молоке опять подгорела.",
        "Коллега Алёна ушла в отпуск.",
        "Вчера Алёша починил кран.",
    )

    lena, alyona = (
        await entity_named(storage, "Лена"),
        await entity_named(storage, "Алёна"),
    )
    assert "Пенка" not in lena.aliases and "Алёша" not in alyona.aliases
    assert not is_pet_form_of("бабушка", "баба")
    assert not is_pet_form_of("каша", "катя")


async def test_two_people_of_one_name_leave_a_pet_form_alone(
    storage: MemoryStorage,
) -> None:
    await filed_apart(storage, "Лена", "Лена Петрова", "Лена Смирнова", "Ленка")

    await rejoin_people(storage)

    assert (await entity_named(storage, "Ленка")).name == "Ленка"


async def test_a_pet_form_joined_to_a_name_joined_after_follows_it(
    storage: MemoryStorage,
) -> None:
    """«Даник» joins "Dani", and "Dani" joins «Данияр» of the same batch: the
    aside after them meets the person kept, not the id dropped."""
    await said(storage, "Dani says the friday slot works better.")
    await said_together(
        storage,
        "Вчера Даник (Данияр, муж) жарил баурсаки.",
        "Мой муж Данияр купил машину.",
    )

    daniyar = await entity_named(storage, "Данияр")
    for form in ("Даник", "Dani"):
        assert (await entity_named(storage, form)).id == daniyar.id, form
