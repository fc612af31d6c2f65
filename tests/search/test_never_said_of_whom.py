"""Saying nothing when nothing is known of whom or of what is asked: a
name's short possessive («Сонину учительницу»), an attribute asked of a
person the entity leg does not link, a measure and what it measures said
together ("plate number", «группа крови»), both nouns of an English
compound "which" asks about ("pension fund"), a pet's name standing by its kind."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from agent_memory.search.asked_name import asked_name_of, gives_name
from agent_memory.search.asked_of import asked_of_name, names_in, says_name
from agent_memory.search.compound_head import asked_head
from agent_memory.search.morphology import NAME_POSSESSIVE, stem
from day_turns import retriever_over

_POSSESSIVE = re.compile(rf"(?<!\w){NAME_POSSESSIVE}(?!\w)")


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Как зовут Сонину учительницу?", "Сонину"),
        ("Сонин папа", "Сонин"),
        ("Где работает Петина мама?", "Петина"),
        ("Сонины друзья", "Сонины"),
        ("Сонино платье", "Сонино"),
        ("на Сонином диване", "Сонином"),
        ("Петиного брата", "Петиного"),
        # a given name, not a possessive: before a verb, an adverb, nothing
        ("Марина сказала", None),
        ("Когда Марина уехала?", None),
        ("Мартин пришёл", None),
        ("Видела Полину вчера", None),
        ("Марина", None),
    ],
)
def test_a_names_possessive_in_every_case(text: str, found: str | None) -> None:
    match = _POSSESSIVE.search(text)
    assert (match and match[0]) == found


def test_a_short_possessive_asks_of_the_name() -> None:
    assert asked_of_name("Как зовут Сонину учительницу?") == {stem("учительницу")}


def test_a_names_possessive_is_said_by_the_name() -> None:
    assert says_name(["У Миши родился сын."], {"Мишиного"})
    assert not says_name(["У Маши родился сын."], {"Мишиного"})


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("забрала Тёмину куртку из химчистки", True),
        ("спали на Тёмином диване", True),
        ("Тёмины друзья приехали", True),
        ("купила машину Тёмину", True),
        ("Марину видела в метро", False),  # another name, not Тёма's
        ("тёмину", False),  # without its capital: no name said
    ],
)
def test_a_name_is_said_by_its_possessive(text: str, said: bool) -> None:
    assert says_name([text], {"Тёма"}) is said


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("friday swimming, Dani took Aliya", True),
        ("плавание в среду, Алия проплыла 15 метров", True),
        ("Alla came to the pool", False),
        ("Ali came to the pool", False),
    ],
)
def test_a_short_name_is_said_by_its_whole_sound(text: str, said: bool) -> None:
    # "Aliya" and «Алия» keep a loose key too short to match ("al")
    assert says_name([text], {"Aliya"}) is said


@pytest.mark.parametrize(
    ("question", "head"),
    [
        ("Which pension fund am I with?", "pension fund"),
        ("Which football team do I support?", "football team"),
        ("Which choir do I sing in now?", "choir"),
        ("Which bus goes to work?", "bus"),
        ("What car do I drive?", "car"),
    ],
)
def test_which_asks_about_a_compounds_nouns(question: str, head: str) -> None:
    assert asked_head(question) == set(map(stem, head.split()))


@pytest.mark.parametrize(
    ("text", "gives"),
    [
        ("Our cat Shprot sleeps on the sofa.", True),
        ("Бублик (наш пёс, дворняга) поднял меня в шесть.", True),
        ("Our dog is Ponchik, a chubby beagle.", True),
        # named outright in the sentence after the one saying the pet
        ("Got a kitten last week! Her name's Mia.", True),
        ("Yesterday Bublik met a cat on the stairs.", False),
        ("Вчера Олег подарил открытку с котиками.", False),
    ],
)
def test_a_pets_name_stands_by_its_kind(text: str, gives: bool) -> None:
    question = "What's my cat called?" if "cat" in text or "kitten" in text else ""
    question = question or "Как зовут кошку?"
    if "пёс" in text or "dog" in text:
        question = "What's my dog called?"
    asked = asked_name_of(question)
    known = ["Бублик"] if "Бублик" in text else []  # first in its sentence
    assert gives_name(text, asked, names_in(question), known) is gives


NOISE = [
    (1, "Helped Kate bake Tanya's birthday cake, a unicorn."),
    (2, "Used the app to add a data package for Yakov's phone."),
    (3, "Yakov's pre-op tests at the hospital: blood, ECG, anaesthetist."),
    (4, "Dr Lowe gave me his private number just in case."),
    (5, "Amal showed me how to throw a plate. Mine came out like a hat."),
    (6, "Drove the Fiesta to work, parked it half on the pavement."),
    (7, "Авик уходит на пенсию в конце лета."),
    (8, "Yesterday Bublik met a cat on the stairs of our building."),
    (9, "Вчера Олег подарил открытку с котиками."),
    (10, "Я теперь работаю в Kestrel Labs, в команде данных."),
]


@pytest.mark.parametrize(
    "question",
    [
        "When is Yakov's birthday?",  # Tanya's birthday, Yakov's phone
        "Какая группа крови у Якова?",  # blood among his tests
        "what's the Fiesta's plate number",  # a plate, a doctor's number
        "Which pension fund am I with?",  # retiring, no fund
        "Which football team do I support?",  # a team at work
        "What's my cat called?",  # a cat the dog met
    ],
)
async def test_nothing_said_of_it_finds_nothing(tmp_path: Path, question: str) -> None:
    async with retriever_over(tmp_path, NOISE) as retriever:
        assert await retriever.search(question, reinforce=False) == []


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("When is Yakov's birthday?", "Yakov's birthday is on the 3rd of May."),
        ("Какая группа крови у Якова?", "У Якова вторая группа крови."),
        ("what's the Fiesta's plate number", "The Fiesta's plate number is 12-345."),
        ("Which pension fund am I with?", "Moved my pension to the Harel fund."),
        ("What's my cat called?", "Our cat Murka caught a mouse."),
        ("Which football team do I support?", "My football team lost again."),
        ("Как зовут Мишиного сына?", "У Миши родился сын, назвали Давидом."),
    ],
)
async def test_the_thing_said_is_found(
    tmp_path: Path, question: str, said: str
) -> None:
    async with retriever_over(tmp_path, [*NOISE, (11, said)]) as retriever:
        found = await retriever.search(question, reinforce=False)
    assert said in [hit.node.content for hit in found]
