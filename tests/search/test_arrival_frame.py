"""«Приходит» frames where a thing goes, as "go" does: «Куда мне сейчас
приходит зарплата?» is answered by «зарплата будет на ActivoBank», which
never says the verb, on a real database (the relevance gate had found
nothing: the question's two own words, the thing and the verb, were both
wanted of one turn)."""

from __future__ import annotations

from agent_memory.retrieval import SearchFilters
from agent_memory.search.frame_words import GENERIC_STEMS
from agent_memory.search.morphology import stem
from agent_memory.storage import MemoryStorage
from day_turns import retriever_of, turn

DAY = 86_400.0
NOW = 1_790_000_000.0


def test_the_verb_of_arriving_is_a_frame_word() -> None:
    for word in ("приходит", "пришла", "придёт"):
        assert stem(word) in GENERIC_STEMS, word
    assert stem("зарплата") not in GENERIC_STEMS


async def test_where_the_salary_goes_is_answered_without_the_verb(
    storage: MemoryStorage,
) -> None:
    await turn(
        storage, "Зарплата пришла на Revolut, других банков нет.", NOW - 90 * DAY
    )
    new = await turn(
        storage, "На работе оформили всё, зарплата будет на ActivoBank.", NOW - 20 * DAY
    )
    for i in range(15):  # other talk, sharing no word
        await turn(storage, f"Гуляла у реки с собакой, {i}.", NOW - (10 - i / 2) * DAY)
    retriever = retriever_of(storage)
    filters = SearchFilters(now=NOW)
    for question in (
        "куда мне сейчас приходит зарплата?",
        "Куда мне приходит зарплата?",
    ):
        hits = await retriever.search(question, filters, reinforce=False)
        assert new in {h.node.id for h in hits[:5]}, question


async def test_a_thing_never_told_still_finds_nothing(storage: MemoryStorage) -> None:
    await turn(storage, "На работе оформили всё, зарплата будет на ActivoBank.", NOW)
    retriever = retriever_of(storage)
    hits = await retriever.search(
        "куда мне сейчас приходит посылка?", SearchFilters(now=NOW), reinforce=False
    )
    assert hits == []
