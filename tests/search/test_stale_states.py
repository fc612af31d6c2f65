"""Current-state questions whose old state ranked above the current one: a
move told as a transfer in the present («переводим Машу в другой садик») is
a change (search/changes.py)."""

from __future__ import annotations

import pytest
from agent_memory.search.changes import tells_change


@pytest.mark.parametrize(
    "text",
    [
        "Забираем Машу из Sunflower, переводим в Little Stars.",
        "С сентября меня переводят в новый офис на Таганке.",
        "Перевожу сына в другую школу, ближе к дому.",
    ],
)
def test_a_transfer_told_in_the_present_is_a_change(text: str) -> None:
    assert tells_change(text)


@pytest.mark.parametrize(
    "text", ["Переводы маме теперь бесплатные.", "Перевод статьи занял весь вечер."]
)
def test_a_transfer_as_a_noun_is_no_change(text: str) -> None:
    assert not tells_change(text)
