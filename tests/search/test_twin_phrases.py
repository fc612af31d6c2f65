"""Holidays and events named by a phrase in one language and asked in the
other (search/twin_phrases.py): "New Year" finds «Новый год», «Пасха» finds
"Easter", on a real SQLite memory without an embedder; a phrase is found
and supports as a phrase, not as its common words ("new", «год»)."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.search import twin_phrases
from agent_memory.search.query_text import fts_term
from agent_memory.search.twin_words import twin_terms
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "Long day at work, too many meetings.",
    "Tried a new ramen place near the station.",
    "Весь вечер читал книгу, хорошо отдохнул.",
    "Погода испортилась, весь день дождь.",
)


async def _top(storage: MemoryStorage, texts: list[str], question: str) -> list[str]:
    return await top_answers(storage, [*texts, *NOISE, *NOISE], T0, question)


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        (
            "Where am I spending New Year?",
            "Договорились с мамой: на Новый год прилетаю домой в Нижний.",
        ),
        ("Где я встречаю Новый год?", "We're spending New Year at the cabin."),
        ("What did I do at Easter?", "На Пасху красили яйца с племянниками."),
        ("Что я делал на Пасху?", "Painted eggs with the kids at Easter."),
        ("Where was I on Christmas Eve?", "В сочельник были у тёщи в Рязани."),
        ("Когда у меня день рождения?", "My birthday is on 14 March, a dacha party."),
    ],
)
async def test_a_phrase_finds_its_twin_in_the_other_language(
    storage: MemoryStorage, question: str, answer: str
) -> None:
    assert answer in await _top(storage, [answer], question)


@pytest.mark.parametrize(
    ("question", "unrelated"),
    [
        ("Где я встречаю Новый год?", "Купил новый ноутбук, в этом году старый умер."),
        (
            "Where am I spending New Year?",
            "Купил новый ноутбук, в этом году старый умер.",
        ),
        ("Когда у меня день рождения?", "Весь день просидел в библиотеке."),
    ],
)
async def test_the_common_words_of_a_phrase_say_nothing_of_it(
    storage: MemoryStorage, question: str, unrelated: str
) -> None:
    assert await _top(storage, [unrelated], question) == []


def test_a_phrase_is_searched_as_a_phrase_or_by_its_rare_word() -> None:
    found = twin_terms(["spending", "new", "year"], "Where am I spending New Year?")
    assert "новый год" in found and "год" not in found and "новый" not in found
    assert fts_term("новый год") == '"нов"* + "год"*'
    assert "рождения" in twin_terms(["birthday"], "When is my birthday?")


def test_postgres_reads_a_phrase_as_words_in_a_row() -> None:
    pytest.importorskip("pgvector")
    from agent_memory.store.postgres.index import query_terms

    terms = query_terms('"new" + "year" OR "нов"* + "год"* OR "cat"')
    assert [(t[0], t[2]) for t in terms] == [
        ("new year", "new year"),
        ("нов год", "'нов':* <-> 'год':*"),
        ("cat", "cat"),
    ]
    assert "phraseto_tsquery" in terms[0][1]


@pytest.mark.parametrize(
    "text",
    [
        "Happy New Year, everyone!",
        "Что подарить на день рождения Саше?",
        "Мы отмечали новогодний вечер у Лены",
        "Valentine's Day plans?",
        "День святого Валентина в кафе",
        "It was a long day, nothing new this year",
        "дня рождения не было",
        "",
    ],
)
def test_phrases_found_by_their_key_word_are_the_full_scan(text: str) -> None:
    # The index by key word only narrows which phrases are checked: what a
    # text says is what checking every phrase of the table finds.
    tokens = twin_phrases.words_of(text)
    every = tuple(p for p in twin_phrases._PHRASES if p.phrase.spans(tokens))
    assert twin_phrases.asked_phrases(text) == every
