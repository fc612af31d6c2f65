"""Hits of the user's own turns, one a day, built in memory: the stance and
current-value rules read only the hit's text, day and entities."""

from __future__ import annotations

from agent_memory.core.records import Entity, Node, SearchHit

DAY = 86_400.0


def day_hit(node_id: int, day: int, text: str, *places: str) -> SearchHit:
    """The user's turn of `day`, linked to the `places` it names."""
    node = Node(
        node_id, "episodic", text, day * DAY, day * DAY, day * DAY, None,
        1.0, 1.0, 0, None, 0.0, "conversation", "user", f"day-{day}", {},
    )  # fmt: skip
    entities = [
        Entity(node_id * 10 + i, name, "place", (), None, 1, 0.0, 0.0)
        for i, name in enumerate(places)
    ]
    return SearchHit(node, 1.0, entities)
