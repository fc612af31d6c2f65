"""A question about before a state it names (search/standing.py): "Which
ward was I on before cardiology?", "Who was my old manager?", «Чем Соня
занималась до скалолазания?» ask about the older state, and the later
state's own turns are not its answer."""

from __future__ import annotations

from pathlib import Path

import pytest
from agent_memory.retrieval import SearchFilters
from agent_memory.search.standing import later_state, stance
from day_turns import retriever_over


@pytest.mark.parametrize(
    "question",
    [
        "Which ward was I on before cardiology?",
        "What did I do for exercise before swimming?",
        "What did I do in the evenings before 3D printing?",
        "What laptop did I have before the Mac?",
        "Who was my old manager?",
        "What was the original wedding plan?",
        "Who was my boss at my previous job?",
        "Чем Соня занималась до скалолазания?",
    ],
)
def test_before_a_state_in_lower_case_asks_about_the_past(question: str) -> None:
    assert stance(question) == "past"


@pytest.mark.parametrize(
    "question",
    [
        "What did I do the day before yesterday?",  # dates, not a state
        "How did I spend the weekend before last?",
        "What did Caroline do before the parade?",  # someone else's day
        "How old is Oscar?",
        "Как я добираюсь до работы?",  # a destination
    ],
)
def test_a_date_or_a_destination_is_no_past(question: str) -> None:
    assert stance(question) != "past"


@pytest.mark.parametrize(
    ("question", "later"),
    [
        ("Where did I work before Skelo?", {"skelo"}),
        ("Где я работала до Fernway?", {"fernway"}),
        ("Which ward was I on before cardiology?", {"cardiology"}),
        # what was quit is the older state, not the later one
        ("What did I drink before I quit coffee?", set()),
        ("Где я раньше добиралась до работы?", set()),
        ("Где мы жили до переезда?", set()),  # the change itself
        ("Where did I live before?", set()),
        ("Что было до этого?", set()),
    ],
)
def test_the_later_state_a_question_names(question: str, later: set[str]) -> None:
    assert later_state(question) <= later | {"кардиолог"}
    assert later <= later_state(question)


# The later state's turns repeat both of the question's words, the older
# state's only one; the change names both.
TURNS = [
    (1, "Night shift on the acute ward, two admissions at five."),
    (5, "Acute ward tonight: we ran out of beds."),
    (9, "Got the post on the cardiology ward! Leaving the acute ward in two weeks."),
    (12, "First day on the cardiology ward, the charge nurse is kind."),
    (16, "Cardiology ward: a quiet day shift, I even had lunch."),
    (20, "The cardiology ward had an inspection today."),
    (24, "Day shift on the cardiology ward, a pacemaker check."),
]


async def test_before_a_named_state_ranks_the_older_one_first(
    tmp_path: Path,
) -> None:
    async with retriever_over(tmp_path, TURNS) as retriever:
        hits = await retriever.search(
            "Which ward was I on before cardiology?", SearchFilters(limit=5)
        )
    top = [hit.node.content for hit in hits[:3]]
    assert all("acute" in text.casefold() for text in top), top
