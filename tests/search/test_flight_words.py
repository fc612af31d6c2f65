"""A question's verb of flying is said by the flight, the tickets, another
form of the verb: «Когда мы летим в Омск?» is answered by «Билеты сдал,
полетим в мае», which never says «летим», on a real database (the relevance
gate wanted both own words of one turn, and «летим» was searched as «лет*»,
finding «тридцать лет»). «Сколько лет …?» is still years, not flying."""

from __future__ import annotations

from agent_memory.retrieval import SearchFilters
from agent_memory.search.flight_words import flying_kin
from agent_memory.search.morphology import stem
from agent_memory.search.query_text import fts_match
from agent_memory.storage import MemoryStorage
from day_turns import retriever_of, turn

DAY = 86_400.0
NOW = 1_790_000_000.0


def test_the_unprefixed_verb_is_no_years() -> None:
    assert {stem(w) for w in "летим летит летал летела".split()} == {"лететь"}
    assert stem("лет") == "лет" != stem("летим")
    match = fts_match(["летим"])
    assert match is not None and '"летим"' in match and '"лет"*' not in match


def test_the_verb_is_known_by_its_full_form() -> None:
    verbs, said_by = flying_kin(["летим", "омск"])
    assert verbs == {"лететь"} and stem("билеты") in said_by
    assert flying_kin(["flying", "toronto"])[0] == {stem("flying")}
    for years in (["лет", "шпроту"], ["летом", "дача"], ["летний", "лагерь"]):
        assert flying_kin(years) == (set(), set()), years


async def test_a_flight_is_answered_by_its_tickets(storage: MemoryStorage) -> None:
    await turn(storage, "Дед в Омске тридцать лет на трамвае ездил.", NOW - 90 * DAY)
    await turn(
        storage, "Двадцать лет в одной школе в Омске вели физику.", NOW - 80 * DAY
    )
    moved = await turn(
        storage,
        "Решили: переносим Омск на май. Билеты сдал, полетим в мае.",
        NOW - 60 * DAY,
    )
    bought = await turn(
        storage, "Вера нашла билеты на май: Тбилиси — Стамбул — Омск.", NOW - 30 * DAY
    )
    for i in range(15):  # other talk, sharing no word
        await turn(storage, f"Гуляли у реки с собакой, {i}.", NOW - (10 - i / 2) * DAY)
    retriever = retriever_of(storage)
    for question in (
        "Когда мы летим в Омск?",
        "Когда мы летим в Омск, какой план теперь?",
    ):
        hits = await retriever.search(question, SearchFilters(now=NOW), reinforce=False)
        # the tickets lead: «тридцать лет в Омске» is years, no flight
        assert {h.node.id for h in hits[:2]} == {moved, bought}, question


async def test_a_place_never_flown_to_still_finds_nothing(
    storage: MemoryStorage,
) -> None:
    await turn(storage, "Вера нашла билеты на май: Тбилиси — Стамбул — Омск.", NOW)
    await turn(storage, "Шпроту три года, он всё ещё грызёт тапки.", NOW - DAY)
    retriever = retriever_of(storage)
    for question in ("Когда мы летим в Париж?", "Сколько лет Мурке?"):
        hits = await retriever.search(question, SearchFilters(now=NOW), reinforce=False)
        assert hits == [], question
