"""A date in a turn is found by the month names of core/months.py: English
capitalised, full or short, and Russian in the genitive."""

from __future__ import annotations

from agent_memory.writepath.mentions import extract_mentions


def test_a_date_is_found_by_its_month_full_or_short_in_either_language() -> None:
    text = "Moved to Sept 5, then to 3 марта 2025 and to 8 May, 2023."
    dates = [m.name for m in extract_mentions(text) if m.kind == "date"]
    assert dates == ["Sept 5", "3 марта 2025", "8 May, 2023"]


def test_a_month_name_in_another_case_is_no_date() -> None:
    text = "Встретимся 3 марте или в марте, в мае."
    assert not [m for m in extract_mentions(text) if m.kind == "date"]
