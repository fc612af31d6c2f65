"""A question about the user's own home, work or drink finds the turn that
states it in other words ("Where do I live now?" → "we moved to Vienna"),
in English and Russian, and the newest state ranks first (search/slots.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.search.slots import asks_original_plan, slot_terms
from day_turns import retriever_over

# (day, text): an old state that repeats the question's word, a new one that
# does not, and everyday noise around them.
TURNS = [
    (1, "I live in Berlin Kreuzberg, five minutes from the canal."),
    (2, "Я работаю в Сименсе инженером данных."),
    (3, "I drink green tea every morning, never anything else."),
    (4, "Lena made soup tonight, the kids loved it."),
    (5, "Booked the dentist for next Tuesday."),
    (6, "Finished reading Dune, what a book."),
    (40, "We moved to Vienna last week, boxes everywhere."),
    (41, "Первый день в новой компании, в Боше, команда отличная."),
    (42, "Switched to coffee, two espressos before nine."),
    (43, "Max started violin lessons on Thursdays."),
    (44, "Дочитал «Дюну», отличная книга."),
]


@pytest.fixture
async def retriever(tmp_path: Path) -> AsyncIterator[Retriever]:
    async with retriever_over(tmp_path, TURNS) as found:
        yield found


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Where do I live now?", "We moved to Vienna"),
        ("Where's home for me these days?", "We moved to Vienna"),
        ("Где я сейчас живу?", "We moved to Vienna"),  # the slot crosses languages
        ("Где я сейчас работаю?", "Первый день в новой компании"),
        ("What company do I work for now?", "Первый день в новой компании"),
        ("What do I drink these days?", "Switched to coffee"),
    ],
)
async def test_the_new_state_in_other_words_ranks_first(
    retriever: Retriever, question: str, answer: str
) -> None:
    hits = await retriever.search(question, SearchFilters(limit=5))
    assert hits, question
    assert hits[0].node.content.startswith(answer), [h.node.content for h in hits]


async def test_the_past_state_still_ranks_first_for_before(
    retriever: Retriever,
) -> None:
    hits = await retriever.search("Где я жил раньше?", SearchFilters(limit=5))
    assert hits and hits[0].node.content.startswith("I live in Berlin")


def test_only_the_users_own_state_is_expanded() -> None:
    assert "moved" in slot_terms("Where do I live now?")
    assert "работа" in slot_terms("Какая у меня сейчас работа?")
    assert "coffee" in slot_terms("What's my favourite drink?")
    assert "кофе" in slot_terms("Какой мой любимый напиток?")
    # "favourite" alone names no slot: a film is no drink
    assert slot_terms("What is my favourite film?") == ()
    assert slot_terms("Какой у меня любимый фильм?") == ()
    # the words a move or a new job is told in, beyond "live" and "work"
    assert {"house", "доме"} <= set(slot_terms("Where do I live now?"))
    assert "startup" in slot_terms("Where do I work these days?")
    # someone else's state, or a person: the question carries its own words
    assert slot_terms("Where does my boss live now?") == ()
    assert slot_terms("Где сейчас живёт мой начальник?") == ()
    assert slot_terms("Who is my boss?") == ()
    assert slot_terms("What did Melanie paint?") == ()


def test_a_teachers_or_a_shift_workers_question_asks_about_work() -> None:
    # "working" and «преподаю» ask about the user's job like "work" does
    assert "job" in slot_terms("Where am I working now?")
    assert "работаю" in slot_terms("Где я сейчас преподаю?")
    assert "job" in slot_terms("Where do I teach these days?")


def test_a_question_about_shifts_asks_for_the_shifts_not_the_job() -> None:
    # "job", "company" are anyone's words ("Katya got a job"): a question
    # about the hours is searched with the words of shifts alone
    for question in ("What shifts am I working now?", "Я всё ещё работаю по ночам?"):
        terms = slot_terms(question)
        assert "shift" in terms and "смена" in terms
        assert "job" not in terms
    assert slot_terms("Я сменил машину?") == ()


def test_the_russian_notice_is_a_work_word() -> None:
    # «Написал заявление об уходе из Kyma» leaves the old job by its firm's
    # name alone, like "Handed in my notice at Kyma" does
    assert "заявление" in slot_terms("Где я работал раньше?")


def test_a_shift_named_by_its_hours_asks_for_the_shifts() -> None:
    # "on evenings", «по вечерам» name a shift by its hours, like "nights"
    for question in ("Am I still on evenings?", "Я всё ещё работаю по вечерам?"):
        terms = slot_terms(question)
        assert "shift" in terms and "job" not in terms, terms
    assert "shift" not in slot_terms("What do I do in the evenings?")


def test_an_original_plan_asked_without_its_topic() -> None:
    # the turns that call the plan off or replace it carry words of their own
    for bare in ("Where was I originally going?", "Куда я сначала собиралась поехать?"):
        assert asks_original_plan(bare), bare
        assert "instead" in slot_terms(bare), bare
    for named in (
        "Куда мы с Мишей собирались сначала?",
        "Where were we originally going for Christmas in Berlin?",
        "Where was I going?",  # no plan as first made
    ):
        assert not asks_original_plan(named), named
        assert "instead" not in slot_terms(named), named


PILL_TURNS = [
    (1, "Бисопролол по 2,5 мг утром, половинка таблетки."),
    (2, "Чай на балконе, смотрю на море."),
    (3, "Вечером чай с лимоном у соседки."),
    (4, "Lena made soup tonight, the kids loved it."),
    (30, "Врач поднял бисопролол до 5 мг, теперь целая таблетка."),
    (31, "Утром чай, пульс в норме."),
]


def test_the_russian_drink_verb_of_a_pill_asks_no_drink() -> None:
    # «пью» of a named pill is "taking" it; after «что» or with a drink's
    # word it asks the drink
    assert "кофе" not in slot_terms("Сколько мг бисопролола я пью?")
    assert "кофе" not in slot_terms("Какой статин я сейчас пью?")
    for drink in ("Что я пью по утрам?", "Я сейчас пью вино?", "Я пью чай или кофе?"):
        assert "кофе" in slot_terms(drink), drink


async def test_the_pill_asked_with_the_drink_verb_finds_the_pill(
    tmp_path: Path,
) -> None:
    async with retriever_over(tmp_path, PILL_TURNS) as found:
        hits = await found.search(
            "Сколько мг бисопролола я пью?", SearchFilters(limit=5)
        )
    texts = [hit.node.content for hit in hits]
    assert texts and all("бисопролол" in t.casefold() for t in texts[:2]), texts
    assert not any("чай" in t.casefold() for t in texts), texts


def test_an_address_asks_for_the_home() -> None:
    # "what's my address now?", «какой у меня сейчас адрес?» ask where one
    # lives; "address" is no home word in a turn (an email's is as common)
    for question in ("What's my address now?", "Какой у меня сейчас адрес?"):
        assert "live" in slot_terms(question), question
    assert "address" not in slot_terms("Where do I live now?")
