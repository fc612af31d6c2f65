"""Whose thing a turn speaks of (search/whose.py): "When is my birthday?" is
not answered by a friend's birthday, in English and Russian, on a real
SQLite memory without an embedder; the user's own one, said so or with no
owner, still answers."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.search.whose import asked_own_pet, asked_own_thing, someone_elses
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
OTHERS = [
    "Гоги позвал на день рождения друга в Мтацминде, танцевали до трёх.",
    "Tom's birthday party was loud, we danced till three.",
    "Tom's job is so stressful, he works nights at the port.",
]
NOISE = (
    "Tried a new ramen place near the station.",
    "Весь день просидел в библиотеке, ноутбук сел к обеду.",
    "Погода испортилась, весь вечер дождь.",
)


async def _top(storage: MemoryStorage, texts: list[str], question: str) -> list[str]:
    return await top_answers(storage, [*texts, *NOISE, *NOISE], T0, question)


@pytest.mark.parametrize(
    "question",
    [
        "Когда у меня день рождения?",
        "When is my birthday?",
        "Какого числа мой день рождения?",
        "When is my sister's birthday?",
        "What's my wife's job?",
    ],
)
async def test_someone_elses_thing_does_not_answer_about_mine(
    storage: MemoryStorage, question: str
) -> None:
    assert await _top(storage, OTHERS, question) == []


@pytest.mark.parametrize(
    ("question", "mine"),
    [
        ("Когда у меня день рождения?", "My birthday is on 14 March, a dacha party."),
        ("When is my birthday?", "У меня день рождения 14 марта, отметим на даче."),
        ("When is my birthday?", "Отмечали день рождения на даче, было весело."),
        ("Когда у меня день рождения?", "Celebrated the birthday at the dacha."),
    ],
)
async def test_my_own_or_an_unowned_thing_still_answers(
    storage: MemoryStorage, question: str, mine: str
) -> None:
    assert mine in await _top(storage, [*OTHERS, mine], question)


@pytest.mark.parametrize(
    "text",
    [
        "Гоги позвал на день рождения друга.",
        "Завтра день рождения Гоги, надо купить подарок.",
        "Мамин день рождения отметили в кафе.",
        "Ездил на день рождения к бабушке, день рождения у бабушки в мае.",
        "С днём рождения моей сестры поздравил утром.",
        "Tom's 30th birthday is on Friday.",
        "Went to the birthday of my friend Anna.",
        "It was her birthday yesterday.",
    ],
)
def test_a_thing_said_as_someone_elses(text: str) -> None:
    thing = asked_own_thing("When is my birthday?")
    assert thing is not None and someone_elses(text, thing)


@pytest.mark.parametrize(
    "text",
    [
        "My birthday is on Friday.",
        "Мой день рождения в пятницу.",
        "У меня день рождения в пятницу.",
        "День рождения в субботу, позову всех.",
        "Went to Tom's for my birthday.",
        "Tom's gift for my birthday was a book.",
    ],
)
def test_a_thing_said_as_mine_or_of_no_one(text: str) -> None:
    thing = asked_own_thing("Когда у меня день рождения?")
    assert thing is not None and not someone_elses(text, thing)


def test_a_relatives_thing_is_not_asked_as_mine() -> None:
    assert asked_own_thing("When is my sister's birthday?") is None
    assert asked_own_thing("Когда день рождения у моей мамы?") is None
    assert asked_own_thing("Какая у меня машина?") is not None


def test_who_gives_the_service_owns_nothing() -> None:
    # "Dr. Beridze's check-up" is the user's check-up, given by the doctor
    thing = asked_own_thing("When is my check-up?")
    assert thing is not None
    assert not someone_elses("The clinic called: Dr. Beridze's check-up moved.", thing)
    assert not someone_elses("Booked the dentist's check-up for May.", thing)
    assert someone_elses("Tom's check-up went fine, he says.", thing)


async def test_a_check_up_given_by_a_doctor_answers_mine(
    storage: MemoryStorage,
) -> None:
    mine = "The clinic called: Dr. Beridze's check-up moved to 18 December, 5pm."
    assert mine in await _top(storage, [mine], "When is my check-up?")


GRAHAM = [
    "My husband Graham is a retired postman from Stockport.",
    "Cooked Graham a low-carb shepherd's pie, he asked for seconds.",
    "Graham will drive me to the dentist on Friday.",
    "Ездили с Грэмом в IKEA за новой полкой.",
]


@pytest.mark.parametrize(
    "question", ["When is Graham's birthday?", "Когда у Грэма день рождения?"]
)
async def test_a_named_persons_turns_do_not_tell_what_they_never_say(
    storage: MemoryStorage, question: str
) -> None:
    # Graham is known, his birthday is not: nothing found
    assert await _top(storage, GRAHAM, question) == []


async def test_a_named_persons_attribute_said_answers(storage: MemoryStorage) -> None:
    said = "Graham's birthday is on 3 May, he wants a quiet dinner."
    assert said in await _top(storage, [*GRAHAM, said], "When is Graham's birthday?")


def test_a_near_vector_does_not_say_what_is_asked_of_a_named_person() -> None:
    from agent_memory.core.records import Node, SearchHit
    from agent_memory.search.asked_of import asked_attribute
    from agent_memory.search.support import supports

    node = Node(
        7, "episodic", "Внук Оскар, Оська, — Катин сын, ему три года.", None,
        0.0, 0.0, None, 1.0, 1.0, 0, None, 0.0, "conversation", "user", "t1", {},
    )  # fmt: skip
    near = SearchHit(node, 1.0, [])
    attribute = asked_attribute(["зовут", "отца", "оськи"])
    assert attribute  # the father is asked
    common = {"wanted": {"оськ", "отц"}, "named": {7}, "similarity": {7: 0.99}}
    assert supports(near, strong=0.5, **common)  # asked of Oska himself: yes
    assert not supports(near, strong=0.5, attribute=attribute, **common)


@pytest.mark.parametrize(
    "text",
    [
        "The office cat slept on my sketchbook.",
        "A street dog followed us home from the beach.",
        "Соседская собака опять лаяла всю ночь.",
    ],
)
def test_a_place_or_the_neighbours_animal_is_not_mine(text: str) -> None:
    for question in (
        "What's my cat called?",
        "What's my dog called?",
        "Как зовут мою собаку?",
    ):
        thing = asked_own_pet(question)
        assert thing is not None
        if thing.spans(text):
            assert someone_elses(text, thing), (question, text)


def test_an_animal_with_no_keeper_named_is_still_mine() -> None:
    thing = asked_own_pet("What's my cat called?")
    assert thing is not None
    assert asked_own_pet("Who is my dog's vet?") is None
    assert not someone_elses("The cat threw up on the new rug again.", thing)
    assert not someone_elses("Our old cat Murka sleeps all day.", thing)
