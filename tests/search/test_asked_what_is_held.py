""" "What do you know about work?" asks what "tell me about work" asks: the
user's own work (search/frame_words.py asks_what_is_held). Only the "me" of
"tell me" used to make a question about the user, so its slot words (the
office, the shift, a colleague) answered "tell me about work" and «расскажи
мне о работе» while "what do you know about work" and «расскажи про
работу» said nothing. A thing never said still says nothing in every frame."""

from __future__ import annotations

import pytest
from agent_memory.search.frame_words import asks_what_is_held
from agent_memory.storage import MemoryStorage
from day_turns import START, top_answers

# the user's work, told without the word "work"
JOB = [
    "first week at the depot office done, the colleagues are lovely",
    "the bins go out on thursday now",
    "подписала договор с новой компанией, с понедельника выхожу",
    "long walk by the canal, sore feet",
    "Смотрели сериал до ночи.",
]
FRAMES = [
    "tell me about {en}",
    "what do you know about {en}",
    "расскажи про {ru}",
    "расскажи мне о {ru_about}",
    "что ты знаешь про {ru}",
]


def _asked(en: str, ru: str, ru_about: str) -> list[str]:
    return [frame.format(en=en, ru=ru, ru_about=ru_about) for frame in FRAMES]


@pytest.mark.parametrize("question", _asked("work", "работу", "работе"))
async def test_every_frame_asks_the_users_own_work(
    storage: MemoryStorage, question: str
) -> None:
    top = await top_answers(storage, JOB, START, question)
    assert JOB[0] in top or JOB[2] in top, top


@pytest.mark.parametrize("question", _asked("skiing", "лыжи", "лыжах"))
async def test_a_thing_never_said_says_nothing_in_every_frame(
    storage: MemoryStorage, question: str
) -> None:
    assert await top_answers(storage, JOB, START, question) == []


@pytest.mark.parametrize(
    ("question", "held"),
    [
        ("What do you know about work?", True),
        ("что ты знаешь о работе", True),
        ("Расскажите про отпуск", True),
        ("what do I know about work", False),
        ("do you know where I work", False),
    ],
)
def test_what_asks_the_assistant_what_it_holds(question: str, held: bool) -> None:
    assert asks_what_is_held(question) is held
