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
    ],
)
def test_other_clauses_stay(question: str) -> None:
    assert without_circumstance(question) == question


def test_the_one_who_left_is_no_word_searched() -> None:
    query = analyse("What do I play now that Otar's gone?")
    assert "play" in query.terms
    assert not {"otar", "gone"} & set(query.terms)
    assert not any("Otar" in name for name in query.names)
