"""Who the user does something with (search/found_person.py): when a "who"
question's words find mostly one person's turns, the turns saying who that
person is to the user join them, also in the other script ("С кем я хожу на
скалодром?" finds "Priya is my climbing partner")."""

from __future__ import annotations

import datetime as dt

from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
WHO = "Priya is my climbing partner, we met at the bouldering gym."
NOISE = (
    "Прия нашла новую трассу на скалодроме.",
    "Вернулся со скалодрома с Прией, руки отваливаются.",
    "Priya found a new bouldering problem she wants to try.",
    "Обедали с Мел на Нашмаркте.",
    "Long day, too many meetings.",
    "Lena made soup tonight.",
)


async def _life(storage: MemoryStorage) -> Retriever:
    texts = [WHO, "Прия — моя подруга, она дизайнер."]
    texts += [NOISE[i % 6] for i in range(60)]
    return await linked_days(storage, texts, T0)


async def test_who_i_climb_with_is_told_by_who_she_is(storage: MemoryStorage) -> None:
    retriever = await _life(storage)
    hits = await retriever.search(
        "С кем я хожу на скалодром?", SearchFilters(limit=10), reinforce=False
    )
    assert WHO in [hit.node.content for hit in hits]


async def test_her_introduction_found_low_by_the_words_is_raised(
    storage: MemoryStorage,
) -> None:
    """ "Who runs my bakery now?": the turn introducing the new head says
    "bakery" once in a long story, so the words rank it below her everyday
    turns; it is her most telling turn and joins at their score."""
    intro = (
        "Dan says the new head of our old bakery on Elm Street is Maria Holm "
        "(Мария), 44, from the north, twenty years in bread, strict but fair, "
        "and she wants the ovens cleaned every single night from now on."
    )
    daily = (
        "Maria opened the bakery early, I ran the bakery counter alone, day {}.",
        "Мария поставила меня в пекарню на утро, пекарня полна, день {}.",
        "Maria checked the bakery rota, Saturdays at the bakery, week {}.",
        "Lunch with Mia by the river, day {}.",
    )
    texts = [intro, *(daily[i % 4].format(i) for i in range(40))]
    retriever = await linked_days(storage, texts, T0)
    hits = await retriever.search(
        "Who runs my bakery now?", SearchFilters(limit=10), reinforce=False
    )
    assert intro in [hit.node.content for hit in hits][:5]
