"""A turn states a relation as it is written: with its accents."""

from __future__ import annotations

from agent_memory.search.asked_relation import states_relation


def test_a_relation_written_with_its_accent_is_stated() -> None:
    fiance = frozenset({"fiance", "fiancee", "жених"})
    assert states_relation("My fiancé Owen teaches chemistry.", fiance)
    assert states_relation("Мой жених Оуэн учит химию.", fiance)
    assert not states_relation("Owen teaches chemistry.", fiance)
