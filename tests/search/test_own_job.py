"""A question asking the user's own job by its noun ("what is my job now?",
«какая у меня сейчас работа?») is answered by the turn telling the job,
though "job" is a frame word (search/frame_words.py) and the work slot's
words (search/slots.py) were its only support; a job never told still
answers nothing (search/asked_job.py own_job_words)."""

from __future__ import annotations

from pathlib import Path

import pytest
from agent_memory.retrieval import SearchFilters
from agent_memory.search.asked_job import own_job_words
from agent_memory.search.morphology import stem
from day_turns import retriever_over

NOISE = [
    (1, "Booked the dentist for next Tuesday."),
    (2, "Priya made dal tonight, the kids had seconds."),
    (3, "Finished the second Wolf Hall book at last."),
    (4, "Купили Маше новые кроссовки, на вырост."),
]
TOLD = [*NOISE, (20, "Got the new job at the depot, dispatcher from Monday.")]
# others' work only: the user's job is never told
NEVER_TOLD = [
    *NOISE,
    (5, "Priya's shift at the pharmacy ran late again."),
    (6, "У Приии опять ночная смена в аптеке."),
]


@pytest.mark.parametrize(
    "question",
    [
        "what is my job now",
        "What job do I have these days?",
        "Какая у меня сейчас работа?",  # the English turn, by the twin of «работа»
        "Что у меня теперь за работа?",
    ],
)
async def test_the_job_told_answers_a_question_by_its_noun(
    tmp_path: Path, question: str
) -> None:
    async with retriever_over(tmp_path, TOLD) as retriever:
        hits = await retriever.search(question, SearchFilters(limit=5))
    assert hits, question
    assert hits[0].node.content.startswith("Got the new job")


@pytest.mark.parametrize(
    "question",
    ["what is my job now", "Какая у меня сейчас работа?", "What's my profession?"],
)
async def test_a_job_never_told_answers_nothing(tmp_path: Path, question: str) -> None:
    async with retriever_over(tmp_path, NEVER_TOLD) as retriever:
        assert await retriever.search(question, SearchFilters(limit=5)) == []


def test_a_job_is_told_by_its_first_shift_or_being_taken_on() -> None:
    words = own_job_words("what is my job now?")
    assert {stem("shift"), stem("hired"), stem("смена"), stem("устроилась")} <= words
    assert own_job_words("Какая у меня сейчас работа?") == words
    # someone else's job is asked by their name (asked_job.py), and a question
    # on the workplace or on no work at all names no job
    assert own_job_words("What is Priya's job?") == frozenset()
    assert own_job_words("What does my wife do for a living?") == frozenset()
    assert own_job_words("Where did I go on holiday?") == frozenset()
