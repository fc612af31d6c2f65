"""A Russian question's words as the memory reads them: function words in any
case ("у нас", "какую", "этой") are not what it asks about (left in, they are
words no turn holds, and the never-said gate rightly answers nothing), and a
verb is searched by the stem its nouns share ("работает": "работу")."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.retrieval import Retriever
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2024, 1, 1, tzinfo=dt.UTC).timestamp()
SAID = [
    "Наш волнистый попугай Киви научился говорить «привет».",
    "Мой коллега Том предложил ездить на работу вместе.",
    "Продал старый «Форд», две недели без машины — тяжко.",
    "Купили новую машину, белую «Тойоту».",
    "Я теперь работаю в Kestrel Labs.",
    "Лене предложили работу в детской больнице.",
    "Сэм живет в Гамбурге.",  # "е" for "ё", as many write
]
FILLER = (
    "Сходили в кино на новый мультфильм.",
    "Испёк пирог с яблоками, получилось вкусно.",
    "Весь день шёл дождь, сидели дома.",
)


async def _retriever(storage: MemoryStorage) -> Retriever:
    texts = [*SAID[:2], *(FILLER[i % 3] for i in range(30)), *SAID[2:]]
    return await linked_days(storage, texts, T0)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Какой у нас попугай?", "попугай Киви"),
        ("У нас есть попугай?", "попугай Киви"),
        ("Кто такой Том?", "коллега Том"),  # "том" is a name, not "of that"
        ("Где работает Лена?", "Лене предложили работу"),
        ("Где живёт Сэм?", "Сэм живет"),
    ],
)
async def test_function_words_do_not_silence_a_question(
    storage: MemoryStorage, question: str, expected: str
) -> None:
    retriever = await _retriever(storage)

    hits = await retriever.search(question, reinforce=False)

    assert hits and expected in hits[0].node.content
