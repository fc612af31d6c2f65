"""A question about the sport or hobby the user does now or did before: the
turns name the doing itself ("Boxing with Dima", «Бокс в Cīņa»), rarely a
place (search/member_things.py), and a place counts as the doing's only
when named beside it more than once (search/category_things.py)."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.search.kinds import asked_kinds, doing_lookalikes, doings_said
from agent_memory.search.morphology import stem
from agent_memory.search.query_text import query_terms
from agent_memory.search.stem_sets import text_stems
from agent_memory.search.twin_words import twin_stems
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
FOOTBALL = [
    "Football with the guys on Thursday, scored twice.",
    "Played football in the rain, my knee hurts again.",
    "Football night: we lost 5-3, my lungs gave up first.",
    "Football again, the knee held for once.",
]
BOXING = [
    "Boxing with Dima: the coach says my left is lazy.",
    "Boxing again, I could not lift my arms in the morning.",
    "Boxing: first sparring round, my nose survived.",
    "Бокс с Димой: тренер полчаса гонял нас со скакалкой.",
    "Бокс в понедельник, левая стала чуть менее ленивой.",
]
NOISE = (
    "Meetings all afternoon, too many of them.",
    "Cooked soup for the whole week.",
    "Packing boxes in the flat all evening.",
    "Is a used roof box for the estate car worth it?",
)


def _said(question: str, text: str) -> set[str]:
    kinds = asked_kinds(question, tuple(query_terms(question)))
    return doings_said(kinds, text_stems(text), text)


def test_a_doings_stem_alone_only_looks_like_it() -> None:
    question = "What sport do I do these days?"
    kinds = asked_kinds(question, tuple(query_terms(question)))
    for text in ("Packing boxes all evening.", "A used roof box for the car?"):
        assert "boxing" in doing_lookalikes(kinds, text_stems(text), text)
    text = "Boxing with Dima tonight."
    assert not doing_lookalikes(kinds, text_stems(text), text)


def test_a_doing_in_ing_is_said_only_in_full() -> None:
    question = "What sport do I do these days?"
    assert _said(question, "Boxing with Dima tonight.")
    assert _said(question, "Первая тренировка по боксу.")
    assert not _said(question, "Packing boxes all evening.")
    assert not _said(question, "A used roof box for the car?")
    assert not _said(question, "Moved the table row by row.")


async def _life(storage: MemoryStorage, old: list[str], new: list[str]) -> Retriever:
    """`old` weeks, then `new`, each between days of small talk."""
    noise = [NOISE[i % 4] for i in range(12)]
    return await linked_days(storage, [*old, *noise, *new, *noise[:4]], T0)


async def _top(retriever: Retriever, question: str, count: int) -> list[str]:
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    return [hit.node.content for hit in hits[:count]]


@pytest.mark.parametrize(
    "question", ["What sport do I do these days?", "Каким спортом я сейчас занимаюсь?"]
)
async def test_now_finds_the_newest_doing_not_a_box(
    storage: MemoryStorage, question: str
) -> None:
    top = await _top(await _life(storage, FOOTBALL, BOXING), question, 3)
    assert set(top) <= set(BOXING), top


async def test_before_finds_the_older_doing(storage: MemoryStorage) -> None:
    question = "What sport did I do before?"
    top = await _top(await _life(storage, FOOTBALL, BOXING), question, 4)
    assert set(top) == set(FOOTBALL), top


async def test_a_place_named_once_beside_a_sport_is_no_sports_place(
    storage: MemoryStorage,
) -> None:
    office = [
        "Friday at Skelo: the nightly build was green again.",
        "Demo at Skelo, the team liked my dashboard.",
        "Skelo moved the standup to ten, finally.",
    ]
    old = [*FOOTBALL[:3], "Football after work, told Dima about Skelo."]
    top = await _top(
        await _life(storage, old, [*BOXING, *office]),
        "What sport do I do these days?",
        4,
    )
    assert set(top) <= set(BOXING), top


def test_both_russian_words_for_piano_are_one_doing() -> None:
    # «пианино» and «фортепиано» are both "piano": counted apart, the lessons
    # («уроки фортепиано») would be a doing named once, not the piano's
    assert {stem("пианино"), stem("фортепиано")} <= twin_stems(stem("piano"))


@pytest.mark.parametrize(
    "question",
    [
        "What do I do in the evenings for fun these days?",
        "What do I do after work these days?",
        "Чем я сейчас занимаюсь по вечерам?",
    ],
)
async def test_ones_own_time_asks_the_doing_of_now(
    storage: MemoryStorage, question: str
) -> None:
    # no category named: the evenings, the fun are a hobby's or a sport's
    top = await _top(await _life(storage, FOOTBALL, BOXING), question, 3)
    assert top and set(top) <= set(BOXING), top


def test_time_at_work_names_no_doing() -> None:
    for question in ("Am I still on evenings?", "Я всё ещё работаю по вечерам?"):
        assert not asked_kinds(question, tuple(query_terms(question))).kinds


async def test_the_doing_named_most_and_last_is_now_beside_a_rarer_old_one(
    storage: MemoryStorage,
) -> None:
    # football told of twice, then boxing seven: the old doing falls
    # below half the new one's count, and the new one is still what the
    # user does now, above the workday turns that share the question's words
    boxing = [
        *BOXING,
        "Boxing on Monday, the left is a bit less lazy.",
        "These days boxing is my sport, I do it three times a week.",
    ]
    workdays = [
        "Friday at work: the nightly run was green again.",
        "How do I set up the tests to run in parallel?",
    ]
    top = await _top(
        await _life(storage, FOOTBALL[:2], [*boxing, *workdays]),
        "What sport do I do these days?",
        5,
    )
    assert set(top) <= set(boxing), top


KNITTING = [
    "Knitting a jumper for Oscar, the sleeves are uneven.",
    "Knitting again tonight, my wrists ache.",
    "Finished a scarf, knitting is so calming.",
]
POTTERY = [
    "Pottery night: I tried a teapot, the spout fell off.",
    "Pottery: my first go at glazing, a blue called Atlantic.",
    "Гончарка: забрала из печи свои синие чашки.",
    "Гончарка: сделала две чашки и блюдце.",
    "Pottery class: the teacher showed us centring on the wheel.",
]
GIVING_UP = (
    "I'm giving up knitting, my wrists hurt. "
    "A friend does pottery and says I'd love it."
)


@pytest.mark.parametrize(
    "question", ["What's my hobby these days?", "Чем я сейчас увлекаюсь?"]
)
async def test_a_turn_opening_with_the_doing_is_the_users_own(
    storage: MemoryStorage, question: str
) -> None:
    # "Pottery", «Гончарка» open a diary line as its heading and are filed
    # as an entity, like a name: still the user's doing, not someone's news
    retriever = await _life(storage, [*KNITTING, GIVING_UP], POTTERY)
    top = await _top(retriever, question, 5)
    assert set(top) == set(POTTERY), top


@pytest.mark.parametrize(
    "question", ["What's my hobby these days?", "Чем я сейчас увлекаюсь?"]
)
async def test_the_old_doings_end_ranks_below_the_new_doings_turns(
    storage: MemoryStorage, question: str
) -> None:
    # the turn giving knitting up names pottery too: it tells what the user
    # gave up, so the new doing's own turns come first
    pottery = [
        "Went to my pottery class, made a wonky bowl.",
        "Threw two cups at pottery tonight.",
        "Была на гончарке, сделала чашку.",
        "Снова гончарка, глина под ногтями.",
        "Glazed three plates at pottery, all blue.",
    ]
    # the end says the question's word, so it scored first before the raise
    giving_up = (
        "I'm giving up knitting, my hobby for years: my wrists hurt. "
        "Увлекаюсь теперь другим, a friend does pottery and says I'd love it."
    )
    retriever = await _life(storage, [*KNITTING, giving_up], pottery)
    top = await _top(retriever, question, 5)
    assert set(top) == set(pottery), top


WATERCOLOUR = [
    "Акварель по средам, рисовали осенние листья.",
    "Акварель по средам: небо по мокрому, вышло похоже.",
    "Акварель по средам, учительница похвалила кувшин.",
]


async def test_the_verb_of_being_into_frames_a_day_asked(
    storage: MemoryStorage,
) -> None:
    # «увлекаюсь» frames a hobby question as «занимаюсь» does: no turn says
    # it, so the day asked («по средам») alone is the word a hit must share
    question = "Чем я сейчас увлекаюсь по средам?"
    top = await _top(await _life(storage, FOOTBALL, WATERCOLOUR), question, 3)
    assert top and set(top) <= set(WATERCOLOUR), top


# A daughter's swimming, told by the parent: the child swims, the parent drives
CHILDS_SWIMMING = [
    "Wednesday swimming, Alina swam 25 metres for the first time.",
    "Swimming at 16:00, Max took Alina, I came from the office.",
    "Friday swimming, Alina practised diving for rings.",
    "Плавание в пятницу, Макс отвёз Алину, она нырнула за кольцом.",
    "Swimming again, Alina jumped from the 1 metre board.",
    "Friday swimming as usual, Max took Alina there.",
]
OWN_CLIMBING = [
    "My first bouldering session with Dina, arms gone.",
    "Second bouldering session, did my first yellow route.",
    "Bouldering after work, I climbed a blue route.",
]


@pytest.mark.parametrize(
    "question",
    ["What do I do for sport these days?", "Каким спортом я сейчас занимаюсь?"],
)
async def test_anothers_doing_ranks_below_the_users_own(
    storage: MemoryStorage, question: str
) -> None:
    # the child's swimming is told more often and last; asked what the user
    # does, her own bouldering answers. The newest small talk's "Packing
    # boxes" and "roof box" match the member "boxing" by the index's stem:
    # on PostgreSQL (ts_rank) they led the user's own bouldering
    retriever = await _life(storage, OWN_CLIMBING, CHILDS_SWIMMING)
    top = await _top(retriever, question, 3)
    assert set(top) == set(OWN_CLIMBING), top


TABLE_TENNIS = [
    "Table tennis with Levan in the evening, he taught me the backhand.",
    "My arm hurts after the table tennis, Levan says I have a Soviet grip.",
    "Table tennis at Levan's, lost only 9-11 to Guram.",
]
CHESS = [
    "Chess in the park with Otar, lost twice.",
    "Chess with Otar again, a draw at last.",
    "Chess in the park, Otar brought his old clock.",
]


async def test_what_one_plays_is_a_game_too(storage: MemoryStorage) -> None:
    # "play" asks an instrument or a game, a ball game too: table tennis answers
    retriever = await _life(storage, CHESS, TABLE_TENNIS)
    top = await _top(retriever, "What do I play these days?", 3)
    assert set(top) == set(TABLE_TENNIS), top
