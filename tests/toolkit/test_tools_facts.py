"""remember_fact, correct_fact, confirm_fact, forget_fact, explain_fact through a
real agent run: the database afterwards and what the model was told."""

from __future__ import annotations

import json

import pytest
from agent_memory.core.records import EdgeDraft, EpisodeDraft
from agent_memory.retrieval import Retriever
from agent_memory.storage import MemoryStorage
from agent_memory.tools import ToolDeps, build_tools
from agents import Tool
from tool_harness import CONFIG, add_fact, call, ids, run_calls


async def test_remember_fact_stores_embeds_and_links_entities(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    out = await call(
        tools, "remember_fact", fact="The user's sister Anna lives in Berlin."
    )

    assert out["status"] == "stored"
    node = await storage.nodes.get_node(int(out["id"].lstrip("#")))
    assert node is not None
    assert (node.type, node.source_role, node.source_type) == (
        "semantic",
        "orchestrator",
        "tool",
    )
    assert node.content == "The user's sister Anna lives in Berlin."
    assert (await storage.index.node_embeddings([node.id])).keys() == {node.id}
    linked = (await storage.entities.entities_of_nodes([node.id]))[node.id]
    assert sorted(e.name for e in linked) == ["Anna", "Berlin"]
    assert sorted(out["entities"]) == ["Anna", "Berlin"]


async def test_remember_fact_twice_reinforces_instead_of_duplicating(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    first = await call(tools, "remember_fact", fact="User drinks green tea")

    again = await call(tools, "remember_fact", fact="  user DRINKS green   tea. ")

    assert again["status"] == "already_exists"
    assert again["id"] == first["id"]
    stats = await storage.admin.stats()
    assert stats.nodes_by_type == {"semantic": 1}
    node = await storage.nodes.get_node(int(first["id"][1:]))
    assert node is not None and node.access_count == 1


async def test_remember_fact_dedups_by_embedding_similarity(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    # Same words in another order: different text, identical bag-of-words vector.
    first = await call(tools, "remember_fact", fact="green tea is what the user drinks")

    again = await call(tools, "remember_fact", fact="the user drinks what is green tea")

    assert again == {**again, "status": "already_exists", "id": first["id"]}
    assert (await storage.admin.stats()).nodes_by_type == {"semantic": 1}


async def test_parallel_duplicate_remembers_store_one_fact(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    call_args = {"fact": "User owns a red bicycle"}

    outputs = await run_calls(tools, [("remember_fact", call_args)] * 3)

    statuses = sorted(json.loads(o)["status"] for o in outputs)
    assert statuses == ["already_exists", "already_exists", "stored"]
    assert (await storage.admin.stats()).nodes_by_type == {"semantic": 1}


async def test_remember_fact_rejects_bad_arguments(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    empty = await call(tools, "remember_fact", fact="   ")
    unsure = await call(tools, "remember_fact", fact="x is y", confidence=1.5)
    long = await call(tools, "remember_fact", fact="word " * 500)

    assert empty == {"error": "fact is empty; give it a value."}
    assert unsure == {"error": "confidence must be between 0.0 and 1.0."}
    assert "at most 2000" in long["error"]
    assert (await storage.admin.stats()).nodes_by_type == {}


async def test_correct_fact_by_id_supersedes_and_search_shows_only_new(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    old = await call(tools, "remember_fact", fact="The user lives in Berlin")

    out = await call(
        tools, "correct_fact", old_fact=old["id"], new_fact="The user lives in Munich"
    )
    found = await call(tools, "search_memory", query="where does the user live")

    assert out["status"] == "corrected"
    assert out["replaces"]["id"] == old["id"]
    assert [r["content"] for r in found["results"]] == ["The user lives in Munich"]
    old_node = await storage.nodes.get_node(int(old["id"][1:]), history=True)
    assert old_node is not None and not old_node.is_valid
    edges = await storage.graph.edges_of([old_node.id], types=["supersedes"])
    assert [(e.src_id, e.dst_id) for e in edges] == [(int(out["id"][1:]), old_node.id)]


@pytest.mark.parametrize(
    ("old_text", "new_text", "linked_after"),
    [
        # no name of its own: still about Vitya
        ("The user's boss Vitya likes golf", "He prefers tennis now", ["Vitya"]),
        # a new place: the old one is left behind (its version keeps the link)
        ("My sister Lena lives in Vienna", "Lena lives in Linz", ["Lena", "Linz"]),
    ],
)
async def test_correct_fact_carries_the_links_the_new_text_is_about(
    storage: MemoryStorage,
    tools: list[Tool],
    old_text: str,
    new_text: str,
    linked_after: list[str],
) -> None:
    old = await call(tools, "remember_fact", fact=old_text)
    old_id = int(old["id"][1:])
    before = await storage.entities.entities_of_nodes([old_id])

    out = await call(tools, "correct_fact", old_fact=old["id"], new_fact=new_text)

    new_id = int(out["id"][1:])
    linked = await storage.entities.entities_of_nodes([new_id, old_id])
    assert sorted(e.name for e in linked[new_id]) == linked_after
    assert sorted(out["entities"]) == linked_after
    # the old version keeps every link it had, for history
    assert {e.name for e in linked[old_id]} == {e.name for e in before[old_id]}


async def test_a_partial_match_names_the_one_fact_and_changes_nothing(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    seats = await add_fact(storage, "I prefer window seats")

    out = await call(tools, "forget_fact", fact="window")

    assert out["error"].startswith(f"'window' only partly matches #{seats};")
    assert [c["id"] for c in out["candidates"]] == [f"#{seats}"]
    assert (await storage.nodes.get_node(seats)) is not None


async def test_correct_fact_by_ambiguous_text_changes_nothing(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    a = await add_fact(storage, "User's sister works in Berlin")
    b = await add_fact(storage, "User's brother works in Berlin")

    out = await call(
        tools, "correct_fact", old_fact="works in Berlin", new_fact="works in Paris"
    )

    assert "more than one fact" in out["error"]
    assert sorted(ids(out["candidates"])) == [f"#{a}", f"#{b}"]
    assert (await storage.admin.stats()).nodes_by_type == {"semantic": 2}


async def test_correct_fact_validation_messages(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    episode = await storage.nodes.add_episode(
        EpisodeDraft("I live in Oslo", "t1", "user", 1.0)
    )
    fact = await add_fact(storage, "User lives in Oslo")

    unknown = await call(tools, "correct_fact", old_fact="#999", new_fact="x")
    of_episode = await call(
        tools, "correct_fact", old_fact=f"#{episode}", new_fact="User lives in Bergen"
    )
    same = await call(
        tools, "correct_fact", old_fact=str(fact), new_fact="user lives in oslo."
    )
    nothing = await call(
        tools, "correct_fact", old_fact="quantum chromodynamics", new_fact="x"
    )
    empty = await call(tools, "correct_fact", old_fact="#1", new_fact=" ")

    assert unknown["error"].startswith("There is no memory #999.")
    assert "episode" in of_episode["error"] and "remember_fact" in of_episode["error"]
    assert "says the same" in same["error"]
    assert nothing["error"].startswith("No stored fact matches")
    assert empty == {"error": "new_fact is empty; give it a value."}
    assert (await storage.admin.stats()).soft_deleted_nodes == 0


async def test_correcting_a_replaced_fact_points_to_its_successor(
    tools: list[Tool],
) -> None:
    old = await call(tools, "remember_fact", fact="User has one cat")
    new = await call(
        tools, "correct_fact", old_fact=old["id"], new_fact="User has two cats"
    )

    again = await call(tools, "correct_fact", old_fact=old["id"], new_fact="three cats")

    assert (
        again["error"]
        == f"{old['id']} was already replaced by {new['id']}; use that id."
    )


async def test_explain_shows_the_chain_after_two_corrections(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    episode = await storage.nodes.add_episode(
        EpisodeDraft("I just started at Acme", "t1", "user", 1_700_000_000.0)
    )
    first = await add_fact(storage, "User works at Acme")
    await storage.graph.add_edges([EdgeDraft(first, episode, "derived_from")])
    second = await call(
        tools, "correct_fact", old_fact=f"#{first}", new_fact="User works at Globex"
    )
    third = await call(
        tools, "correct_fact", old_fact=second["id"], new_fact="User works at Initech"
    )

    latest = await call(tools, "explain_fact", fact_id=third["id"])
    oldest = await call(tools, "explain_fact", fact_id=f"node:{first}")

    assert latest["status"] == "current"
    assert ids(latest["replaces"]) == [second["id"], f"#{first}"]
    assert latest["replaced_by"] == []
    assert oldest["status"] == f"replaced by {second['id']}"
    assert ids(oldest["replaced_by"]) == [second["id"], third["id"]]
    assert ids(oldest["source_episodes"]) == [f"#{episode}"]
    assert oldest["source_episodes"][0]["content"] == "I just started at Acme"
    assert oldest["entities"] == []


async def test_explain_fact_reports_source_and_entities(
    tools: list[Tool],
) -> None:
    fact = await call(tools, "remember_fact", fact="Project Apollo ships in June 2025")

    out = await call(tools, "explain_fact", fact_id=fact["id"])
    missing = await call(tools, "explain_fact", fact_id="#424242")

    assert out["source"] == "tool from orchestrator"
    assert out["fact"]["content"] == "Project Apollo ships in June 2025"
    assert "Apollo" in " ".join(out["entities"])
    assert missing["error"].startswith("There is no memory #424242.")


async def test_confirm_fact_protects_from_decay(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    fact = await add_fact(storage, "User is allergic to nuts", confidence=0.4)
    episode = await storage.nodes.add_episode(
        EpisodeDraft("hello there", "t1", "user", 1.0)
    )

    out = await call(tools, "confirm_fact", fact_id=f"#{fact}")
    of_episode = await call(tools, "confirm_fact", fact_id=str(episode))
    missing = await call(tools, "confirm_fact", fact_id="77")

    assert out["status"] == "confirmed"
    node = await storage.nodes.get_node(fact)
    assert node is not None
    assert (node.decay_rate, node.confidence, node.base_confidence) == (0.0, 1.0, 1.0)
    assert "cannot be corrected or confirmed" in of_episode["error"]
    assert missing["error"].startswith("There is no memory #77.")


async def test_forget_fact_by_text_hides_it_from_search(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    fact = await add_fact(storage, "User's bank PIN hint is the dog's name")

    out = await call(
        tools, "forget_fact", fact="user's bank PIN hint is the dog's name"
    )
    found = await call(tools, "search_memory", query="bank PIN hint")
    twice = await call(tools, "forget_fact", fact=f"#{fact}")

    assert out["status"] == "forgotten" and out["id"] == f"#{fact}"
    assert found["results"] == []
    assert twice["error"] == f"#{fact} was forgotten; it cannot be changed."
    node = await storage.nodes.get_node(fact, history=True)
    assert node is not None and node.valid_until is not None


async def test_forget_fact_accepts_an_episode_id_for_privacy(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    episode = await storage.nodes.add_episode(
        EpisodeDraft("my password is hunter2", "t1", "user", 1.0)
    )

    out = await call(tools, "forget_fact", fact=f"#{episode}")
    found = await call(tools, "search_memory", query="password hunter2")

    assert out["status"] == "forgotten"
    assert found["results"] == []


async def test_fact_tools_reject_empty_references(
    deps: ToolDeps, tools: list[Tool]
) -> None:
    assert await call(tools, "forget_fact", fact="") == {
        "error": "fact is empty; give it a value."
    }
    assert await call(tools, "confirm_fact", fact_id=" ") == {
        "error": "fact_id is empty; give it a value."
    }
    assert await call(tools, "explain_fact", fact_id="") == {
        "error": "fact_id is empty; give it a value."
    }


async def test_without_an_embedder_dedup_and_text_lookup_use_words(
    storage: MemoryStorage, deps: ToolDeps
) -> None:
    plain = build_tools(
        ToolDeps(storage, Retriever(storage, None, CONFIG), CONFIG, None, None)
    )
    first = await call(plain, "remember_fact", fact="User plays the cello")

    again = await call(plain, "remember_fact", fact="user plays the cello!")
    fixed = await call(
        plain, "correct_fact", old_fact="plays the cello", new_fact="User plays viola"
    )

    assert again["status"] == "already_exists" and again["id"] == first["id"]
    assert fixed["replaces"]["id"] == first["id"]
    assert (await storage.admin.stats()).embedded_nodes == 0
