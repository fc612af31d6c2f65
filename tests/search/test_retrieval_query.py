"""Query understanding: FTS query building, time filters, dates, names, intent."""

from __future__ import annotations

import sqlite3

import pytest
from agent_memory.search.intent import (
    EmbeddingIntentClassifier,
    KeywordIntentClassifier,
    classify_query_complexity,
    plan_query,
)
from agent_memory.search.query_text import (
    TimeFilterError,
    asks_for_many,
    build_fts_query,
    name_candidates,
    parse_time_filter,
    query_dates,
    query_terms,
)
from fakes import HashEmbedder, service
from hypothesis import given, settings
from hypothesis import strategies as st

INTENT_TABLE = [
    ("Why did we switch to Postgres?", "why"),
    ("What was the reason for moving?", "why"),
    ("Почему мы перешли на Postgres?", "why"),
    ("Из-за чего сломалась сборка?", "why"),
    ("When did I meet Anna?", "when"),
    ("What date is the release?", "when"),
    ("Когда я встречался с Анной?", "when"),
    ("Какого числа релиз?", "when"),
    ("Who is Vitya?", "who"),
    ("Whose idea was the offsite?", "who"),
    ("Кто такой Витя?", "who"),
    ("С кем я говорил о бюджете?", "who"),
    ("What is my favourite tea?", "what"),
    ("Which editor do I use?", "what"),
    ("Что я знаю о проекте?", "what"),
    ("Какой у меня любимый чай?", "what"),
    ("Remind me of the plan", "general"),
    ("Напомни план", "general"),
]


@pytest.fixture(scope="module")
def fts() -> sqlite3.Connection:
    from agent_memory.store.db import find_driver

    conn = find_driver().module.connect(":memory:")
    conn.execute(
        "create virtual table t using fts5(content, context,"
        " tokenize='porter unicode61 remove_diacritics 2')"
    )
    conn.execute("insert into t values ('harbour world', 'neighbour text')")
    return conn  # type: ignore[no-any-return]


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_any_text_gives_a_query_fts5_accepts(
    fts: sqlite3.Connection, text: str
) -> None:
    match = build_fts_query(text)
    if match is None:  # only when no searchable term is left
        assert query_terms(text) == []
    else:
        fts.execute("select rowid from t where t match ?", (match,)).fetchall()


@pytest.mark.parametrize(
    ("text", "hits"),
    [
        ('say "harbour', 1),
        ("NEAR(a b) world", 1),
        ("-world", 1),
        ("col:harbour", 1),
        ("((harbour", 1),
        ("hel*", 0),  # a quoted term, not a prefix query
        ("a AND world OR", 1),
    ],
)
def test_fts_syntax_in_user_text_is_quoted(
    fts: sqlite3.Connection, text: str, hits: int
) -> None:
    match = build_fts_query(text)
    assert match is not None
    rows = fts.execute("select rowid from t where t match ?", (match,)).fetchall()
    assert len(rows) == hits


def test_stop_words_dropped_and_terms_ored() -> None:
    assert build_fts_query("What is the plan for Anna?") == '"plan" OR "anna"'
    assert build_fts_query("what is the") is None


def test_russian_question_words_in_every_case_are_stop_words() -> None:
    """«К какому стоматологу…»: the dative of «какой» asks, it names nothing;
    searched, it ranked turns of other things above the dentist's."""
    assert query_terms("К какому стоматологу я хожу?") == ["стоматологу", "хожу"]
    assert query_terms("С какими друзьями я играю?") == ["друзьями", "играю"]
    assert query_terms("Которому из врачей я верю?") == ["врачей", "верю"]


def test_the_day_a_question_asks_is_no_word_to_find() -> None:
    """ "What day", «в какой день» ask when: «день рождения» is no answer."""
    assert query_terms("What day is my yoga class now?") == ["yoga", "class"]
    assert query_terms("В какой день у меня теперь сербский?") == ["сербский"]
    assert query_terms("По каким дням я хожу в бассейн?") == ["хожу", "бассейн"]
    # a day that is the thing asked about stays
    assert "day" in query_terms("How was my first day at the new job?")


