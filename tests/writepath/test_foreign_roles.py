"""An expat names the people of their life by the local word («наш
Hausarzt», "my casera", "la patronne"), inside English or Russian lines: the
word is a form of our own relation, filed and asked as one."""

from __future__ import annotations

import time

import pytest
from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import EpisodeDraft
from agent_memory.core.relations import same_relation
from agent_memory.retrieval import Retriever
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.entities import EntityLinker


async def _say(storage: MemoryStorage, *texts: str) -> None:
    linker = EntityLinker(storage)
    for i, text in enumerate(texts):
        when = time.time() - 1000 + i
        node_id = await storage.nodes.add_episode(EpisodeDraft(text, "t", "user", when))
        await linker.link_text(node_id, text)


@pytest.mark.parametrize(
    ("local", "ours"),
    [
        ("hausarzt", "gp"),
        ("vermieterin", "landlord"),
        ("senhorio", "landlord"),
        ("casera", "landlord"),
        ("propriétaire", "landlord"),
        ("chefin", "boss"),
        ("jefa", "boss"),
        ("kollegin", "colleague"),
        ("nachbarin", "neighbour"),
        ("vecina", "neighbour"),
        ("lehrerin", "teacher"),
    ],
)
def test_a_local_role_word_is_our_relation(local: str, ours: str) -> None:
    assert ours in same_relation(local)


@pytest.mark.parametrize(
    ("text", "name", "relation"),
    [
        ("суббота, была у нашего Hausarzt, доктор Шульце.", "Шульце", "hausarzt"),
        ("My casera Lola raised the rent again.", "Lola", "casera"),
        ("Моя Vermieterin Ирина прислала список мусора.", "Ирина", "vermieterin"),
    ],
)
async def test_the_local_word_files_the_person(
    storage: MemoryStorage, text: str, name: str, relation: str
) -> None:
    await _say(storage, text)
    entity = await storage.entities.find_entity(name)
    assert entity is not None and entity.attributes["relation"] == relation


async def test_the_family_doctor_is_asked_by_the_local_word(
    storage: MemoryStorage,
) -> None:
    said = "была у нашего Hausarzt, доктор Шульце, давление в норме."
    await _say(storage, "Купила молоко и хлеб.", said)
    r = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    for question in ("Who's my family doctor?", "кто мой Hausarzt"):
        hits = await r.search(question, reinforce=False)
        assert hits and hits[0].node.content == said, question
