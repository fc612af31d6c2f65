"""supersede: a newer fact replaces an older one in ONE transaction, so a crash
or error half-way never leaves two valid versions, or a deleted fact without
its replacement."""

from __future__ import annotations

import pytest
from agent_memory.core.records import EdgeDraft, NodeDraft
from agent_memory.storage import MemoryStorage
from agent_memory.store import graph


async def test_supersede_inserts_links_and_retires_in_one_step(
    storage: MemoryStorage,
) -> None:
    old = await storage.nodes.add_node(NodeDraft("semantic", "Anna works at Acme"))
    anna = await storage.entities.upsert_entity("Anna", type="person", mentions=0)
    new = await storage.graph.supersede(
        old, NodeDraft("semantic", "Anna works at Globex"), "test", entity_ids=[anna.id]
    )
    assert await storage.nodes.get_node(old) is None
    node = await storage.nodes.get_node(new)
    assert node is not None and node.content == "Anna works at Globex"
    assert await storage.graph.superseded_by([new]) == {new: [old]}
    linked = await storage.entities.entities_of_nodes([new])
    assert [e.name for e in linked[new]] == ["Anna"]
    assert await storage.index.fts_search("Acme", limit=5) == []


async def test_supersede_with_an_existing_node(storage: MemoryStorage) -> None:
    old, new = await storage.nodes.add_nodes(
        [NodeDraft("semantic", "budget is 10k"), NodeDraft("semantic", "budget 12k")]
    )
    assert await storage.graph.supersede(old, new) == new
    assert await storage.graph.superseded_ids([old]) == {old}
    assert await storage.nodes.get_node(old) is None


async def test_a_failure_inside_supersede_changes_nothing(
    storage: MemoryStorage, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = await storage.nodes.add_node(NodeDraft("semantic", "the office is in Paris"))

    async def broken(*_args: object) -> int:
        raise RuntimeError("disk on fire")  # after the insert, edge and links

    monkeypatch.setattr(graph, "soft_delete_rows", broken)
    with pytest.raises(RuntimeError, match="disk on fire"):
        await storage.graph.supersede(
            old, NodeDraft("semantic", "the office is in Berlin")
        )
    assert await storage.nodes.get_node(old) is not None
    assert await storage.nodes.find_nodes_by_text("the office is in Berlin") == []
    assert await storage.graph.edges_of([old]) == []
    assert (await storage.admin.stats()).nodes_by_type == {"semantic": 1}


async def test_a_hits_node_supersession_and_entities_are_one_read(
    storage: MemoryStorage,
) -> None:
    # A `supersedes` edge whose old end stays valid (an import, an older
    # file); one whose newer end was deleted hides nothing; a deleted node
    # is not read at all; an entity linked to two nodes is one entity.
    kept, hidden, by_gone, gone, newer = await storage.nodes.add_nodes(
        [
            NodeDraft("semantic", "the gym is on Elm Street"),
            NodeDraft("semantic", "the dentist is Dr Okoro"),
            NodeDraft("semantic", "the bakery opens at seven"),
            NodeDraft("semantic", "the bakery opens at eight"),
            NodeDraft("semantic", "the dentist is Dr Lind"),
        ]
    )
    await storage.graph.add_edges(
        [EdgeDraft(newer, hidden, "supersedes"), EdgeDraft(gone, by_gone, "supersedes")]
    )
    await storage.nodes.soft_delete([gone])
    okoro = await storage.entities.upsert_entity("Okoro", type="person")
    lind = await storage.entities.upsert_entity("Dr Lind", type="person")
    await storage.entities.add_alias(lind.id, "Lind")
    pairs = [(hidden, okoro.id), (newer, okoro.id), (newer, lind.id)]
    await storage.entities.link_entities(pairs)
    ids = [kept, hidden, by_gone, gone, newer]

    nodes, superseded, linked = await storage.graph.read_hits(ids)

    assert nodes == await storage.nodes.get_nodes(ids)
    assert list(nodes) == [kept, hidden, by_gone, newer]
    assert superseded == {hidden}
    assert superseded == await storage.graph.superseded_ids(ids)
    assert linked == await storage.entities.entities_of_nodes(ids)
    assert linked[newer][1].aliases == ("Lind",)
    assert linked[hidden][0] is linked[newer][0]
