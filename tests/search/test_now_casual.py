"""The present said in passing (search/changes.py naming_current_value): the
user's own turns naming the current value by its name after the change that
set it rise though they share no word with the question, the first few only;
a change about something else ("the commute from X to work") does not end
the value."""

from __future__ import annotations

from agent_memory.core.records import Entity, Node, SearchHit
from agent_memory.search.changes import (
    CASUAL_TURNS,
    VALUE_BOOST,
    current_value,
    naming_current_value,
)
from agent_memory.search.morphology import stem

DAY = 86_400.0


def _hit(
    node_id: int, day: int, text: str, *places: str, kind: str = "place"
) -> SearchHit:
    node = Node(
        node_id, "episodic", text, day * DAY, day * DAY, day * DAY, None,
        1.0, 1.0, 0, None, 0.0, "conversation", "user", f"day-{day}", {},
    )  # fmt: skip
    entities = [
        Entity(node_id * 10 + i, name, kind, (), None, 1, 0.0, 0.0)
        for i, name in enumerate(places)
    ]
    return SearchHit(node, 1.0, entities)


MOVE = [
    _hit(1, 1, "Signed the lease! Moving to a house in Leslieville.", "Leslieville"),
    _hit(2, 5, "Moved! Our new home in Leslieville is lovely.", "Leslieville"),
]


def test_the_first_own_turns_naming_the_value_after_it_rise() -> None:
    casual = [
        _hit(10 + day, day, f"Day {day}: coffee in Leslieville again.", "Leslieville")
        for day in range(6, 12)
    ]
    before = _hit(9, 3, "Walked around Leslieville with Yulia.", "Leslieville")
    hits = [*MOVE, before, *casual]
    about = {1, 2}
    own = {hit.node.id for hit in hits}
    scored = {h.node.id: h.score for h in naming_current_value(hits, about, own)}
    risen = [c.node.id for c in casual if scored[c.node.id] == 1.0 + VALUE_BOOST]
    assert risen == [c.node.id for c in casual[:CASUAL_TURNS]]
    assert scored[before.node.id] == 1.0  # before the move: not the present


def test_a_route_from_the_value_does_not_end_it() -> None:
    hits = [
        *MOVE,
        _hit(
            3, 7, "The commute from Leslieville to work takes an hour.", "Leslieville"
        ),
    ]
    value = current_value(hits, {1, 2})
    assert stem("Leslieville") in value


def test_a_person_named_in_passing_does_not_rise() -> None:
    hits = [
        _hit(1, 1, "Moving! Linda found us the flat.", "Linda", kind="person"),
        _hit(2, 5, "Moved into the flat Linda found.", "Linda", kind="person"),
        _hit(3, 7, "Linda came over to plan the dinner.", "Linda", kind="person"),
    ]
    scored = {h.node.id: h.score for h in naming_current_value(hits, {1, 2}, {3})}
    assert scored[3] == 1.0
