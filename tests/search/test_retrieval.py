"""Hybrid search on a real database: strategies, filters, validity, reinforcement."""

from __future__ import annotations

import datetime as dt
import math
from pathlib import Path
from typing import Any

import pytest
from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import EdgeDraft, EpisodeDraft, NodeDraft
from agent_memory.retrieval import Retriever, SearchFilters, Strategy
from agent_memory.storage import MemoryStorage
from fakes import HashEmbedder, service

DAY = 86_400.0
T0 = 1_700_000_000.0


def retriever(
    storage: MemoryStorage, embedder: HashEmbedder | None = None
) -> Retriever:
    return Retriever(storage, service(embedder), MemoryConfig(embedding_dimensions=8))


async def fact(storage: MemoryStorage, text: str, **kw: object) -> int:
    return await storage.nodes.add_node(NodeDraft("semantic", text, **kw))  # type: ignore[arg-type]


async def test_fts_search_finds_and_ranks(storage: MemoryStorage) -> None:
    tea = await fact(storage, "Anna drinks green tea every morning")
    await fact(storage, "The deploy runs on Fridays")
    hits = await retriever(storage).search(
        "what tea does Anna drink?", SearchFilters(limit=5)
    )
    assert [h.node.id for h in hits] == [tea]


async def test_hostile_text_never_raises(storage: MemoryStorage) -> None:
    await fact(storage, "hello world")
    for text in ['"', "NEAR(", "a:b", "((", "-", "*", "", "   ", "the of and"]:
        assert isinstance(await retriever(storage).search(text), list)


async def test_soft_deleted_never_returned(storage: MemoryStorage) -> None:
    keep = await fact(storage, "the office is in Berlin")
    gone = await fact(storage, "the office is in Paris")
    await storage.nodes.soft_delete([gone])
    hits = await retriever(storage).search("where is the office")
    assert [h.node.id for h in hits] == [keep]


async def test_superseded_hidden_unless_history(storage: MemoryStorage) -> None:
    old = await fact(storage, "Anna works at Acme")
    new = await fact(storage, "Anna works at Globex now")
    await storage.graph.add_edges([EdgeDraft(new, old, "supersedes")])
    r = retriever(storage)
    assert [h.node.id for h in await r.search("where Anna works")] == [new]
    both = await r.search("where Anna works", SearchFilters(history=True))
    assert [h.node.id for h in both] == [new, old]


async def test_filters_type_time_entity(storage: MemoryStorage) -> None:
    ep = await storage.nodes.add_episode(
        EpisodeDraft("talked about the budget", "t1", "user", T0)
    )
    old = await fact(storage, "budget is 10k", event_time=T0 - 40 * DAY)
    recent = await fact(storage, "budget grew to 12k", event_time=T0)
    boris = await storage.entities.upsert_entity("Boris", type="person")
    await storage.entities.link_entities([(recent, boris.id)])
    r = retriever(storage)
    assert {
        h.node.id for h in await r.search("budget", SearchFilters(types=("episodic",)))
    } == {ep}
    after = await r.search("budget", SearchFilters(after=T0 - DAY))
    assert {h.node.id for h in after} == {ep, recent}
    before = await r.search("budget", SearchFilters(before=T0 - DAY))
    assert [h.node.id for h in before] == [old]
    assert [
        h.node.id for h in await r.search("budget", SearchFilters(entity_name="boris"))
    ] == [recent]
    assert await r.search("budget", SearchFilters(entity_name="nobody")) == []


async def test_why_follows_the_causal_chain(storage: MemoryStorage) -> None:
    cause = await fact(storage, "the old server ran out of disk space")
    middle = await fact(storage, "backups stopped for a week")
    effect = await fact(storage, "we migrated the database to Postgres")
    await storage.graph.add_edges(
        [EdgeDraft(cause, middle, "causal"), EdgeDraft(middle, effect, "causal")]
    )
    r = retriever(storage)
    why = await r.search(
        "why did we migrate to Postgres?", strategy=Strategy(intent="why", depth=2)
    )
    assert [h.node.id for h in why] == [effect, middle, cause]
    shallow = await r.search(
        "why did we migrate to Postgres?", strategy=Strategy(intent="why", depth=1)
    )
    assert [h.node.id for h in shallow] == [effect, middle]
    plain = await r.search(
        "why did we migrate to Postgres?", strategy=Strategy(legs=("fts",))
    )
    assert [h.node.id for h in plain] == [effect]


