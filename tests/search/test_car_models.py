"""A car model the memory names after a make answers "what car now?"
(search/car_models.py): "picked up the honda jazz" makes "jazz" the car in
this memory, and "topped up the jazz" then answers what the user drives.
A word after a make once, in lower case, or written unlike the make, is no
model; the warm path of a car question asked again reads nothing."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.core.records import EpisodeDraft
from agent_memory.retrieval import SearchFilters
from agent_memory.search.car_models import models_after_makes
from agent_memory.search.question import read_question
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "Long call with the plumber about the boiler pressure.",
    "Repotted the basil and the mint on the balcony.",
    "Полдня разбирала балкон, нашла старые лыжные ботинки.",
)
JAZZ = [
    "Saw a honda jazz at the dealer on Mill Road, 2017, blue, 38k miles.",
    "Decided on the honda jazz, collecting it next week.",
    "Jazz night at the Lantern with Ben, the trio was brilliant.",
    "Booked the honda service for the squeaky brakes.",
    "Topped up the jazz on the way back, barely 30 quid.",
]
RIO = [
    "Смотрели с братом киа рио, семнадцатый год, пробег небольшой.",
    "Взяли киа рио, белую, без кредита.",
    "Отогнал рио на мойку, после трассы вся в грязи.",
]


async def _life(storage: MemoryStorage, turns: list[str]) -> None:
    noise = [NOISE[i % len(NOISE)] for i in range(12)]
    await linked_days(storage, [*noise[:6], *turns, *noise[6:]], T0)


def test_a_model_is_the_word_a_make_stands_before_written_as_it() -> None:
    assert models_after_makes("Picked up my Hyundai Getz today") == {"getz": True}
    assert models_after_makes("думаем про киа рио") == {"рио": False}
    # written unlike the make: the thing bought for the car
    assert models_after_makes("Поставил на Хавейл видеорегистратор") == {}
    # no make: «Ренат» only begins as «Рено» does; a make then a full stop
    assert models_after_makes("Ренат Галиев зовёт на пиво") == {}
    assert models_after_makes("Sold the Toyota. Next week, a bike") == {}


async def test_the_models_learned_are_this_memorys_own(
    storage: MemoryStorage,
) -> None:
    """ "jazz" twice after "honda" is a model; "service" once is not."""
    await _life(storage, JAZZ)
    query = await read_question(storage, "what car do I drive now?", None)
    assert query.kinds.models == ("jazz",), query.kinds.models
    assert "jazz" in query.kinds.terms


async def test_what_car_now_finds_the_turn_naming_the_model_alone(
    storage: MemoryStorage,
) -> None:
    await _life(storage, JAZZ)
    retriever = await linked_days(storage, [], T0)
    hits = await retriever.search(
        "what car do I drive now?", SearchFilters(limit=5), reinforce=False
    )
    assert JAZZ[-1] in {hit.node.content for hit in hits}


async def test_a_russian_question_finds_the_model_in_its_cases(
    storage: MemoryStorage,
) -> None:
    await _life(storage, RIO)
    retriever = await linked_days(storage, [], T0)
    hits = await retriever.search(
        "какая у нас сейчас машина?", SearchFilters(limit=5), reinforce=False
    )
    assert RIO[-1] in {hit.node.content for hit in hits}


@pytest.mark.sqlite_only(reason="reads the statements SQLite runs")
async def test_a_car_question_asked_again_reads_no_turns_until_one_is_added(
    storage: MemoryStorage,
) -> None:
    await _life(storage, JAZZ[:2])
    statements: list[str] = []

    async def reads(question: str) -> list[str]:
        statements.clear()
        await storage._conn.read.set_trace_callback(statements.append)
        query = await read_question(storage, question, None)
        await storage._conn.read.set_trace_callback(None)
        assert "jazz" in query.kinds.terms, query.kinds.terms
        return [s for s in statements if "bm25(nodes_fts" in s or "id in (" in s]

    assert await reads("what car do I drive now?")
    assert not await reads("what car do I drive now?")
    await storage.nodes.add_episode(
        EpisodeDraft("The jazz passed its MOT.", "later", "user", T0 + 9e5)
    )
    await storage.drain()
    assert await reads("what car do I drive now?")
