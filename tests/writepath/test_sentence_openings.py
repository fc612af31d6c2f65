"""A Russian sentence's opening verb, interjection or everyday word is no
name: after a closing quote ("…?» Ответила"), in an opening one (": «Вау»"),
as a topic before a colon ("Придумали: …") and before a name ("Билеты TAP");
a title before a surname is no part of it ("Доктор Лопеш", "Director
Tamaz Beridze", «Мастер Лука»)."""

from __future__ import annotations

import pytest
from agent_memory.writepath.entities import extract_mentions


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Лена написала: «Когда на стрижку?» Ответила, что после переезда.",
            [("Лена", "person")],
        ),
        (
            "Лёва сказал: «Вау». Миша ничего не заметил.",
            [("Лёва", "person"), ("Миша", "person")],
        ),
        ("Придумали: Костя прилетает к нам.", [("Костя", "person")]),
        ("Мы ждали. Билеты TAP сдала, вернули часть.", []),
        ("Бросаю кофе. Доктор Лопеш сказала: тахикардия.", [("Лопеш", "person")]),
        ("Повторный визит к доктору Соуза: похудел.", [("Соуза", "person")]),
        # a post or a trade said as a title: the person is the name alone
        (
            "Interview at the school. Director Tamaz Beridze asked me to stay.",
            [("Tamaz Beridze", "person")],
        ),
        ("Пошёл стричься. Мастер Лука, молодой, с бородой.", [("Лука", "person")]),
        # a quoted title inside a sentence is still a name
        (
            "Смотрели с Мишей «Шрека» на английском.",
            [("Мишей", "concept"), ("Шрека", "concept")],
        ),
    ],
)
def test_an_opening_word_is_no_name(text: str, expected: list[tuple[str, str]]) -> None:
    found = [(m.name, m.type) for m in extract_mentions(text) if not m.sentence_start]

    assert found == expected


def test_a_name_opening_a_topic_is_still_one() -> None:
    """ "Мила: привет" names its speaker; a topic noun stays a topic."""
    assert [m.name for m in extract_mentions("Мила: привет всем")] == ["Мила"]
    assert [m.name for m in extract_mentions("Pottery: my first go")] == ["Pottery"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Lev made a list for Kostya's Christmas visit.",
            ["Lev", "Kostya", "Christmas"],
        ),
        ('I loved reading "Charlotte\'s Web" as a kid.', ["Charlotte's Web"]),
        ("We watched the Queen's Gambit last night.", ["Queen's Gambit"]),
    ],
)
def test_a_possessive_ends_a_name_but_not_a_title(
    text: str, expected: list[str]
) -> None:
    """ "Kostya's Christmas visit" is Kostya and Christmas; a work keeps its
    possessive ("Charlotte's Web", "the Queen's Gambit")."""
    assert [m.name for m in extract_mentions(text) if not m.sentence_start] == expected


@pytest.mark.parametrize(
    "text",
    ["Мама ждёт. Май, мама, май.", "Август, жара, отпуск.", "Мама спрашивает про май."],
)
def test_a_month_is_no_name(text: str) -> None:
    """Every Russian month is a common word, «май» and «август» included: «Май,
    мама, май» had filed the month as a person (the user's «мама»)."""
    assert [m.name for m in extract_mentions(text)] == ["Мама"] * text.count("Мама")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("встала в 9:30. Маша пришла с тортом.", ["Маша"]),
        ("в 7:30 фрау Хоффман была в халате.", ["Хоффман"]),
        ("class at 18:30, Frau Hoffmann was late.", ["Frau Hoffmann"]),
        ("at 9:30am Masha came by.", ["Masha"]),
        ("I play Counter Strike:Global Offensive.", []),
    ],
)
def test_a_name_after_a_clock_time_is_said(text: str, expected: list[str]) -> None:
    """A clock time before a name is no colon-glued token ("CS:GO"): «в 9:30.
    Лейла (аналитик, 31)» had dropped the one line introducing Leyla."""
    assert [m.name for m in extract_mentions(text)] == expected
