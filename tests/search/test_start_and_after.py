"""A change told by the new state alone (search/windowed.py start_and_after,
shared by search/taken_up.py and told_change.py): the first turn that starts
a new thing, then the later turns that go on with it, at most a limit."""

from __future__ import annotations

from agent_memory.core.records import Node
from agent_memory.search.stem_sets import text_stems
from agent_memory.search.windowed import start_and_after

DAY = 86_400.0


def _turn(day: int, text: str) -> Node:
    return Node(
        day, "episodic", text, day * DAY, day * DAY, day * DAY, None,
        1.0, 1.0, 0, None, 0.0, "conversation", "user", f"day-{day}", {},
    )  # fmt: skip


TURNS = [
    _turn(1, "Long day at work."),
    _turn(2, "Back at the pool this morning."),
    _turn(3, "Tried a new ramen place."),
    _turn(4, "The pool was cold today."),
    _turn(5, "Pool again, forty lengths."),
]
POOL = text_stems("pool")


def _starts(node: Node) -> frozenset[str]:
    return POOL if "back" in node.content.casefold() else frozenset()


def _goes_on(node: Node, thing: frozenset[str]) -> bool:
    return bool(text_stems(node.content) & thing)


def test_the_start_then_the_turns_that_go_on_with_it() -> None:
    found = start_and_after(TURNS, _starts, _goes_on, limit=6)
    assert [node.id for node in found] == [2, 4, 5]


def test_at_most_the_limit_the_start_first() -> None:
    found = start_and_after(TURNS, _starts, _goes_on, limit=2)
    assert [node.id for node in found] == [2, 4]


def test_none_when_no_turn_starts_a_thing() -> None:
    assert start_and_after(TURNS, lambda node: frozenset(), _goes_on, 6) == []
