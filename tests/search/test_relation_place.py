"""A relation asked in a place (search/relation_place.py): "Who's our doctor
in Leiden?" names the town only to say which doctor; when no one is filed as
"our doctor", the town's own turns (every turn of the move names it) do not
answer, a search for the doctor there does."""

from __future__ import annotations

import datetime as dt

from agent_memory.retrieval import SearchFilters
from agent_memory.search.relation_place import place_names
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
DOCTOR = "Первый приём у доктора Мэнсы (Kofi Mensah), спокойный, всё объяснил."
SIGNED_UP = "Signed us up with a practice in Leiden, Dr Mensah's, by the canal."
TOWN = (
    "First night in Leiden, the flat is so quiet.",
    "Ходили по Лейдену весь вечер, каналы и велосипеды.",
    "Leiden market on Saturday, bought cheese and tulips.",
    "Pia asked if she can visit us in Leiden next month.",
    "Нашли в Лейдене бассейн рядом с домом.",
    "Long day, too many meetings.",
)


async def test_the_doctor_in_a_town_is_searched_not_the_town(
    storage: MemoryStorage,
) -> None:
    """The first visit, told in Russian, says no "Leiden": the town's own
    turns never reach it, the doctor's words do."""
    town = [TOWN[i % 6] for i in range(48)]
    texts = [*town[:30], SIGNED_UP, *town[30:], DOCTOR]
    retriever = await linked_days(storage, texts, T0)
    hits = await retriever.search(
        "Who's our doctor in Leiden?", SearchFilters(limit=10), reinforce=False
    )
    assert DOCTOR in [hit.node.content for hit in hits][:5]


FRIEND = "Тимур теперь живёт в Лейдене, зовёт в гости на каналы."


async def test_a_friend_in_a_town_is_told_by_the_towns_turns(
    storage: MemoryStorage,
) -> None:
    """A friend is no service of the town: «Кто мой друг в Лейдене?» is told
    by the town's turns (the friend lives there), as it was before."""
    town = [TOWN[i % 6] for i in range(48)]
    texts = [*town[:30], FRIEND, *town[30:]]
    retriever = await linked_days(storage, texts, T0)
    hits = await retriever.search(
        "Кто мой друг в Лейдене?", SearchFilters(limit=10), reinforce=False
    )
    assert FRIEND in [hit.node.content for hit in hits]


def test_the_names_said_after_a_word_of_place() -> None:
    assert place_names("Who's our doctor in Haarlem?") == {"haarlem"}
    assert place_names("Кто мой друг в Монреале?") == {"монреале"}
    assert place_names("Who is Anna?") == frozenset()
