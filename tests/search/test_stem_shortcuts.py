"""The short ways the ranking's rules ask "does this hit hold a wanted stem"
(search/support.py) answer as the full computations do, in both languages."""

from __future__ import annotations

from agent_memory.core.records import Entity, Node, SearchHit
from agent_memory.search.small_talk import asks_nothing, says_nothing
from agent_memory.search.stem_sets import (
    hit_stems,
    holds_stem,
    shared_stems,
    shares_stem,
    text_stems,
)
from agent_memory.search.support import wanted_stems

QUESTIONS = (
    "Where do I climb now?",
    "Какой у меня сейчас скалодром?",
    "What car do I drive these days?",
    "На какой машине я теперь езжу?",
    "How do you feel about the plans?",
)
TURNS = (
    "I go to the скалодроме on Fridays",
    "Теперь хожу на скалодром у дома",
    "Sold the old car, the Corolla is mine now",
    "Купил машину, старый Форд продал",
    "Okay, got it.",
    "Хорошо, запомню.",
    "We planned a trip",
)


def hit(text: str, *names: str) -> SearchHit:
    node = Node(
        1, "episodic", text, None, 0.0, 0.0, None, 1.0, 1.0, 0, None, 0.0,
        "conversation", "user", "t1", {},
    )  # fmt: skip
    entities = [
        Entity(i, name, "concept", (), None, 1, 0.0, 0.0)
        for i, name in enumerate(names)
    ]
    return SearchHit(node, 1.0, entities)


def test_shares_stem_is_shared_stems_not_empty() -> None:
    for question in QUESTIONS:
        wanted = wanted_stems(question, question.split())
        for turn in TURNS:
            stems = text_stems(turn)
            assert shares_stem(wanted, stems) == bool(shared_stems(wanted, stems))


def test_holds_stem_is_hit_stems_meeting_the_wanted() -> None:
    for question in QUESTIONS:
        wanted = wanted_stems(question, question.split())
        for turn in TURNS:
            for found in (hit(turn), hit(turn, "Toyota Corolla"), hit(turn, "Форд")):
                expected = not wanted.isdisjoint(hit_stems(found))
                assert holds_stem(found, wanted) == expected


def test_a_turn_says_nothing_as_a_prompt_asks_nothing() -> None:
    for turn in (*TURNS, "", "?!", "thanks so much", "спасибо большое"):
        assert says_nothing(turn) == asks_nothing(turn)