async def test_when_walks_the_temporal_chain(storage: MemoryStorage) -> None:
    texts = ["packing cardboard boxes", "the movers arrived", "unpacking kitchen stuff"]
    ids = [
        await storage.nodes.add_episode(EpisodeDraft(t, "move", "user", T0 + i))
        for i, t in enumerate(texts)
    ]
    r = retriever(storage)
    # Both neighbours match through their context column alike; the walk's
    # direction decides which comes first.
    after = await r.search(
        "what happened after the movers came", strategy=Strategy(intent="when")
    )
    assert [h.node.id for h in after] == [ids[1], ids[2], ids[0]]
    before = await r.search(
        "what was before the movers came", strategy=Strategy(intent="when")
    )
    assert [h.node.id for h in before] == [ids[1], ids[0], ids[2]]


async def test_who_uses_entity_links_and_aliases(storage: MemoryStorage) -> None:
    anna = await storage.entities.upsert_entity(
        "Anna Petrova", type="person", aliases=["Anya"]
    )
    linked = await fact(storage, "she leads the platform team")
    other = await fact(storage, "lunch is at noon")
    await storage.entities.link_entities([(linked, anna.id)])
    r = retriever(storage)
    for query in ["Who is Anya?", "who is anna petrova"]:
        hits = await r.search(query)
        assert [h.node.id for h in hits] == [linked], query
        assert hits[0].entities[0].name == "Anna Petrova"
    assert other not in {h.node.id for h in await r.search("Who is Anya?")}


async def test_a_question_asked_again_sees_an_entity_linked_since(
    storage: MemoryStorage,
) -> None:
    # Regression: the named entities were cached on the Retriever by query
    # text, so the second search still saw no Anya.
    note = await fact(storage, "she leads the platform team")
    r = retriever(storage)
    assert await r.search("Who is Anya?") == []
    anya = await storage.entities.upsert_entity(
        "Anna Petrova", type="person", aliases=["Anya"]
    )
    await storage.entities.link_entities([(note, anya.id)])
    assert [h.node.id for h in await r.search("Who is Anya?")] == [note]


async def test_an_entity_linked_to_most_of_the_memory_does_not_fill_its_leg(
    storage: MemoryStorage,
) -> None:
    from agent_memory.search.legs import entity_leg

    user = await storage.entities.upsert_entity("Sam", type="person")
    potter = await storage.entities.upsert_entity("Harry Potter", type="concept")
    ids = [await fact(storage, f"note number {i}") for i in range(120)]
    await storage.entities.link_entities([(node_id, user.id) for node_id in ids])
    await storage.entities.link_entities([(ids[7], potter.id)])
    found = await storage.entities.entities_by_keys(["sam", "harry potter"])
    sam, harry = sorted(found, key=lambda e: e.name != "Sam")
    assert sam.mention_count >= 120  # one count per linked node

    # Sam is on every node: listing Sam's newest nodes says nothing.
    assert await entity_leg(storage, [sam], limit=10, types=()) == []
    ranked = await entity_leg(storage, [sam, harry], limit=10, types=())
    assert [node_id for node_id, _ in ranked] == [ids[7]]


async def test_a_name_on_most_nodes_leaves_the_fts_query_not_the_results(
    storage: MemoryStorage,
) -> None:
    sam = await storage.entities.upsert_entity("Sam", type="person", mentions=0)
    ids = [await fact(storage, f"Sam said thing number {i}") for i in range(60)]
    tea = await fact(storage, "Sam likes green tea")
    await storage.entities.link_entities([(i, sam.id) for i in [*ids, tea]])

    assert await storage.entities.common_entity_keys(share=0.01, floor=50) == {"sam"}
    r = retriever(storage)
    # The name alone is no FTS query any more (it would match every node)...
    assert await r.search("Sam?", strategy=Strategy(legs=("fts",))) == []
    # ...and with other words the right node still comes first.
    hits = await r.search("what tea does Sam like?", SearchFilters(limit=3))
    assert hits[0].node.id == tea


