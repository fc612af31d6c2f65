"""Current-state questions whose old state ranked above the current one: a
move told as a transfer in the present («переводим Машу в другой садик») is
a change (search/changes.py), and a question that names its options ("tea or
coffee?") or the thing it asks an attitude to («как я отношусь к кинзе?»)
is answered by its own words, not by the things named beside them
(search/topic_things.py: category things are not read)."""

from __future__ import annotations

import pytest
from agent_memory.search.changes import tells_change
from agent_memory.search.topic_things import names_what_it_asks


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


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("What do I drink in the morning, tea or coffee?", True),
        ("Что я пью по утрам — чай или кофе?", True),
        ("Я ещё хожу в бассейн или нет?", False),
        ("Do I still swim or not?", False),
        ("What do I drink in the morning?", False),
        # an attitude to the one thing named
        ("Как я сейчас отношусь к кинзе?", True),
        ("How do I feel about cilantro these days?", True),
        ("Which gym do I go to now?", False),
    ],
)
def test_a_question_naming_its_answer(question: str, asks: bool) -> None:
    assert names_what_it_asks(question) is asks
