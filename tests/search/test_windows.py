"""Windows select before the legs rank (both backends), relative dates in the
question, and "What did I do …" questions, on a real database."""

from __future__ import annotations

import datetime as dt

from agent_memory.core.records import EpisodeDraft, NodeWindow
from agent_memory.retrieval import SearchFilters
from agent_memory.search.legs import fts_leg
from agent_memory.storage import MemoryStorage
from day_turns import retriever_of, turn

DAY = 86_400.0
# Wednesday 2026-10-28, 00:00 UTC: the day the questions ask about.
D = dt.datetime(2026, 10, 28, tzinfo=dt.UTC).timestamp()
NOW = D + DAY + 15 * 3600  # Thursday afternoon: "yesterday" is D
CLIMB = "Back from bouldering with Priya, my forearms are done after the new overhang"


async def everyday(storage: MemoryStorage) -> dict[str, int]:
    """A month of chats: short "bouldering" turns on other days outrank the
    long one of day D by bm25; D also holds turns that match no question."""
    ids: dict[str, int] = {}
    for i in range(70):
        offset = 3 if i % 20 == 19 else i % 20 - 20  # days -20 .. -2, and +3
        await turn(storage, f"bouldering again {i}", D + offset * DAY + 3600)
    ids["climb"] = await turn(storage, CLIMB, D + 18 * 3600)
    ids["breakfast"] = await turn(storage, "Made pancakes for breakfast", D + 8 * 3600)
    ids["agent"] = await turn(
        storage, "Glad the pancakes worked out!", D + 8 * 3600 + 60, "orchestrator"
    )
    ids["call"] = await turn(storage, "Called mum about the holidays", D + 12 * 3600)
    return ids


async def test_a_window_ranks_inside_itself_not_the_fused_top(
    storage: MemoryStorage,
) -> None:
    ids = await everyday(storage)
    hits = await retriever_of(storage).search(
        "bouldering", SearchFilters(after=D, before=D + DAY), reinforce=False
    )
    assert hits and hits[0].node.id == ids["climb"]
    assert all(D <= h.node.when < D + DAY for h in hits)


async def test_a_window_with_turns_never_comes_back_empty(
    storage: MemoryStorage,
) -> None:
    ids = await everyday(storage)
    hits = await retriever_of(storage).search(
        "what happened with the kayak?",
        SearchFilters(after=D, before=D + DAY),
        reinforce=False,
    )
    assert {h.node.id for h in hits} >= {ids["breakfast"], ids["call"]}
    # the assistant's replies answer no question about a time
    assert ids["agent"] not in {h.node.id for h in hits}


async def test_a_name_within_a_window_finds_that_speakers_turns(
    storage: MemoryStorage,
) -> None:
    early = [
        await turn(storage, f"Caroline: the support group met, week {i}", D + i * 60)
        for i in range(3)
    ]
    for i in range(80):  # later, many more of Caroline's turns
        await turn(storage, f"Caroline: painting day {i}", D + 10 * DAY + i * 60)
        await turn(storage, f"Melanie: running day {i}", D + 10 * DAY + i * 60)
    hits = await retriever_of(storage).search(
        "Caroline", SearchFilters(before=D + DAY), reinforce=False
    )
    assert {h.node.id for h in hits} == set(early)


async def test_yesterday_in_the_question_is_the_window_of_the_turns_day(
    storage: MemoryStorage,
) -> None:
    ids = await everyday(storage)
    search = retriever_of(storage).search
    asked = await search(
        "bouldering yesterday", SearchFilters(now=NOW), reinforce=False
    )
    assert asked and asked[0].node.id == ids["climb"]
    assert all(D <= h.node.when < D + DAY for h in asked)
    # An explicit window from the caller wins over the phrase.
    later = await search(
        "bouldering yesterday",
        SearchFilters(after=D + 3 * DAY, before=D + 4 * DAY, now=NOW),
        reinforce=False,
    )
    assert later and all(D + 3 * DAY <= h.node.when < D + 4 * DAY for h in later)


async def test_get_context_answers_a_relative_date_as_search_with_its_window(
    storage: MemoryStorage,
) -> None:
    await everyday(storage)
    memory = retriever_of(storage)
    question = "Where did I go bouldering yesterday?"
    explicit = await memory.search(
        question, SearchFilters(after=D, before=D + DAY), reinforce=False
    )
    block = await memory.get_context(question, now=NOW)
    assert block is not None and explicit
    assert explicit[0].node.content in block
    assert "bouldering again" not in block  # every other day's turns


async def test_what_did_i_do_gets_my_own_turns_in_time_order(
    storage: MemoryStorage,
) -> None:
    ids = await everyday(storage)
    memory = retriever_of(storage)
    expected = [ids["breakfast"], ids["call"], ids["climb"]]
    for question in (
        "What did I do yesterday?",
        "Что я делал вчера?",
        "Что я вчера делал?",  # the time between pronoun and verb
        "What were we up to yesterday?",
    ):
        hits = await memory.search(question, SearchFilters(now=NOW), reinforce=False)
        assert [h.node.id for h in hits] == expected, question