@pytest.mark.needs_vectors
async def test_a_name_on_most_nodes_leaves_the_query_embedding(
    storage: MemoryStorage,
) -> None:
    sam = await storage.entities.upsert_entity("Sam", type="person", mentions=0)
    ids = [await fact(storage, f"Sam said thing number {i}") for i in range(60)]
    await storage.entities.link_entities([(i, sam.id) for i in ids])
    embedder = HashEmbedder(dim=8)
    r = retriever(storage, embedder)
    await r.search("What tea does Sam like?", strategy=Strategy(legs=("vector",)))
    await r.search("Sam?", strategy=Strategy(legs=("vector",)))
    # The speaker's name would pull the vector towards everything Sam says.
    assert embedder.calls == [["What tea does like?"], ["Sam?"]]


async def test_speaker_and_date_boosts(storage: MemoryStorage) -> None:
    may = T0 - T0 % DAY
    said_by_anna = await storage.nodes.add_episode(
        EpisodeDraft("Anna: the garden looks great", "s1", "user", may + 3600)
    )
    said_by_ben = await storage.nodes.add_episode(
        EpisodeDraft("Ben: my garden looks great, Anna", "s2", "user", may + 9 * DAY)
    )
    r = retriever(storage)
    hits = await r.search("What did Anna say about the garden?")
    assert hits[0].node.id == said_by_anna
    day = dt.datetime.fromtimestamp(may + 9 * DAY, dt.UTC).strftime("%d %B %Y")
    assert (await r.search(f"garden on {day}"))[0].node.id == said_by_ben


@pytest.mark.needs_vectors
async def test_vector_leg_finds_without_shared_words(storage: MemoryStorage) -> None:
    embedder = HashEmbedder(dim=8)
    node = await fact(storage, "zebra quartz")
    (vector,) = await embedder.embed_batch(["zebra quartz"])
    assert vector is not None
    await storage.index.save_embeddings([(node, vector)])
    r = retriever(storage, embedder)
    hits = await r.search("unrelated words", vector=vector)
    assert [h.node.id for h in hits] == [node]
    assert await retriever(storage).search("unrelated words") == []


@pytest.mark.parametrize("fusion", ["linear", "rrf"])
async def test_both_fusions_by_config(storage: MemoryStorage, fusion: str) -> None:
    node = await fact(storage, "the cat sleeps on the sofa")
    r = Retriever(storage, None, MemoryConfig(embedding_dimensions=8, fusion=fusion))
    assert [h.node.id for h in await r.search("cat sofa")] == [node]


async def test_reinforcement_through_the_writer(storage: MemoryStorage) -> None:
    node = await fact(storage, "the wifi password is on the fridge", confidence=0.5)
    await storage.nodes.update_node(node, decay_rate=0.0)
    r = retriever(storage)
    await r.search("wifi password")
    await r.drain()
    await storage.drain()
    first = await storage.nodes.get_node(node)
    assert first is not None and first.access_count == 1
    assert first.confidence == pytest.approx(0.5 + 0.05 * math.log(1 + 1 / 20))
    await r.search("wifi password", reinforce=False)
    await r.drain()
    same = await storage.nodes.get_node(node)
    assert same is not None and same.access_count == 1


async def test_reinforcement_caps_at_one(storage: MemoryStorage) -> None:
    node = await fact(storage, "coffee beans from the corner shop", confidence=0.999)
    await storage.nodes.update_node(node, decay_rate=0.0, access_count=400)
    r = retriever(storage)
    await r.search("coffee beans")
    await r.drain()
    await storage.drain()
    got = await storage.nodes.get_node(node)
    assert got is not None and got.confidence == 1.0 and got.access_count == 401


