"""«Я пью магний?», «Что я принимаю от давления?», «Я сижу на метформине?»:
the Russian verbs of taking a medicine or a habit («пью», «принимаю», «сижу
на») frame the question as "take" does in English ("Do I take magnesium?"):
a turn on the thing answers («Выпил магний»), whatever verb it says it by."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.storage import MemoryStorage
from day_turns import among_noise, top_answers

T0 = dt.datetime(2026, 4, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "Починил кран на кухне, капало всю неделю.",
    "Погуляли с собакой в парке, тепло.",
    "Fixed the kitchen tap, it dripped all week.",
)
TOLD = [
    "Вечером выпил глицин, спал нормально.",
    "Врач назначила эналаприл от давления, утром одну таблетку.",
    "Перешёл на новые капли для глаз, старые щипали.",
]


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Я пью глицин?", TOLD[0]),
        ("Я ещё пью глицин?", TOLD[0]),
        ("Я принимаю глицин?", TOLD[0]),
        ("Что я принимаю от давления?", TOLD[1]),
        ("Я сижу на эналаприле?", TOLD[1]),
        ("Я всё ещё принимаю эналаприл?", TOLD[1]),
    ],
)
async def test_a_taking_verb_frames_the_question(
    storage: MemoryStorage, question: str, answer: str
) -> None:
    texts = among_noise(NOISE, TOLD)
    found = await top_answers(storage, texts, T0, question)

    assert answer in found, found
