"""A person introduced by a user who types all in lower case: "her fiance
callum" says who Callum is, and "tell me about callum" (the entity filed in
Russian, «Каллум») is answered from the person, that turn first."""

from __future__ import annotations

import datetime as dt

from agent_memory.retrieval import SearchFilters
from agent_memory.search.introductions import introduces
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
INTRODUCED = "my sister daze and her fiance callum have booked the barn for the wedding"
LATER = (
    "Дэйз и Каллум были у нас в гостях",
    "Каллум болеет за Рейнджерс, но он хороший",
    "callum and daze came for dinner, callum ate everything",
    "callum's stag do might be in dublin",
    "daze and callum's engagement party photos finally up",
    "callum's asked me to help with the band booking",
)
NOISE = (
    "night shift again, ward was mad busy",
    "Купила новую лампу на кухню.",
    "long walk by the canal, sore feet",
)


def test_a_name_typed_small_beside_its_relation_introduces() -> None:
    assert introduces(INTRODUCED, {"callum"})
    # a word that is also a name stays a word when typed small
    assert not introduces("my sister said the rose was lovely", {"rose"})


async def test_the_introduction_leads_a_question_on_a_name_typed_small(
    storage: MemoryStorage,
) -> None:
    noise = [NOISE[i % len(NOISE)] for i in range(12)]
    retriever = await linked_days(storage, [INTRODUCED, *noise, *LATER], T0)
    hits = await retriever.search(
        "tell me about callum", SearchFilters(limit=10), reinforce=False
    )
    top = [hit.node.content for hit in hits]
    assert top[:1] == [INTRODUCED], top
    assert set(LATER) <= set(top), top
