"""Saying nothing for questions close to what the memory knows: a number
asked of a thing the turns speak of without one ("my gym membership
number"), a price asked of tickets whose date only is said («на 12 мая»),
a name asked with «как назвали», the asked person's own pet name standing
by the relative asked of her («Светик» is no name of Sveta's husband).
Each told version is still found."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from agent_memory.retrieval import SearchFilters
from agent_memory.search.age_of import says_age_of
from agent_memory.search.asked_amount import gives_amount
from agent_memory.search.asked_number import asks_number, gives_number
from agent_memory.search.morphology import stem
from agent_memory.storage import MemoryStorage
from day_turns import linked_days, retriever_over

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()

NOISE = [
    (1, "Signed up at a boxing gym near the river. The coach, Valera, is ex-army."),
    (2, "Gym at seven: rowing machine and weights, 40 minutes."),
    (3, "Booked the tickets to Lisbon for May 12, a window seat for me."),
    (4, "Купили билеты в Омск на 12 мая, поезд в 7:40."),
    (5, "Билеты в Омск наконец распечатала, лежат в паспорте."),
    (6, "Миша, сын, звонил из Торонто. Голос весёлый."),
    (7, "Took the kids to the pool, then pizza."),
]


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("What's my gym membership number?", True),
        ("What's Dr Lowe's phone number?", True),
        ("Какой номер у моего абонемента?", True),
        ("How many times did I go to the gym?", False),
        ("What number of people came?", False),
        ("What is John's number one goal in his career?", False),
        ("Сколько номеров в отеле?", False),
    ],
)
def test_a_number_is_asked_not_a_count(question: str, asks: bool) -> None:
    assert asks_number(question) is asks


def test_a_date_or_a_time_is_no_number_nor_amount() -> None:
    tickets = {stem("билеты")}
    assert not gives_amount("Купили билеты в Омск на 12 мая.", tickets)
    assert not gives_amount("Booked the tickets for May 12th.", {stem("tickets")})
    assert gives_amount("Билеты в Омск: 540 лари на двоих.", tickets)
    assert not gives_number("Gym at 7:30, then work.", {"gym"})
    assert gives_number("Gym card came: number 48213.", {"gym"})


@pytest.mark.parametrize(
    "question",
    [
        "What's my gym membership number?",  # the gym, no number
        "How much did the tickets to Lisbon cost?",  # a date, no price
        "Сколько стоили билеты в Омск?",  # «12 мая», «7:40»
        "как назвали Мишиного сына",  # Misha is the son himself
    ],
)
async def test_nothing_said_of_it_finds_nothing(tmp_path: Path, question: str) -> None:
    async with retriever_over(tmp_path, NOISE) as retriever:
        assert await retriever.search(question, reinforce=False) == []


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("What's my gym membership number?", "My gym membership number is 48213."),
        ("How much did the tickets to Lisbon cost?", "The Lisbon tickets cost €240."),
        ("Сколько стоили билеты в Омск?", "Билеты в Омск обошлись за 540 лари."),
        ("как назвали Мишиного сына", "У Миши родился сын, назвали Давидом."),
    ],
)
async def test_the_thing_said_is_found(
    tmp_path: Path, question: str, said: str
) -> None:
    async with retriever_over(tmp_path, [*NOISE, (8, said)]) as retriever:
        found = await retriever.search(question, reinforce=False)
    assert said in [hit.node.content for hit in found]


SISTER = [
    "Сестра Света (старшая, «Светик» для мамы) звонила: муж зовёт в Германию.",
    "Света прислала фото с дачи, помидоры в этом году огромные.",
]


@pytest.mark.parametrize(
    ("told", "found"),
    [
        ([], False),  # «Светик» is Sveta herself
        (["У Светы муж, Андрей, подписал контракт в Штутгарте."], True),
    ],
)
async def test_the_asked_persons_own_names_name_no_one_else(
    storage: MemoryStorage, told: list[str], found: bool
) -> None:
    retriever = await linked_days(storage, [*SISTER, *told], T0)
    hits = await retriever.search(
        "Как зовут Светиного мужа?", SearchFilters(limit=5), reinforce=False
    )
    assert bool(hits) is found


@pytest.mark.parametrize(
    ("text", "hers"),
    [
        (
            "Halina called. She wants a photo to see her son eats. He's thirty-eight.",
            False,
        ),
        ("Lunch with Halina. She's 80 now and still drives.", True),
        ("Halina turned seventy on Sunday.", True),
        ("Мама Халина звонила, ей семьдесят два.", True),
        ("Халина звонила. Её сын Томек приедет, ему тридцать восемь.", False),
    ],
)
def test_an_age_is_the_named_persons_only_if_said_of_her(text: str, hers: bool) -> None:
    assert says_age_of(text, {"Halina", "Халина"}) is hers


HALINA = [
    "Tomek's mum Halina called. She wants photos of every meal, "
    "to see her son isn't starving. He's thirty-eight.",
    "Halina's hip operation is confirmed for 14 October.",
]


@pytest.mark.parametrize(
    ("told", "found"),
    [([], False), (["Halina turned seventy-two, we called with a cake."], True)],
)
async def test_how_old_asks_the_age_said_of_the_person(
    storage: MemoryStorage, told: list[str], found: bool
) -> None:
    retriever = await linked_days(storage, [*HALINA, *told], T0)
    hits = await retriever.search(
        "How old is Halina?", SearchFilters(limit=5), reinforce=False
    )
    assert bool(hits) is found
