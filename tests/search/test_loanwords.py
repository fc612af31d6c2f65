"""A loanword asked in one script and said in the other (search/loanwords.py):
"How much bisoprolol am I taking?" finds «теперь утром бисопролол 5», and
«Что там с розувастатином?» finds "Started rosuvastatin 10 mg"; a word is
searched in the other script only in the spellings the memory holds."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.core.records import EpisodeDraft
from agent_memory.retrieval import SearchFilters
from agent_memory.search.analysis import analyse
from agent_memory.search.cross_script import OtherScriptNames
from agent_memory.search.loanwords import (
    loanword_like,
    loanword_pairs,
    other_script_forms,
    with_loanwords,
)
from agent_memory.search.node_ceiling import OnceCeiling
from agent_memory.storage import MemoryStorage
from day_turns import answers, linked_days

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
DOSES = (
    "Кардиолог сказал, бисопролол поднимаем до 5 мг.",
    "Теперь утром бисопролол 5, целую таблетку.",
    "Started rosuvastatin 10 mg at night, the GP wants a lipid panel in March.",
)
NOISE = (
    "What's the weather like this weekend?",
    "Are we still on for dinner with Sam on Friday?",
    "Пеппер опять утащил носок.",
    "Мы ещё не решили, что делать в выходные.",
    "Took the bus to the market, bought apples and cheese.",
    "Вечером гуляли в парке, было тепло.",
)


@pytest.mark.parametrize(
    ("word", "other"),
    [
        ("bisoprolol", "бисопролол"),
        ("rosuvastatin", "розувастатин"),
        ("cellcom", "селком"),
        ("бисопролола", "bisoprolol"),
        ("розувастатином", "rosuvastatin"),
    ],
)
def test_a_loanword_is_spelled_in_the_other_script(word: str, other: str) -> None:
    assert any(other.startswith(form) for form in other_script_forms(word))


@pytest.mark.parametrize("word", ["car", "class", "машина", "bought"])
def test_a_short_or_twinned_word_is_no_loanword(word: str) -> None:
    assert not loanword_like(word)


async def test_only_the_spellings_the_memory_holds_are_searched(
    storage: MemoryStorage,
) -> None:
    await linked_days(storage, [*DOSES, *NOISE], T0)
    found = await loanword_pairs(
        storage, ["bisoprolol", "taking", "розувастатина"], OnceCeiling(storage)
    )
    assert found == (("bisoprolol", "бисопролол"), ("розувастатина", "rosuvastatin"))
    assert (
        await loanword_pairs(storage, ["metoprolol", "weather"], OnceCeiling(storage))
        == ()
    )


@pytest.mark.parametrize(
    ("question", "wanted"),
    [
        ("How much bisoprolol am I taking?", DOSES[1]),
        ("Что там с розувастатином?", DOSES[2]),
    ],
)
async def test_the_dose_said_in_the_other_script_is_found(
    storage: MemoryStorage, question: str, wanted: str
) -> None:
    texts = [*DOSES, *(NOISE[i % len(NOISE)] for i in range(30))]
    retriever = await linked_days(storage, texts, T0)
    top = await answers(retriever, question, SearchFilters(limit=5))
    assert wanted in top, top


async def test_the_later_state_of_a_before_question_is_not_crossed(
    storage: MemoryStorage,
) -> None:
    """ "before cardiology" asks about the ward before it: «кардиологию» is the
    move away from what is asked, not an answer."""
    await linked_days(storage, ["Мне дали место в кардиологию!", *NOISE], T0)
    names = OtherScriptNames()
    await names.refresh(storage)
    before = analyse("Which ward was I on before cardiology?")
    assert (
        await with_loanwords(storage, before, names, OnceCeiling(storage))
    ).loans == ()
    plain = analyse("How do I like cardiology so far?")
    found = (await with_loanwords(storage, plain, names, OnceCeiling(storage))).loans
    assert found == (("cardiology", "кардиологию"),)


@pytest.mark.sqlite_only(reason="reads the statements SQLite runs")
async def test_a_spelling_no_turn_holds_is_looked_up_once_until_a_turn_is_added(
    storage: MemoryStorage,
) -> None:
    """Most words are said in one script only: the lookup that found no turn
    is not repeated for the next question, until a new turn may say it."""
    await linked_days(storage, list(NOISE), T0)
    statements: list[str] = []
    await storage._conn.read.set_trace_callback(statements.append)
    assert await loanword_pairs(storage, ["bisoprolol"], OnceCeiling(storage)) == ()
    first = [s for s in statements if "nodes_fts" in s]
    statements.clear()
    assert await loanword_pairs(storage, ["bisoprolol"], OnceCeiling(storage)) == ()
    again = [s for s in statements if "nodes_fts" in s]
    await storage._conn.read.set_trace_callback(None)
    assert first and not again, again
    await storage.nodes.add_episode(EpisodeDraft(DOSES[1], "later", "user", T0 + 1e6))
    await storage.drain()
    found = await loanword_pairs(storage, ["bisoprolol"], OnceCeiling(storage))
    assert found == (("bisoprolol", "бисопролол"),)
