"""A Russian question about before a state named by a common noun
(search/before_past_ru.py): «Во что я играл до велосипеда?» asks what came
before the bike, as "What sport did I play before cycling?" does; «до
работы» after a verb of reaching, «до обеда» are a place and a time."""

from __future__ import annotations

from pathlib import Path

import pytest
from agent_memory.retrieval import SearchFilters
from agent_memory.search.before_past_ru import later_stems
from agent_memory.search.standing import later_state, stance
from day_turns import retriever_over


@pytest.mark.parametrize(
    ("question", "later"),
    [
        ("Во что я играл до велосипеда?", "велосипед"),
        ("Чем Лёва занимался до хоккея?", "хокке"),
        ("Чем я занималась по вечерам до керамики?", "керамик"),
        ("На чём мы ездили до трамвая?", "трамв"),
    ],
)
def test_a_past_verb_before_a_noun_asks_about_the_older_state(
    question: str, later: str
) -> None:
    assert stance(question) == "past"
    assert later in later_state(question)
    assert later_stems(question) == {later}


@pytest.mark.parametrize(
    "question",
    [
        "Как я добиралась до работы?",  # a destination
        "Что я делал до обеда?",  # a time
        "Где мы гуляли до понедельника?",
        "Чем Лёва занимается до хоккея?",  # present: a day's order
    ],
)
def test_a_destination_or_a_time_is_no_older_state(question: str) -> None:
    assert stance(question) != "past"
    assert later_stems(question) == set()


# The older hobby's turns share no word with the question but "evenings"; the
# later one's name the later state.
TURNS = [
    (1, "Вечером хор в клубе, пели Окуджаву."),
    (5, "Хор по вечерам: руководительница опять нас гоняла."),
    (9, "Всё, хор закончился. Записалась на керамику по вечерам."),
    (12, "Керамика: слепила первую чашку."),
    (16, "Керамика, гончарный круг, руки в глине."),
]


async def test_before_a_named_noun_finds_the_older_state(tmp_path: Path) -> None:
    async with retriever_over(tmp_path, TURNS) as retriever:
        hits = await retriever.search(
            "Чем я занималась по вечерам до керамики?", SearchFilters(limit=5)
        )
    assert any("Хор по вечерам" in hit.node.content for hit in hits[:3]), hits


# The later state named by an action noun («до вязания»): its turns tell it by
# the verb («вязала»), which shares no stem with the noun's genitive.
def test_an_action_noun_is_told_by_its_verb() -> None:
    assert "вяза" in later_state("Чем я занималась до вязания?")