def test_time_filters() -> None:
    now = 1_700_000_000.0
    assert parse_time_filter("last_week", now=now) == now - 7 * 86_400
    assert parse_time_filter(" LAST_MONTH ", now=now) == now - 30 * 86_400
    assert parse_time_filter("2024-03-01") == 1_709_251_200.0


@pytest.mark.parametrize("bad", ["yesterday", "2024-13-01", "", "01.03.2024"])
def test_bad_time_filter_says_what_works(bad: str) -> None:
    with pytest.raises(TimeFilterError, match="last_week, last_month or YYYY-MM-DD"):
        parse_time_filter(bad)


def test_dates_in_questions() -> None:
    (day,) = query_dates("What happened on 8 May, 2023?")
    assert day.end - day.start == 86_400
    assert query_dates("and on May 8, 2023") == [day]
    (month,) = query_dates("anything in June 2023?")
    assert month.end - month.start == 30 * 86_400
    assert query_dates("it may rain, 30 February 2023") == []


def test_name_candidates_longest_first() -> None:
    names = name_candidates("Who is Anna Petrova?")
    assert names.index("Anna Petrova") < names.index("Anna")
    assert "is" not in names


@pytest.mark.parametrize(("text", "intent"), INTENT_TABLE)
def test_keyword_intents(text: str, intent: str) -> None:
    assert KeywordIntentClassifier().classify(text) == intent


async def test_embedding_intents_on_exemplar_like_queries() -> None:
    embedder = HashEmbedder(dim=64)
    classifier = EmbeddingIntentClassifier(service(embedder), threshold=0.6)
    assert classifier.classify("Why did we decide to do that?") == "why"  # keywords
    assert await classifier.prepare()
    assert len(embedder.calls) == 1  # exemplars embedded once, in one batch
    for text, intent in [
        ("Why did we decide to do that?", "why"),
        ("Когда была встреча?", "when"),
        ("Who is Anna?", "who"),
        ("Что я знаю о проекте?", "what"),
        ("purple elephants dance", "general"),
    ]:
        (vector,) = await embedder.embed_batch([text])
        assert classifier.classify(text, vector) == intent, text


def test_complexity_and_plan() -> None:
    assert classify_query_complexity("Who is Anna?") == "simple"
    long = "Compare what Anna and Boris said about the budget over the last months"
    assert classify_query_complexity(long) == "complex"
    assert classify_query_complexity("Where? And when?") == "complex"
    simple = plan_query("Who is Anna?", "who", default_budget=2000)
    assert (simple.depth, simple.limit, simple.token_budget) == (2, 5, 1000)
    hard = plan_query(long, "what", default_budget=2000)
    assert (hard.depth, hard.limit, hard.token_budget) == (4, 20, 3000)


@pytest.mark.parametrize(
    ("question", "many"),
    [
        ("What activities does Melanie partake in?", True),
        ("What books has Melanie read?", True),
        ("Where has Melanie camped?", True),
        ("How many times did we talk about Porto?", True),
        ("What kinds of music does Sam like?", True),
        ("What is Caroline's relationship status?", False),
        ("What does Melanie do to destress?", False),
        ("When did Caroline go to the support group?", False),
        ("Why did Tomasz move teams?", False),
    ],
)
def test_list_questions_are_recognised(question: str, many: bool) -> None:
    assert asks_for_many(question) is many


def test_without_words_drops_names_and_their_possessive() -> None:
    from agent_memory.search.query_text import without_words

    text = "What do Melanie's kids like, Melanie?"
    assert without_words(text, {"melanie"}).split() == [
        "What",
        "do",
        "kids",
        "like,",
        "?",
    ]
    assert without_words(text, set()) == text
    # Nothing but the name: the text stays as it is rather than becoming empty.
    assert without_words("Melanie?", {"melanie"}) == "Melanie?"
