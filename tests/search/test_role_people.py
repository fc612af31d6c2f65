"""A role word searched within a time window ("стоматолог", "coach") reaches
the turns of the person named beside it where the user introduced them
(search/role_people.py): «записалась к новому стоматологу — доктор Карим
Хаддад», then «Доктор Хаддад поставил новую пломбу» and «Чистка у доктора
Хаддада», the last filed as a person of its own."""

from __future__ import annotations

import datetime as dt

from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.storage import MemoryStorage
from day_turns import DAY, linked_days

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
OLD = "Была на чистке у доктора Чен, она сказала, что пломба пока держится."
SAYS = (
    "Выпала пломба, так что записалась к новому стоматологу рядом с домом — "
    "доктор Карим Хаддад, клиника на Queen East."
)
HIS = [  # his turns, none says «стоматолог»
    "Доктор Хаддад поставил новую пломбу. Ни капли не больно.",
    "Чистка у доктора Хаддада. Сказал, что зубы отличные.",
]
NOISE = (
    "Long day at work, too many meetings, but the project is going fine.",
    "Tried a new ramen place near the station.",
    "Сходила на рынок, купила яблок и сыра.",
)


async def _life(storage: MemoryStorage) -> Retriever:
    noise = [NOISE[i % 3] for i in range(16)]
    texts = [*noise[:4], OLD, *noise[4:8], SAYS, *noise[8:10], HIS[0]]
    texts += [*noise[10:13], HIS[1], *noise[13:]]
    return await linked_days(storage, texts, T0)


async def _found(retriever: Retriever, query: str, after: float) -> list[str]:
    window = SearchFilters(limit=10, after=T0 + after * DAY, before=T0 + 40 * DAY)
    hits = await retriever.search(query, window, reinforce=False)
    return [hit.node.content for hit in hits]


async def test_a_windowed_role_word_reaches_the_person_named_beside_it(
    storage: MemoryStorage,
) -> None:
    found = await _found(await _life(storage), "стоматолог", 8)

    assert found[0] == SAYS, found
    assert set(found[1:3]) == set(HIS), found


async def test_the_role_word_said_before_the_window_still_names_him(
    storage: MemoryStorage,
) -> None:
    """The introduction is older than the window: his turns lead it."""
    found = await _found(await _life(storage), "стоматолог", 10)

    assert set(found[:2]) == set(HIS), found
    assert SAYS not in found, found


async def test_a_word_of_no_role_reaches_no_person(storage: MemoryStorage) -> None:
    """«пломба» is no role: the person beside it is not the topic's."""
    found = await _found(await _life(storage), "пломба", 10)

    assert HIS[1] not in found, found
