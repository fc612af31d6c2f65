"""How a person asks about their own life, and how they told it: a relative
by a possessive («папин юбилей»), a habit by its object («без вейпа» for
«курю»), a doctor by its kind ("my family doctor"), a friend by a nickname
written in the other script ("Dimon", «Димон»), a category by a member in
the other language ("What sport?", «бокс») — each found through the real
retriever over linked turns, and nothing found when none of it was said."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.search.morphology import stem
from agent_memory.search.support import subjects
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 8, 1, tzinfo=dt.UTC).timestamp()
CHORES = [
    "Paid the electricity bill and fixed the shelf.",
    "Купил продукты на неделю, дождь весь день.",
    "Long day at work, too many meetings.",
    "Смотрели кино вечером, фильм так себе.",
]


def _life(*told: str) -> list[str]:
    return [*CHORES, *told, *CHORES]


@pytest.mark.parametrize(
    ("words", "relative"),
    [("папин папину папиного", "папа"), ("мамин маминой", "мама")],
)
def test_a_relatives_possessive_is_the_relative(words: str, relative: str) -> None:
    assert {stem(word) for word in words.split()} == {stem(relative)}


async def test_a_relatives_day_said_by_the_possessive_answers(
    storage: MemoryStorage,
) -> None:
    """ "Dad's birthday" is «папин юбилей» (a round birthday): the turn says
    the relative by its possessive and the birthday by another word."""
    told = "Мама уже купила продукты на папин юбилей в ноябре."
    top = await top_answers(
        storage, _life(told), T0, "Where are we celebrating Dad's birthday?"
    )
    assert top[:1] == [told]


@pytest.mark.parametrize("question", ["Я всё ещё курю вейп?", "Do I still vape?"])
async def test_a_habit_asked_by_its_verb_is_answered_by_its_object(
    storage: MemoryStorage, question: str
) -> None:
    """«курю вейп» is answered by «Три недели без вейпа»: the object says the
    habit (search/kin_words.py's smoking family)."""
    told = "Три недели без вейпа! Жвачку почти не жую."
    top = await top_answers(storage, _life(told), T0, question)
    assert told in top


async def test_a_habit_never_told_finds_nothing(storage: MemoryStorage) -> None:
    assert await top_answers(storage, _life(), T0, "Я всё ещё курю вейп?") == []


def test_my_family_doctor_asks_for_a_doctor() -> None:
    assert subjects("Who's my family doctor?") == {stem("doctor")}
    assert subjects("Кто мой семейный врач?") == {stem("врач")}
    assert subjects("Who is in my family?") == {stem("family")}


async def test_a_family_doctor_said_in_the_other_language_answers(
    storage: MemoryStorage,
) -> None:
    told = "Был у семейного врача, доктора Озолы, давление в норме."
    top = await top_answers(storage, _life(told), T0, "Who's my family doctor?")
    assert told in top


async def test_a_nickname_written_in_the_other_script_finds_the_person(
    storage: MemoryStorage,
) -> None:
    """«Димон» is an alias of «Дима»; "Dimon" is how English writes it."""
    told = [
        "Футбол по четвергам с Димой. Дима (Дмитрий, но все зовут его Димон)"
        " — мой друг с университета.",
        "Бокс с Димоном, тренер нас гонял.",
    ]
    top = await top_answers(storage, _life(*told), T0, "Who is Dimon?")
    assert set(top) >= set(told)


async def test_an_english_category_question_finds_a_russian_member(
    storage: MemoryStorage,
) -> None:
    """ "What sport?" reaches «бокс», far down the sport members of the other
    language (a bilingual user tells in either)."""
    told = "Первая тренировка по боксу в зале Cīņa, колено в порядке."
    top = await top_answers(storage, _life(told), T0, "What sport do I do these days?")
    assert top[:1] == [told]


@pytest.mark.parametrize("question", ["What's my dog called?", "Как зовут мою собаку?"])
async def test_an_animal_named_as_a_likeness_is_no_pet(
    storage: MemoryStorage, question: str
) -> None:
    """«Злой как собака», "sick as a dog": no dog of the user's, so a memory
    with a cat only knows no dog's name; the cat's is still found."""
    told = [
        "Полторы недели без вейпа. Злой как собака, жую жвачку.",
        "Worked like a dog all week, sick as a dog now.",
        "Наш кот Шпрот — серый и толстый.",
    ]
    assert await top_answers(storage, _life(*told), T0, question) == []
    cat = await top_answers(storage, _life(*told), T0, "Как зовут моего кота?")
    assert told[2] in cat


@pytest.mark.parametrize("question", ["What's my hobby now?", "Какое у меня хобби?"])
async def test_a_hobby_is_found_by_its_thing(
    storage: MemoryStorage, question: str
) -> None:
    """No turn says "hobby": the console and the 3D printer say it."""
    told = [
        "Весь вечер играл на PS5, босс убил меня двадцать раз.",
        "Продал PS5 и купил 3D-принтер, буду печатать всякое.",
        "Kristaps inspected the 3D printer for ages.",
    ]
    top = await top_answers(storage, _life(*told), T0, question)
    assert told[1] in top and set(top) <= set(told)


async def test_the_parents_are_found_by_mum_and_dad(storage: MemoryStorage) -> None:
    """ "my parents" are told of one by one ("Dad called", «мама прислала»)."""
    told = [
        "Dad called to say he's bought a new suit for Vilnius.",
        "Мама прислала список, что привезти в Вильнюс.",
    ]
    top = await top_answers(
        storage, _life(*told), T0, "Where am I going to see my parents?"
    )
    assert set(top[:2]) == set(told)


@pytest.mark.parametrize("name", ["Tyoma", "Artyom"])
async def test_a_name_with_yo_is_found_in_the_other_script(
    storage: MemoryStorage, name: str
) -> None:
    """«Тёма», «Артём» are "Tyoma", "Artyom" in English: «ё» is said "yo"
    (and still "e": «Лёва» is "Lev")."""
    told = [
        "Отвёл Тёму в садик, он был морковкой на празднике.",
        "Артём сегодня сам завязал шнурки.",
    ]
    top = await top_answers(storage, _life(*told), T0, name)
    assert told[0 if name == "Tyoma" else 1] in top
