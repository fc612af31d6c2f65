"""A brand written as one CamelCase word carries its kind ("ActivoBank" is a
bank, search/compound_names.py): a question naming the kind finds the
brand's turns and its gate reads them as saying it, on a real database; a
kind never said still finds nothing."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.search.compound_names import name_parts, part_stems
from agent_memory.search.stem_sets import text_stems
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
BANK = [
    "Millennium charged me eight euros for nothing again.",
    "Done with Millennium. Opened an account at ActivoBank through the app.",
    "First invoice paid into the ActivoBank account, no fees.",
    "Оплатила аренду через приложение ActivoBank, с телефона.",
]
NOISE = (
    "Long day at work, too many meetings.",
    "Tried a new ramen place near the station.",
    "Walked the dog along the canal.",
)


def test_a_camel_case_word_is_read_as_its_parts() -> None:
    assert name_parts("ActivoBank") == ("activo", "bank")
    assert name_parts("VetOurique") == ("vet", "ourique")
    assert "gym" in part_stems("Cancelled PureGym last week.")
    assert "bank" in text_stems("Paid with the ActivoBank card.")
    # a plain word, all capitals, a lower-case start or a short part: none
    for word in ("Bank", "NHS", "iPhone", "ABank", "Activo-Bank"):
        assert name_parts(word) == (), word
    assert name_parts("McDonald") == ("donald",)


async def _memory(storage: MemoryStorage) -> Retriever:
    noise = [NOISE[i % len(NOISE)] for i in range(12)]
    return await linked_days(storage, [*BANK[:1], *noise, *BANK[1:]], T0)


@pytest.mark.parametrize(
    "question",
    [
        "Which bank am I with now?",
        "В каком банке у меня теперь счёт?",
        "What bank was I with before?",
    ],
)
async def test_a_kind_question_finds_the_brand_carrying_it(
    storage: MemoryStorage, question: str
) -> None:
    retriever = await _memory(storage)
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    assert any("ActivoBank" in hit.node.content for hit in hits), hits
    assert await retriever.get_context(question) is not None


@pytest.mark.parametrize(
    "question", ["Which gym do I go to now?", "Which vet do I use now?"]
)
async def test_a_kind_no_brand_carries_finds_nothing(
    storage: MemoryStorage, question: str
) -> None:
    retriever = await _memory(storage)
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    assert hits == [], [hit.node.content for hit in hits]
