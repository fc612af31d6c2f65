"""A child said by the order of birth alone ("Zlata, our youngest", «Марк —
наш старший») is the user's child (writepath/relations.py): a Russian
adjective says son or daughter, an English one leaves it to a pronoun right
after ("she's 5"), else the child is filed as "child", and a question about
"my daughter" or «мой сын» reaches them."""

from __future__ import annotations

import time

import pytest
from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import EpisodeDraft
from agent_memory.retrieval import Retriever
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.entities import EntityLinker


async def _say(storage: MemoryStorage, *texts: str) -> dict[str, int]:
    linker = EntityLinker(storage)
    ids = {}
    for i, text in enumerate(texts):
        when = time.time() - 1000 + i
        node = await storage.nodes.add_episode(EpisodeDraft(text, "t", "user", when))
        await linker.link_text(node, text)
        ids[text] = node
    return ids


@pytest.mark.parametrize(
    ("text", "name", "relation"),
    [
        (
            'Zlata, our youngest, she\'s 5, drew me a "boiler monster"',
            "Zlata",
            "daughter",
        ),
        ("Mark, our eldest, he's 9 and mad about football.", "Mark", "son"),
        ("Ava, our oldest, starts school in September.", "Ava", "child"),
        ("Злата, наша младшая, нарисовала кота.", "Злата", "дочь"),
        ("Марк — мой старший, ему девять.", "Марк", "сын"),
    ],
)
async def test_the_order_of_birth_names_a_child(
    storage: MemoryStorage, text: str, name: str, relation: str
) -> None:
    await _say(storage, text)
    entity = await storage.entities.find_entity(name)
    assert entity is not None and entity.attributes.get("relation") == relation


async def test_an_order_before_a_relation_word_is_that_relation(
    storage: MemoryStorage,
) -> None:
    """ "Sam, my oldest friend" is a friend, not a child."""
    await _say(storage, "Sam, my oldest friend, is moving to Leeds.")
    sam = await storage.entities.find_entity("Sam")
    assert sam is not None and sam.attributes.get("relation") != "child"


@pytest.mark.parametrize("question", ["как зовут мою дочку?", "my daughter"])
async def test_the_youngest_is_found_as_the_daughter(
    storage: MemoryStorage, question: str
) -> None:
    ids = await _say(
        storage,
        'Zlata, our youngest, she\'s 5, drew me a "boiler monster" lol',
        "Ava, our oldest, starts school in September.",
        "The boiler broke again, waiting for the plumber.",
    )
    retriever = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    hits = await retriever.search(question, reinforce=False)
    found = {hit.node.id for hit in hits[:2]}
    # the daughter, and the child whose son or daughter was never said
    assert found == {ids[t] for t in list(ids)[:2]}, question
