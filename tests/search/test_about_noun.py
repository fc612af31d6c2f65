"""What a question is "about" is the noun, not its adjective
(search/about_head.py), and a possessive said after a relative's word is
the user's («Мужа моего, Виктора…», search/whose.py): «Что я писала о
покойном муже?» is answered by the turn on the husband."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.search.support import topic
from agent_memory.search.whose import asked_own, someone_elses
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
HUSBAND = "Мужа моего, Виктора Ивановича, нет уже четыре года. Витя был инженером."
NOISE = (
    "На курсе A1 писали о себе: «Ich heiße Ljudmila».",
    "В трамвае мужчина уступил мне место.",
    "Вечером гуляли в парке, было тепло.",
    "Took the bus to the market, bought apples and cheese.",
)


@pytest.mark.parametrize(
    ("question", "noun"),
    [
        ("Что я писала о покойном муже?", "муж"),
        ("What did I write about my late husband?", "husband"),
        ("What did my brother say about the house?", "hous"),
        ("Что я писала про Альбрехта?", "альбрехт"),
    ],
)
def test_the_topic_is_the_noun(question: str, noun: str) -> None:
    assert topic(question) == {noun}


def test_a_possessive_after_the_word_is_the_users() -> None:
    thing = asked_own("Что я писала о моём муже?")
    assert thing is not None
    assert not someone_elses(HUSBAND, thing)
    assert someone_elses("Поздравила мужа моей подруги Оли.", thing)


async def test_the_late_husband_is_answered(storage: MemoryStorage) -> None:
    top = await top_answers(
        storage, [HUSBAND, *NOISE], T0, "Что я писала о покойном муже?"
    )
    assert HUSBAND in top, top
