"""A person asked within a time window: the turns spent with them, or of
them doing a thing, before the turns naming them in passing
(search/window_person.py)."""

from __future__ import annotations

from agent_memory.retrieval import SearchFilters
from agent_memory.storage import MemoryStorage
from day_turns import DAY, START, linked_days

INTRO = "Marco (Марко) is my boyfriend, he's a chef from Naples."
PASSING = [f"Dasha said Marco's lamp is ugly, part {n}." for n in range(12)]
TOGETHER = [
    "Marco and I went to a jazz bar, too loud.",
    "Went swimming with Marco, he swims faster.",
    "Купили с Марко круассаны на рынке.",
    "Marco made risotto for my parents.",
]


async def test_turns_with_the_person_lead_in_a_window(
    storage: MemoryStorage,
) -> None:
    texts = [INTRO, *TOGETHER[:1], *PASSING, *TOGETHER[1:]]
    retriever = await linked_days(storage, texts, START)
    after = START + DAY
    filters = SearchFilters(after=after, before=after + 60 * DAY, limit=5)
    hits = await retriever.search("Marco", filters, reinforce=False)
    found = [hit.node.content for hit in hits]

    assert found[: len(TOGETHER)] == [t for t in found if t in TOGETHER], found
    assert set(TOGETHER) <= set(found), found


CHOIR_FILED = "Choir: Marina Lvovna says we sing at the city hall on May 9."
CHOIR_RU = [
    "хор. Марина Львовна ругала альты, потом пили чай",
    "Марина Львовна на хоре раздала новые ноты",
    "в хоре сегодня пели «Подмосковные вечера», голос сел",
]


async def test_a_word_filed_as_a_name_is_asked_in_both_languages(
    storage: MemoryStorage,
) -> None:
    # "Choir:" opening a line files an entity "Choir"; the Russian turns of
    # the choir never link to it, so the bare word answered from its links
    # found one turn of the four
    noise = [f"Погода сегодня {n}, гулял у моря." for n in range(6)]
    retriever = await linked_days(storage, [*noise, CHOIR_FILED, *CHOIR_RU], START)
    assert await storage.entities.find_entity("Choir") is not None
    filters = SearchFilters(after=START, before=START + 30 * DAY, limit=5)
    hits = await retriever.search("choir", filters, reinforce=False)
    found = [hit.node.content for hit in hits]

    assert {CHOIR_FILED, *CHOIR_RU} <= set(found), found
