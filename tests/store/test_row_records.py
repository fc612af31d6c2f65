"""Records built from rows (store/rows.py): by column name, whatever the
order of the columns a query selects, on a real SQLite connection."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

import pytest
from agent_memory.store.rows import record


@dataclass(frozen=True, slots=True)
class Pair:
    first: str
    second: int
    third: str = "default"


def _row(sql: str) -> sqlite3.Row:
    conn = sqlite3.connect(":memory:")
    conn.row_factory = sqlite3.Row
    row: sqlite3.Row = conn.execute(sql).fetchone()
    return row


@pytest.mark.parametrize(
    "sql",
    [
        "select 'a' as first, 2 as second, 'c' as third",
        "select 2 as second, 'c' as third, 'a' as first",  # another order
    ],
)
def test_columns_in_any_order_fill_their_fields(sql: str) -> None:
    assert record(Pair, _row(sql)) == Pair("a", 2, "c")


def test_overrides_and_skipped_columns() -> None:
    row = _row("select 7 as node_id, 2 as second, 'x' as third, 'a' as first")
    built = record(Pair, row, skip=("node_id",), third="given")
    assert built == Pair("a", 2, "given")


def test_a_missing_column_keeps_the_default() -> None:
    assert record(Pair, _row("select 'a' as first, 2 as second")) == Pair("a", 2)


def test_a_column_the_record_lacks_is_an_error() -> None:
    with pytest.raises(TypeError):
        record(Pair, _row("select 'a' as first, 2 as second, 1 as other"))
