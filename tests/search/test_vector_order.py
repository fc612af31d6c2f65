"""An old state the embedder lifts stays below the present one
(search/vector_order.py): "Dentist booked for 7 October" sounds like "When is
my dentist appointment?" as much as the change to the 12th does; where the
words alone put the change first, the vector does not undo it; where the words
alone rank the earlier turn first, or never find it, it keeps its place
(EN + RU)."""

from __future__ import annotations

from agent_memory.core.records import Node, SearchHit
from agent_memory.search.vector_order import present_first

DAY = 86_400.0


def _turn(node_id: int, day: int, text: str, score: float) -> SearchHit:
    node = Node(
        node_id, "episodic", text, day * DAY, day * DAY, 0.0, None, 1.0, 1.0, 0,
        None, 0.0, "conversation", "user", "t1", {},
    )  # fmt: skip
    return SearchHit(node, score, [])


def _order(
    hits: list[SearchHit], words: dict[int, float], question: str, *terms: str
) -> list[int]:
    return [hit.node.id for hit in present_first(hits, words, question, terms)]


EN = [
    _turn(1, 1, "Dentist appointment booked for 7 October at 9am.", 0.9),
    _turn(2, 9, "So the dentist is now 12 October at 2:30pm, not the 7th.", 0.8),
    _turn(3, 5, "Mowed the lawn and changed the oil.", 0.5),
]
RU = [
    _turn(1, 1, "Записался к стоматологу на 7 октября.", 0.9),
    _turn(2, 9, "Стоматолог позвонил: приём перенесли с 7 на 12 октября.", 0.8),
    _turn(3, 5, "Подстриг газон.", 0.5),
]
# the words alone: the change first
WORDS_CHANGE_FIRST = {2: 1.0, 1: 0.5, 3: 0.2}
# the old turn found by the vector alone: the words say nothing of its place
VECTOR_ONLY = {2: 1.0, 3: 0.2}
# the words alone rank the earlier turn far above the change
WORDS_OLD_FIRST = {1: 1.0, 2: 0.01, 3: 0.2}


def test_the_old_state_the_vector_lifted_goes_below_the_present() -> None:
    question, ru_question = (
        "When is my dentist appointment?",
        "Когда мне теперь к стоматологу?",
    )
    assert _order(EN, WORDS_CHANGE_FIRST, question, "dentist") == [2, 1, 3]
    assert _order(RU, WORDS_CHANGE_FIRST, ru_question, "стоматологу") == [2, 1, 3]


def test_an_earlier_turn_the_words_rank_first_or_miss_keeps_its_place() -> None:
    question = "When is my dentist appointment?"
    assert _order(EN, WORDS_OLD_FIRST, question, "dentist") == [1, 2, 3]
    assert _order(EN, VECTOR_ONLY, question, "dentist") == [1, 2, 3]


def test_a_question_about_before_and_a_turn_about_else_stay() -> None:
    before = "When was my dentist appointment before?"
    assert _order(EN, WORDS_CHANGE_FIRST, before, "dentist") == [1, 2, 3]
    lawn = [EN[2], EN[1], EN[0]]  # the lawn is not what is asked: it stays
    assert _order(lawn, WORDS_CHANGE_FIRST, "When is my dentist appointment?") == [
        3, 2, 1
    ]  # fmt: skip
