"""A question about before a named later state is answered by the older
state's turns, found through the turn that tells the change
(search/earlier_value.py): "Handed in my notice… leaving Brightline" for
"before Kestrel Labs" reads Brightline's earlier turns by its entity,
«С вязанием пока всё… записалась на плавание» reads the knitting turns by
their word, though neither shares a word with the question."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.search.earlier_value import left_things
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "Long day at work, too many meetings.",
    "Work was slow, I read the news all afternoon.",
    "Priya moved to Vienna for a design job.",
    "The company picnic got rained out.",
    "Swam in the morning again.",
)


def _life(old: list[str], change: str, new: list[str]) -> list[str]:
    return [*old, *(NOISE[i % 5] for i in range(60)), change, *new]


FIRM_OLD = [
    "Another release on Friday night, testing by hand at Brightline again.",
    "Brightline's payment flow broke twice today.",
]
FIRM_CHANGE = "Got the offer from Kestrel Labs! Leaving Brightline at the end of May."
FIRM_NEW = [
    "First interview at Kestrel Labs went fine.",
    "Sprint planning at Kestrel Labs, a big module for me.",
    "Demo day at Kestrel Labs.",
]
CRAFT_OLD = [
    "Вязала весь вечер, вязание под сериал — лучший отдых.",
    "Довязала шарф, вязание успокаивает.",
]
CRAFT_CHANGE = "С вязанием пока всё, запястья болят. Записалась на плавание."
CRAFT_NEW = ["Плавание: проплыла километр.", "Плавание по четвергам, бассейн холодный."]


async def test_the_older_firm_is_read_by_its_entity(storage: MemoryStorage) -> None:
    texts = _life(FIRM_OLD, FIRM_CHANGE, FIRM_NEW)
    top = await top_answers(storage, texts, T0, "Where did I work before Kestrel Labs?")
    assert set(FIRM_OLD) <= set(top[:3]), top


async def test_the_older_pastime_is_read_by_its_word(storage: MemoryStorage) -> None:
    texts = _life(CRAFT_OLD, CRAFT_CHANGE, CRAFT_NEW)
    top = await top_answers(storage, texts, T0, "Чем я занималась до плавания?")
    assert set(CRAFT_OLD) <= set(top[:3]), top


async def test_older_turns_already_weak_candidates_rise(
    storage: MemoryStorage,
) -> None:
    # the older turns are in English: candidates only by the child's name,
    # weak, they rise to the later state's turns instead of staying below
    old = [
        "Took Sonya to ballet, the teacher praised her.",
        "Sonya came home from ballet tired.",
    ]
    change = "Соня бросила балет, записали её на скалолазание."
    new = ["Соня на скалолазании прошла трассу.", "Отвезла Соню на скалолазание."]
    texts = _life(old, change, new)
    top = await top_answers(storage, texts, T0, "Чем Соня занималась до скалолазания?")
    assert set(old) == set(top[:2]), top


@pytest.mark.parametrize(
    ("text", "left"),
    [
        ("Получил оффер от Skelo! Ухожу из Baltix Pay: буду у Аниты", ["Baltix Pay"]),
        ("I'm giving up knitting. My wrists hurt.", ["knitting"]),
        ("С футболом пока всё, колено не даёт.", ["футболом"]),
        ("Соня бросила балет, записали её на скалолазание", ["балет"]),
        ("Sold the Ford Focus and bought a bike.", ["Ford Focus"]),
        ("Signed up for a pottery class on Thursdays.", []),
        # a gerund going on with its object is not the thing given up
        ("Gave up looking for a copy of Call the Midwife.", []),
        ("Gave up running because of my knee.", ["running"]),
    ],
)
def test_what_a_turn_leaves_behind(text: str, left: list[str]) -> None:
    assert left_things(text) == left


@pytest.mark.parametrize(
    ("old", "change", "new", "question"),
    [
        # the question names neither the plan nor what replaced it: the turn
        # that replaces it (a plan word) names the place left, whose turns
        # from before tell the plan, though they share no word with the question
        pytest.param(
            [
                "My sister lives in Odessa, I'll go see her by bus in October.",
                "The bus to Odessa takes six hours with the border queue.",
            ],
            "Booked Lisbon with Graham instead of Odessa, a little hotel.",
            ["Printed the Lisbon boarding passes.", "Packing light for Lisbon."],
            "Where was I originally going?",
            id="original-plan-without-its-topic",
        ),
        # «раньше» ("used to") names no later state: the turn that gives
        # football up names the older pastime, whose turns (no word of the
        # question) tell it; without that reading only the change is found
        pytest.param(
            [
                "Футбол с Димой в воскресенье, забил два.",
                "Команда Димы опять проиграла в футбол.",
            ],
            "С футболом пока всё, колено не даёт играть.",
            ["Бокс: три раунда на мешке.", "Спарринг на боксе вечером."],
            "Во что я раньше играл?",
            id="given-up-without-the-later-state",
        ),
        # the car's Russian turn is filed under another entity («Пассат»):
        # the thing sold is also read by its other-script spelling
        pytest.param(
            [
                "Мой Пассат, 2001 года, универсал, серебристый,"
                " печка греет только ноги.",
                "Drove Polina to school in the Passat, the heater is broken again.",
            ],
            "Sold the Passat to a guy from Jelgava for 900 euros.",
            ["Riding the new bike to work, twelve minutes.", "Bike lights bought."],
            "What car did I use to have?",
            id="given-up-in-both-scripts",
        ),
    ],
)
async def test_the_older_state_asked_without_the_later_one(
    storage: MemoryStorage, old: list[str], change: str, new: list[str], question: str
) -> None:
    texts = _life(old, change, new)
    top = await top_answers(storage, texts, T0, question)
    assert set(old) <= set(top[:3]), top


async def test_a_thing_sold_leaves_no_older_home(storage: MemoryStorage) -> None:
    # the sale names the new place, but a car sold is no home left: the home
    # told before the new one is the older one, above the car's turns
    old_home = "Our flat in Purvciems: two rooms on the seventh floor."
    car = [
        "Drove Polina to school in the Passat, the heater is broken again.",
        "The Passat needs new tyres before winter.",
    ]
    change = "Sold the Passat, there's nowhere to park in Agenskalns anyway."
    new = ["Moved to Agenskalns today, twenty boxes.", "A garden in Agenskalns!"]
    texts = _life([old_home, *car], change, new)
    top = await top_answers(storage, texts, T0, "Where did I live before Agenskalns?")
    assert top[0] == old_home, top
