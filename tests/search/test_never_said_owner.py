"""Saying nothing when a thing is asked as a named person's own and the
memory never said it of them, while it knows the thing in general: the
user's own car, someone else's, drives with Kostya are no answer to "What car
does Kostya drive?" (search/owned_things.py); the kindergarten's teacher,
a friend going with him, a mum at its gate give no name to "What's the name
of Sandro's kindergarten?" (search/asked_name.py). Each told version is
still found."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.retrieval import SearchFilters
from agent_memory.search.asked_name import asked_name_of, gives_name
from agent_memory.search.asked_of import asked_thing_of_name
from agent_memory.search.morphology import stem
from agent_memory.search.owned_things import owned_asked_of_name, says_owned_thing
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()

CARS = [
    "My friend Kostya came over, we watched the match.",
    "Took my Skoda to the garage, the brakes squeak again.",
    "Kostya helped me move the sofa, then we had beers.",
    "Lena's new car is a red Mazda, she loves it.",
    "Drove to the lake with Kostya, he fished all day.",
    "The Skoda passed its MOT.",
]
RU_CARS = [
    "Друг Костя заходил, смотрели футбол.",
    "Отогнал свою шкоду в сервис, тормоза скрипят.",
    "Костя помог перевезти диван, потом пили пиво.",
    "У Лены новая машина, красная мазда.",
    "Ездили с Костей на озеро, он рыбачил весь день.",
]
KINDER = [
    "Sandro started kindergarten this week, he cried at the door.",
    "Picked Sandro up from kindergarten, he drew a dinosaur.",
    "The kindergarten asks for a fee of 200 lari a month.",
    "Sandro loves his teacher at the kindergarten.",
    "Nino, Sandro's kindergarten teacher, says he naps well.",
    "Took Sandro to kindergarten, Lika's mum Tamta was at the gate.",
    "Sandro and Lika go to the same kindergarten.",
]
RU_KINDER = [
    "Сандро пошёл в садик, плакал у двери.",
    "Забрал Сандро из садика, он нарисовал динозавра.",
    "Садик просит 200 лари в месяц.",
    "Воспитательница в садике Сандро, Нино, хвалит его.",
    "Сандро с Ликой ходят в один садик.",
]
ASKED = [
    (CARS, "What car does Kostya drive?", "Kostya drives an old Volvo estate."),
    (CARS, "What's Kostya's car?", "Kostya bought a Volvo estate car."),
    (RU_CARS, "Какая машина у Кости?", "Костя купил старую машину, вольво."),
    (RU_CARS, "На какой машине ездит Костя?", "Костя ездит на старом вольво."),
    (
        KINDER,
        "What's the name of Sandro's kindergarten?",
        "Sandro goes to the Little Stars kindergarten.",
    ),
    (RU_KINDER, "Как называется садик Сандро?", "Сандро ходит в садик «Звёздочка»."),
]


@pytest.mark.parametrize(("turns", "question", "told"), ASKED)
async def test_a_thing_never_said_of_the_person_finds_nothing(
    storage: MemoryStorage, turns: list[str], question: str, told: str
) -> None:
    retriever = await linked_days(storage, turns, T0)
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    assert hits == []


@pytest.mark.parametrize(("turns", "question", "told"), ASKED)
async def test_the_thing_told_of_the_person_is_found(
    storage: MemoryStorage, turns: list[str], question: str, told: str
) -> None:
    retriever = await linked_days(storage, [*turns, told], T0)
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    assert told in [hit.node.content for hit in hits]


@pytest.mark.parametrize(
    ("question", "owned"),
    [
        ("What car does Kostya drive?", {stem("car")}),
        ("Which phone has Lena got?", {stem("phone")}),
        ("Какая машина у Кости?", {stem("машина")}),
        ("What book did Melanie read?", set()),  # not a thing one owns
        ("Какая диета у Грэма?", set()),  # a category, said by "low-carb"
        ("Which university did Owen go to?", set()),
    ],
)
def test_an_owned_thing_asked_of_a_name(question: str, owned: set[str]) -> None:
    assert owned_asked_of_name(question) == owned


def test_the_thing_between_the_question_word_and_the_person() -> None:
    assert asked_thing_of_name("What car does Kostya drive?") == {stem("car")}
    assert asked_thing_of_name("What year did Tim move to Paris?") == {stem("year")}
    assert asked_thing_of_name("What did Kostya say?") == set()


def test_an_owned_thing_is_said_by_its_make() -> None:
    car = stem("car")
    assert says_owned_thing(car, {stem("volvo"), stem("kostya")})
    assert says_owned_thing(stem("машина"), {stem("шкода")})
    assert not says_owned_thing(car, {stem("drove"), stem("lake")})


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("Nino, Sandro's kindergarten teacher, says he naps well.", False),
        ("Took Sandro to kindergarten, Lika's mum Tamta was at the gate.", False),
        ("Sandro and Lika go to the same kindergarten.", False),
        ("Sandro goes to the Little Stars kindergarten.", True),
        ("Воспитательница в садике Сандро, Нино, хвалит его.", False),
        ("Сандро с Ликой ходят в один садик.", False),
        ("Сандро ходит в садик «Звёздочка».", True),
    ],
)
def test_a_persons_name_by_a_place_is_not_the_places(text: str, named: bool) -> None:
    asked = asked_name_of("What's the name of Sandro's kindergarten?")
    assert gives_name(text, asked, {"Sandro", "Сандро"}, []) is named


def test_a_name_by_a_teacher_is_the_teachers_when_the_teacher_is_asked() -> None:
    asked = asked_name_of("What's the name of Sandro's kindergarten teacher?")
    text = "Nino, Sandro's kindergarten teacher, says he naps well."
    assert gives_name(text, asked, {"Sandro"}, [])