async def test_a_date_that_holds_nothing_does_not_empty_the_search(
    storage: MemoryStorage,
) -> None:
    ids = await everyday(storage)
    # Asked a year later: "yesterday" holds no turn; the words still find it.
    hits = await retriever_of(storage).search(
        "overhang yesterday", SearchFilters(now=NOW + 365 * DAY), reinforce=False
    )
    assert hits and hits[0].node.id == ids["climb"]


async def test_a_month_of_doings_gets_each_days_telling_turn_spread_over_it(
    storage: MemoryStorage,
) -> None:
    # October: every day a request, a question and one thing done; the answer
    # has room for 4 turns, so it gets 4 doings from days across the month,
    # not the month's first 4 turns.
    start = dt.datetime(2026, 10, 1, tzinfo=dt.UTC).timestamp()
    for day in range(31):
        when = start + day * DAY + 9 * 3600
        await turn(storage, "Remind me to pay the electricity bill", when)
        await turn(storage, "How do I reverse a list in Python?", when + 60)
        await turn(storage, f"Went to the pool and swam lap {day}", when + 120)
    for question in ("What did I do in October?", "Чем я занимался в октябре?"):
        hits = await retriever_of(storage).search(
            question, SearchFilters(now=NOW + 30 * DAY, limit=4), reinforce=False
        )
        days = [int((h.node.when - start) // DAY) for h in hits]
        assert all(h.node.content.startswith("Went") for h in hits), question
        assert days == sorted(days) and len(set(days)) == 4 and days[-1] >= 15


async def test_a_short_russian_word_finds_its_forms_not_longer_words(
    storage: MemoryStorage,
) -> None:
    # «хор» as a prefix is «хорошо»: the window's «хорошо» turns were the
    # text leg's matches of the question beside the rehearsals it named
    for hour in range(1, 6):
        draft = EpisodeDraft("Всё хорошо", f"chat{hour}", "user", D + hour * 3600)
        await storage.nodes.add_episode(draft)
    choir = await turn(storage, "Репетиция хора до девяти вечера", D + 1800)
    sang = await turn(storage, "Пели с хором Щедрик", D + 7200)
    window = NodeWindow(after=D, before=D + DAY)
    found = await fts_leg(storage, ["хор"], limit=10, types=(), window=window)
    assert {node_id for node_id, _ in found} == {choir, sang}


async def test_a_window_puts_the_turns_that_say_the_topic_first(
    storage: MemoryStorage,
) -> None:
    """The turns beside a match carry its words in their context (and the
    walk scores them), yet say nothing of it: inside a window the turns
    that say the topic, even in the other language, come first."""
    day = D + 9 * 3600
    packing = await turn(
        storage, "Packing for Kerry: the Kerry trip, Kerry maps, Kerry list", day
    )
    beside = [
        await turn(storage, text, day + (1 + i) * 60)
        for i, text in enumerate(
            [
                "Niamh called a team meeting at half seven",
                "Explain in simple words what a heat pump is",
            ]
        )
    ]
    later = D + 2 * DAY
    said = [
        await turn(
            storage,
            f"Поездка в Керри, день {i}, дети весь день в море, вода холодная",
            later + i * DAY,
        )
        for i in range(3)
    ]
    hits = await retriever_of(storage).search(
        "the Kerry trip",
        SearchFilters(after=D, before=D + 6 * DAY),
        reinforce=False,
    )
    order = [hit.node.id for hit in hits]
    assert set(order) >= {packing, *said}
    first_other = min(
        (order.index(i) for i in beside if i in order), default=len(order)
    )
    assert all(order.index(i) < first_other for i in [packing, *said])
    assert [hit.score for hit in hits] == sorted(
        (hit.score for hit in hits), reverse=True
    )


async def test_the_windows_doings_lead_its_requests_and_others_news(
    storage: MemoryStorage,
) -> None:
    # Two days: the first holds a request and someone else's news, the
    # second four doings. "What was I doing then?" has room for 5: all the
    # doings, first; not two of them after the first day's turns.
    said = [
        ["Какие витамины пить после 60, только честно", "Zarina sent a voice note"],
        [
            "Reception shift at St Gemma's, quiet morning",
            "На акварели училась «мокрым по мокрому»",
            "Took the dog to the vet, he lay on the back seat",
            "Morning walk with the dog round the park",
        ],
    ]
    for day, texts in enumerate(said):
        for at, text in enumerate(texts):
            await turn(storage, text, D + day * DAY + (9 + at) * 3600)
    window = SearchFilters(after=D, before=D + 2 * DAY, limit=5)
    for question in ("What was I doing then?", "Чем я тогда занималась?"):
        hits = await retriever_of(storage).search(question, window, reinforce=False)
        assert [h.node.content for h in hits[:4]] == said[1], question
