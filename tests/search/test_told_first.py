"""A request to the assistant is no fact about the user's life
(search/told_first.py): asked about the user's state now or before, the
turns that tell it lead the requests that only name its topic, a request
said again takes one place, and with nothing told the requests still answer;
what a request looks like in either language (search/doings.py)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from agent_memory.search.doings import opens_with_request
from day_turns import retriever_over

COVER_LETTER = "how to write a cover letter for a job in Canada"
NURSE_PAY = "what is the salary of a nurse in Toronto"
SHIFTS_NORMAL = "how many shifts a week is normal for a nurse"
# everyday talk around the topic, so that its words are rare in the memory
NOISE = [
    (100 + day, text)
    for day, text in enumerate(
        [
            "made soup with lentils",
            "rain all day, stayed in",
            "Kofi called, his knee is better",
            "watched a film about whales",
            "bought new trainers",
            "train late again",
            "cleaned the kitchen",
            "walked to the park",
            "слушали музыку вечером",
            "купил хлеб и молоко",
        ]
    )
]


async def _top(tmp_path: Path, turns: list[tuple[int, str]], question: str) -> list:
    async with retriever_over(tmp_path, [*turns, *NOISE]) as retriever:
        return [hit.node.content for hit in await retriever.search(question)]


@pytest.mark.parametrize(
    ("request_text", "told"),
    [
        # a question word before an infinitive: how to, of the assistant
        (
            "как написать резюме на работу в Германии",
            "вышла на новую работу, теперь администратор в клинике",
        ),
        ("где купить иглы для шприц-ручки", "как всегда опоздал на автобус"),
        ("что подарить маме на юбилей", "что есть в холодильнике, то и ели"),
        (
            "как лучше сказать 'спокойной смены' по-английски",
            "как опять устал после смены",
        ),
        # a sentence given to be checked tells nothing either
        (
            "is it correct: I am working here since two years",
            "new job at the Royal, ward clerk, desk all shift",
        ),
        ("check my sentence: yesterday I go to shop", "checked the tyres, all fine"),
        # a question asked in a telling, a message quoted: they tell
        (
            "what's a polite way to say no to extra shifts",
            "Insulin 24 units now, is it ok to eat before?",
        ),
        (
            "how long does cheese keep in the fridge",
            "Dasha wrote: so you are not coming??",
        ),
        # a piece of work made for the user: its words are the work's
        (
            "Make a table in English: furnace, run length, decoking date",
            "made a table for the balcony out of pallets",
        ),
        ("сделай список покупок на неделю", "сделали ремонт в ванной наконец"),
        ("calculate my overtime for march", "calculated the rent split with Ana"),
    ],
)
def test_a_request_and_a_told_turn(request_text: str, told: str) -> None:
    assert opens_with_request(SimpleNamespace(content=request_text))
    assert not opens_with_request(SimpleNamespace(content=told))


async def test_the_work_told_leads_the_work_asked_about(tmp_path: Path) -> None:
    told = "new job at the Royal, ward clerk, desk all shift"
    turns = [(3, COVER_LETTER), (20, told), (40, COVER_LETTER), (55, NURSE_PAY)]
    top = await _top(
        tmp_path, [*turns, (80, COVER_LETTER)], "what do I do for work now?"
    )
    assert top[0] == told


async def test_the_russian_work_told_leads_the_requests(tmp_path: Path) -> None:
    request = "как написать резюме на работу в Германии"
    told = "вышла на новую работу, теперь администратор в клинике"
    turns = [(3, request), (10, told), (30, request), (60, request)]
    assert (await _top(tmp_path, turns, "кем я сейчас работаю?"))[0] == told


async def test_a_shift_told_leads_the_shifts_asked_about(tmp_path: Path) -> None:
    request = "how to ask my manager for a better shift pattern"
    told = "new rota: four long shifts on, four off"
    turns = [(3, request), (40, request), (55, SHIFTS_NORMAL), (60, told)]
    top = await _top(tmp_path, [*turns, (80, request)], "what are my shifts now?")
    assert top[0] == told


@pytest.mark.parametrize(
    ("told", "requests", "question"),
    [
        (
            "the company bike they gave me is a grey Cube, heavy",
            [
                "what is the salary of a bike courier in Berlin",
                "which bike is best for a courier",
                "what do bike couriers earn in Hamburg",
            ],
            "what bike did i have when i was a courier",
        ),
        (
            "мой велосипед — серый Cube, тяжёлый, но в дождь нормально",
            [
                "сколько получает курьер на велосипеде в Берлине",
                "какой велосипед лучше для курьера",
            ],
            "какой у меня был велосипед, когда я был курьером",
        ),
    ],
)
async def test_a_request_said_again_takes_one_place(
    tmp_path: Path, told: str, requests: list[str], question: str
) -> None:
    """Asked of a time of one's life, the told bike leads; the pay asked
    three times is one answer, the other request next."""
    again = requests[0]
    turns = [(2, told), (5, again), (9, requests[1]), (14, again), (30, again)]
    top = await _top(tmp_path, [*turns, *enumerate(requests[2:], 20)], question)
    assert top[0] == told
    assert len(set(top[:3])) == 3


async def test_with_nothing_told_a_request_answers_once(tmp_path: Path) -> None:
    request = "how to ask my manager for a better shift pattern"
    turns = [(3, request), (40, request), (55, SHIFTS_NORMAL), (80, request)]
    top = await _top(tmp_path, turns, "what is my shift pattern now")
    assert top[0] == request  # a request is still an answer
    assert top[1] == SHIFTS_NORMAL  # and said three times, it takes one place
