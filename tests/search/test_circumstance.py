"""A clause saying someone has left ("now that Otar's gone", «теперь, когда
Отар уехал») is the circumstance of a question, not its topic:
search/circumstance.py leaves it out of the words a hit must share, so the
new doing, which never names the one who left, answers it."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.search.analysis import analyse
from agent_memory.search.circumstance import without_circumstance
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
BEFORE = [
    "Chess with Otar in the park again, he beat me twice.",
    "Играли с Отаром в шахматы до темноты, проиграл обе партии.",
]
LEAVING = ["Otar left for Batumi today, to live with his daughter. Sad day."]
# the new doing, told more often than the gate reads (GATE_DEPTH): none of
# these turns names Otar nor his leaving
NOW = [
    "Signed up for table tennis at the sports school, the coach is Levan.",
    "Table tennis with Levan in the evening, played against Guram and lost 9-11.",
    "Настольный теннис у Левана, играл против Гурама, он крутит подачу.",
    *(
        f"Table tennis at Levan's, game {n} against Guram, lost again."
        for n in range(4)
    ),
    *(f"Теннис у Левана, {n}-я игра с Гурамом, проиграл." for n in range(4)),
]
NOISE = [
    "Took Sandro to kindergarten, then the market for greens.",
    "Paid the March rent from the bank app.",
    "Отвёл Сандро в садик, потом на рынок за зеленью.",
]


@pytest.mark.parametrize(
    "question",
    [
        "What do I play now that Otar's gone?",
        "Now that Otar has left, what do I play?",
        "Во что я играю теперь, когда Отар уехал?",
    ],
)
async def test_the_new_doing_answers_though_it_never_names_who_left(
    storage: MemoryStorage, question: str
) -> None:
    answers = await top_answers(
        storage, [*BEFORE, *LEAVING, *NOISE, *NOW], T0, question
    )
    # the gate found no word of "Otar" nor "gone" in them: nothing was shown
    assert answers
    assert set(answers) <= set(NOW)


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("What do I play now that Otar's gone?", "What do I play now?"),
        ("Now that my brother has moved out, who cooks?", "Now, who cooks?"),
        ("Who do I play with, since Anna left?", "Who do I play with?"),
        ("Во что я играю теперь, когда Отар уехал?", "Во что я играю теперь?"),
        ("Раз Отара больше нет, с кем я играю?", "с кем я играю?"),
        ("С кем я гуляю после того, как Лена переехала?", "С кем я гуляю?"),
        # a time of the present: a now-word or a present verb asks of now
        (
            "What sport do I play these days, since Otar left?",
            "What sport do I play these days?",
        ),
        ("Where do we go on Sundays after Otar left?", "Where do we go on Sundays?"),
        ("Чем я занимаюсь с тех пор, как папа уехал?", "Чем я занимаюсь?"),
    ],
)
def test_the_clause_is_left_out(question: str, asked: str) -> None:
    assert without_circumstance(question) == asked


@pytest.mark.parametrize(
    "question",
    [
        # the person is the topic, not a circumstance
        "What did I do with Otar?",
        "When did Otar leave?",
        # the user's own move, and a time after something, stay
        "Since I moved to Leeds, what do I do?",
        "What do I play after work?",
        "Куда я ходил после того, как закончил работу?",
        # a question of the past: its answer is dated by the leaving
        "What did I do after Dad moved out?",
        "Where did we go after Otar left?",
        "Who was my coach after Anna moved away?",
        "Куда мы ходили после того, как папа уехал?",
        "Что я делала с тех пор, как Лена переехала?",
        # a time with no present asked of it stays too
        "What have I been doing since Anna left?",
    ],
)
def test_other_clauses_stay(question: str) -> None:
    assert without_circumstance(question) == question


def test_the_one_who_left_is_no_word_searched() -> None:
    query = analyse("What do I play now that Otar's gone?")
    assert "play" in query.terms
    assert not {"otar", "gone"} & set(query.terms)
    assert not any("Otar" in name for name in query.names)


# The weekend the leaving dates: it names Dad and his moving out, and the
# question asks what happened then, not what the user does now.
AFTER_DAD = "The weekend after Dad moved out we drove to Galway, Mum needed the sea."
DAD_TURNS = [
    "Dad moved out today, took his boxes to the flat on Kirk Street.",
    AFTER_DAD,
    "Took the bins out and hoovered the hall.",
    "Paid the gas bill, it went up again.",
    "Football with the lads on the astro, won 5-3.",
]


async def test_a_past_question_keeps_the_leaving_its_answer_is_dated_by(
    storage: MemoryStorage,
) -> None:
    answers = await top_answers(
        storage, DAD_TURNS, T0, "What did we do after Dad moved out?"
    )
    assert AFTER_DAD in answers[:2], answers
