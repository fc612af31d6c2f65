""" "Previous" and «прежний» say which of a thing's states is asked, as "old"
and «раньше» do, not what the thing is: "my previous car" found nothing (the
relevance gate wanted a turn saying "previous"), «где была моя прежняя
работа» found nothing (it wanted «прежняя» said), while "my old car" and
«где я раньше работала» found the turns. A former thing never mentioned
still finds nothing."""

from __future__ import annotations

from agent_memory.retrieval import SearchFilters
from agent_memory.search.support import subjects
from agent_memory.storage import MemoryStorage
from day_turns import DAY, START, retriever_of, turn


def test_previous_is_no_subject_of_a_possessive() -> None:
    assert subjects("my previous car, before the Kia") == subjects("my old car")
    assert subjects("who was my former landlord?") == subjects("my landlord")


async def test_a_previous_thing_is_found_by_its_turns(storage: MemoryStorage) -> None:
    lines = (
        "bought a second-hand Mazda 3 from a lad in Naas, the car runs grand",
        "walked the dog along the canal, freezing",
        "Ушла с работы в аптеке на Ленина, последняя смена была сегодня",
        "sold the Mazda, picked up our new Kia Ceed, lovely car to drive",
        "Первый день на новой работе в лаборатории, коллеги милые",
    )
    ids = [await turn(storage, text, START + i * DAY) for i, text in enumerate(lines)]
    retriever = retriever_of(storage)
    filters = SearchFilters(limit=5)
    for question in ("my previous car, before the Kia?", "what was my former car?"):
        hits = await retriever.search(question, filters)
        assert ids[0] in {h.node.id for h in hits}, question
    for question in ("где была моя прежняя работа?", "какая у меня прежняя работа"):
        hits = await retriever.search(question, filters)
        assert ids[2] in {h.node.id for h in hits}, question
    for never in ("my previous boat?", "какая у меня была прежняя лодка?"):
        assert await retriever.search(never, filters) == [], never
