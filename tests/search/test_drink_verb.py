"""«Что я пью?» names the drink as "What do I drink?" does (search/kinds.py):
the English verb is the category's word, the Russian one is a verb of its
own, read as the category after «что» (not «Какой статин я пью?», a pill).
The turns that answer name only the drink ("chicory on the balcony")."""

from __future__ import annotations

import datetime as dt

from agent_memory.retrieval import SearchFilters
from agent_memory.search.kinds import asked_kinds
from agent_memory.search.morphology import stem
from agent_memory.search.query_text import fts_term, query_terms
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
DRINK_NOW = [
    "Chicory with oat milk on the balcony, a ritual now.",
    "Цикорий на балконе, уже привыкла.",
    "Chicory again, I don't miss it at all.",
]
NOISE = (
    "Соседи опять шумят, новая квартира.",
    "Пробежка вдоль канала, холодно.",
    "Walked the dog along the canal.",
)


def _kinds(question: str) -> tuple[str, ...]:
    return asked_kinds(question, tuple(query_terms(question))).terms


def test_the_russian_verb_after_what_names_the_drink() -> None:
    assert {"chicory", "цикорий"} <= set(_kinds("Что я пью по утрам сейчас?"))
    assert "coffee" in _kinds("Что я пила раньше вместо кофе?")
    # a pill is drunk too: the verb after «какой» names no drink
    assert "coffee" not in _kinds("Какой статин я сейчас пью?")


async def test_what_i_drink_is_answered_by_the_drink_alone(
    storage: MemoryStorage,
) -> None:
    noise = [NOISE[i % 3] for i in range(24)]
    retriever = await linked_days(storage, [*DRINK_NOW[:1], *noise, *DRINK_NOW[1:]], T0)
    hits = await retriever.search(
        "Что я пью по утрам сейчас?", SearchFilters(limit=5), reinforce=False
    )
    top = [hit.node.content for hit in hits]
    assert set(DRINK_NOW) <= set(top), top


# Life 15's coffee: «домаћа кафа» (the Balkans' coffee), said by its own word
KAFA_NOW = [
    "суббота утром пили с Мицей кафу на балконе, кафа теперь мой ритуал",
    "morning domaća kafa in the džezva again, two cups",
]
CAFE = "Встретились с Верой в кафе у рынка, болтали два часа."


def test_kafa_is_a_drink_and_a_cafe_is_not() -> None:
    asked = asked_kinds("Что я пью по утрам?", tuple(query_terms("Что я пью?")))
    assert {"кафа", "kafa"} <= set(asked.terms)
    said = [asked.said({stem(w) for w in t.split()}, t) for t in (*KAFA_NOW, CAFE)]
    assert said[0] and said[1]
    assert not said[2]  # «кафе» is a café, not «кафа»


async def test_kafa_answers_what_i_drink_now(storage: MemoryStorage) -> None:
    noise = [NOISE[i % 3] for i in range(24)]
    turns = [CAFE, *noise[:12], KAFA_NOW[0], *noise[12:], KAFA_NOW[1]]
    retriever = await linked_days(storage, turns, T0)
    hits = await retriever.search(
        "Что я пью по утрам сейчас?", SearchFilters(limit=3), reinforce=False
    )
    top = [hit.node.content for hit in hits]
    assert set(KAFA_NOW) <= set(top), top


def test_kafa_is_searched_by_its_forms_not_the_cafe() -> None:
    # «каф*» as a prefix is «кафе» too; «кафа» has no adjective to search
    assert fts_term("кафу") == '("кафа" OR "кафы" OR "кафу" OR "кафой")'