@pytest.mark.needs_vectors
async def test_bit_index_follows_saves_and_deletes(storage: MemoryStorage) -> None:
    a = await fact(storage, "alpha")
    b = await fact(storage, "beta")
    east, west = [1.0] + [0.0] * 7, [-1.0] + [0.0] * 7
    await storage.index.save_embeddings([(a, east), (b, west)])
    assert await storage.index.knn_bits(east, limit=1) == [a]
    near = await storage.index.vector_distances(east, [b, a])
    assert [i for i, _ in near] == [a, b]
    assert near[0][1] == pytest.approx(0.0) and near[1][1] == pytest.approx(2.0)
    await storage.nodes.soft_delete([a])
    assert await storage.index.knn_bits(east, limit=2) == [b]
    assert [i for i, _ in await storage.index.vector_distances(east, [a, b])] == [b]


@pytest.mark.needs_vectors
async def test_bit_index_backfilled_for_an_older_file(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    store = await MemoryStorage.open(path, dim=8)
    node = await fact(store, "gamma")
    await store.index.save_embeddings([(node, [0.0, 1.0] + [0.0] * 6)])

    async def drop(db: Any) -> None:
        await db.execute("drop table vec_nodes_bit")

    await store.run_write(drop)  # as a file written before the bit index
    await store.close()
    reopened = await MemoryStorage.open(path, dim=8)
    try:
        assert await reopened.index.knn_bits([0.0, 1.0] + [0.0] * 6, limit=3) == [node]
    finally:
        await reopened.close()


@pytest.mark.needs_vectors
async def test_vector_scores_the_lexical_candidates(storage: MemoryStorage) -> None:
    embedder = HashEmbedder(dim=8)
    ids = [await fact(storage, f"tea note {w}") for w in ("green", "black", "herbal")]
    vectors = await embedder.embed_batch([f"tea note {w}" for w in ("x", "y", "z")])
    await storage.index.save_embeddings(
        [(i, v) for i, v in zip(ids, vectors, strict=True) if v is not None]
    )
    (herbal,) = await embedder.embed_batch(["tea note herbal"])
    assert herbal is not None
    await storage.index.save_embeddings([(ids[2], herbal)])
    r = retriever(storage, embedder)
    hits = await r.search("tea note", vector=herbal, reinforce=False)
    assert hits[0].node.id == ids[2]  # lexical tie broken by the vector


async def test_the_reply_to_a_matching_question_moves_up(
    storage: MemoryStorage,
) -> None:
    turns = [
        "What inspired your painting of the lake?",
        # the two turns after it are equally long (no brevity difference)
        "I went there at dawn with my sister and we stayed until the sun was up",
        "Sounds lovely, I would like to go there with you when the weather is nice",
    ]
    ids = [
        await storage.nodes.add_episode(EpisodeDraft(t, "chat", "user", T0 + i))
        for i, t in enumerate(turns)
    ]
    for i, text in enumerate(["painting the lake house", "lake painting class"]):
        await storage.nodes.add_episode(
            EpisodeDraft(text, f"other{i}", "user", T0 + 9 + i)
        )
    r = retriever(storage)
    query = "what inspired the lake painting?"
    plain = {
        h.node.id: h.score
        for h in await r.search(query, strategy=Strategy(legs=("fts",)))
    }
    # Without the graph the reply is found only through its neighbours' words,
    # like any other turn near the question.
    assert plain[ids[1]] == pytest.approx(plain[ids[2]])
    hits = await r.search(query, strategy=Strategy(legs=("fts", "graph")))
    graph = [h.node.id for h in hits]
    score = {h.node.id: h.score for h in hits}
    # The reply gains a share of the question's score and passes its neighbour.
    assert score[ids[1]] > plain[ids[1]]
    assert score[ids[2]] == pytest.approx(plain[ids[2]])
    assert graph.index(ids[1]) < graph.index(ids[2])


async def test_a_turn_is_found_by_the_words_of_its_date(
    storage: MemoryStorage,
) -> None:
    may = dt.datetime(2023, 5, 8, 14, tzinfo=dt.UTC).timestamp()
    june = dt.datetime(2023, 6, 9, 14, tzinfo=dt.UTC).timestamp()
    in_may = await storage.nodes.add_episode(EpisodeDraft("we met", "a", "user", may))
    await storage.nodes.add_episode(EpisodeDraft("we met", "b", "user", june))
    found = await storage.index.fts_search('"may" AND "8"', limit=5)
    assert [node_id for node_id, _ in found] == [in_may]
