"""search_memory, get_entity_info, memory_stats, weak_facts, get_timeline through a
real agent run, and the tool list the host gets from MemoryExtension."""

from __future__ import annotations

import datetime as dt
import json
import time

from agent_memory.core.records import EdgeDraft, EpisodeDraft
from agent_memory.main import MemoryExtension
from agent_memory.storage import MemoryStorage
from agents import FunctionTool, Tool
from fakes import FakeHostContext
from tool_harness import add_fact, call, ids, run_calls

DAY = 86_400.0
HOST_TOOLS = {
    "search_memory": ["query", "type", "entity_name", "after", "before", "limit"],
    "remember_fact": ["fact", "confidence", "expires"],
    "correct_fact": ["old_fact", "new_fact"],
    "confirm_fact": ["fact_id"],
    "get_entity_info": ["entity_name"],
    "memory_stats": [],
    "explain_fact": ["fact_id"],
    "weak_facts": ["threshold", "limit"],
    "get_timeline": ["entity_name", "after", "before", "limit"],
    "forget_fact": ["fact"],
    "purge_memory": ["what", "target", "after", "before", "confirmation"],
    "edit_entity": ["action", "entity_name", "value"],
}


def day(text: str) -> float:
    return dt.datetime.fromisoformat(text).replace(tzinfo=dt.UTC).timestamp()


async def test_extension_offers_exactly_the_host_tools(host: FakeHostContext) -> None:
    extension = MemoryExtension()
    await extension.initialize(host)
    try:
        tools = extension.get_tools()
        again = extension.get_tools()
    finally:
        await extension.stop()
        await extension.destroy()

    assert {
        t.name: list(t.params_json_schema["properties"]) for t in tools
    } == HOST_TOOLS
    assert [t.name for t in again] == [t.name for t in tools]
    assert all(isinstance(t, FunctionTool) and t.description for t in tools)
    required = {t.name: t.params_json_schema.get("required", []) for t in tools}
    assert required["search_memory"] == ["query"]
    assert required["get_timeline"] == []
    assert required["correct_fact"] == ["old_fact", "new_fact"]


async def test_search_memory_returns_ids_types_dates_and_entities(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    stored = await call(tools, "remember_fact", fact="The user's dentist is Dr Weber")
    await storage.nodes.add_episode(
        EpisodeDraft("I need a dentist", "t1", "user", day("2024-03-01"))
    )

    out = await call(tools, "search_memory", query="dentist", type="fact")
    both = await call(tools, "search_memory", query="dentist", limit=5)

    (hit,) = out["results"]
    assert hit["id"] == stored["id"]
    assert hit["type"] == "semantic"
    assert hit["content"] == "The user's dentist is Dr Weber"
    assert hit["date"] == dt.datetime.now(dt.UTC).strftime("%Y-%m-%d")
    assert hit["confidence"] > 0.9
    assert hit["entities"] == ["Weber"]
    assert sorted(r["type"] for r in both["results"]) == ["episodic", "semantic"]


async def test_search_memory_filters_by_time_window_and_entity(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    old = await storage.nodes.add_episode(
        EpisodeDraft("Trip to Lisbon with Marta", "t1", "user", day("2024-01-10"))
    )
    new = await storage.nodes.add_episode(
        EpisodeDraft("Another trip to Lisbon", "t1", "user", day("2024-06-10"))
    )
    marta = await storage.entities.upsert_entity("Marta", type="person")
    await storage.entities.link_entities([(old, marta.id)])

    after = await call(tools, "search_memory", query="trip Lisbon", after="2024-03-01")
    before = await call(
        tools, "search_memory", query="trip Lisbon", before="2024-03-01"
    )
    with_marta = await call(tools, "search_memory", query="trip", entity_name="marta")

    assert ids(after["results"]) == [f"#{new}"]
    assert ids(before["results"]) == [f"#{old}"]
    assert ids(with_marta["results"]) == [f"#{old}"]


async def test_search_memory_validation_messages(tools: list[Tool]) -> None:
    empty = await call(tools, "search_memory", query="  ")
    bad_type = await call(tools, "search_memory", query="x", type="memes")
    bad_date = await call(tools, "search_memory", query="x", after="yesterday-ish")
    inverted = await call(
        tools, "search_memory", query="x", after="2024-05-01", before="2024-01-01"
    )
    too_many = await call(tools, "search_memory", query="x", limit=500)
    unknown = await call(tools, "search_memory", query="x", entity_name="Zorro")

    assert empty == {"error": "query is empty; give it a value."}
    assert "use semantic, episodic, procedural or opinion" in bad_type["error"]
    assert bad_date["error"] == (
        "unknown time filter 'yesterday-ish': use last_week, last_month or YYYY-MM-DD"
        " (or a date-time like 2024-05-01T14:30)"
    )
    assert inverted == {"error": "after must be earlier than before."}
    assert too_many == {"error": "limit must be between 1 and 50."}
    assert unknown["error"] == (
        "No entity called 'Zorro' is known."
        " Use search_memory with the name as the query instead."
    )


async def test_search_memory_reads_fts_syntax_as_words(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    await add_fact(storage, "User said NEAR the column: AND OR NOT")

    out = await call(tools, "search_memory", query='"NEAR(" AND * OR -column:x ^')
    blank = await call(tools, "search_memory", query="the of and")

    assert [r["content"] for r in out["results"]] == [
        "User said NEAR the column: AND OR NOT"
    ]
    assert blank["results"] == [] and blank["note"].startswith("Nothing found")


async def test_search_output_is_bounded(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    for i in range(60):
        await add_fact(storage, f"elephant fact {i} " + "trumpets loudly " * 100)

    (output,) = await run_calls(
        tools, [("search_memory", {"query": "elephant", "limit": 50})]
    )

    results = json.loads(output)["results"]
    assert len(results) == 50
    assert all(len(r["content"]) <= 300 for r in results)
    assert len(output) < 25_000


async def test_get_entity_info_shows_the_name_written_in_the_other_script(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    """A bilingual user's wife is "Lena" in English turns and "Лена" in Russian
    ones; "Лина" is another woman."""
    said = [
        ("Lena", "person", "Lena starts at the clinic", 5.0),
        ("Лена", "person", "Лена уехала к маме", 7.0),
        ("Лина", "person", "Лина зайдёт вечером", 8.0),
    ]
    for name, kind, text, when in said:
        entity = await storage.entities.upsert_entity(name, type=kind)
        node = await storage.nodes.add_episode(EpisodeDraft(text, "t1", "user", when))
        await storage.entities.link_entities([(node, entity.id)])

    out = await call(tools, "get_entity_info", entity_name="Lena")
    line = await call(tools, "get_timeline", entity_name="Lena", limit=5)

    assert out["aliases"] == ["Лена"]
    assert [item["content"] for item in out["timeline"]] == [
        "Лена уехала к маме",
        "Lena starts at the clinic",
    ]
    assert [item["content"] for item in line["items"]] == [
        "Lena starts at the clinic",
        "Лена уехала к маме",
    ]


async def test_get_entity_info_by_alias(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    vitya = await storage.entities.upsert_entity(
        "Viktor", type="person", aliases=["Vitya"]
    )
    await storage.entities.update_entity(vitya.id, summary="The user's manager.")
    fact = await add_fact(storage, "Viktor prefers short meetings")
    talk = await storage.nodes.add_episode(
        EpisodeDraft("Vitya called", "t1", "user", 5.0)
    )
    later = await storage.nodes.add_episode(
        EpisodeDraft("Vitya again", "t1", "user", 9.0)
    )
    await storage.entities.link_entities(
        [(fact, vitya.id), (talk, vitya.id), (later, vitya.id)]
    )

    out = await call(tools, "get_entity_info", entity_name="VITYA")
    similar = await call(tools, "get_entity_info", entity_name="Vik")

    assert (out["name"], out["type"], out["aliases"]) == ("Viktor", "person", ["Vitya"])
    assert out["summary"] == "The user's manager."
    assert ids(out["facts"]) == [f"#{fact}"]
    assert ids(out["timeline"]) == [f"#{later}", f"#{talk}"]
    assert (
        similar["error"]
        == "No entity called 'Vik' is known. Known names that contain it: Viktor."
    )


async def test_memory_stats_counts_and_maintenance(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    await call(tools, "remember_fact", fact="The user's cat is called Tom")
    await storage.nodes.add_episode(EpisodeDraft("hi", "t1", "user", 1.0))
    await storage.sessions.record_maintenance("decay", 12.0, {"updated": 3}, None)
    # What grounding refused (writepath/grounding.py) is shown with its reasons.
    refused = {"consolidated": 1, "rejected": 3, "rejected_placeholder": 2}
    refused["rejected_name_not_in_turns"] = 1
    await storage.sessions.record_maintenance("consolidation", 9.0, refused, None)

    out = await call(tools, "memory_stats")

    assert out["nodes_by_type"] == {"episodic": 1, "semantic": 1}
    assert out["total_nodes"] == 2
    assert out["entities"] == 1
    assert out["unconsolidated_threads"] == 1
    assert out["embedded_nodes"] == 1
    assert out["database_size"].endswith(("KB", "MB"))
    assert out["last_runs"]["consolidation"].endswith(
        "; not grounded, not stored: name_not_in_turns 1, placeholder 2"
    )
    assert out["last_runs"]["decay"].startswith(time.strftime("%Y-", time.gmtime()))


async def test_weak_facts_lists_days_left_and_superseding_version(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    weak = await add_fact(
        storage, "User might like jazz", confidence=0.2, decay_rate=0.1
    )
    frozen = await add_fact(
        storage, "User was born in 1990", confidence=0.1, decay_rate=0.0
    )
    await add_fact(storage, "User is tall", confidence=0.9)
    newer = await add_fact(storage, "User likes jazz a lot")
    await storage.graph.add_edges([EdgeDraft(newer, weak, "supersedes")])

    out = await call(tools, "weak_facts", threshold=0.5)
    bad = await call(tools, "weak_facts", threshold=0, limit=0)

    assert ids(out["facts"]) == [f"#{frozen}", f"#{weak}"]
    by_id = {f["id"]: f for f in out["facts"]}
    assert "days_until_pruned" not in by_id[f"#{frozen}"]  # null: never decays
    # (ln(0.2 / 0.05) / 0.1) ** (1 / 0.8) days from its creation just now
    assert by_id[f"#{weak}"]["days_until_pruned"] == 26.7
    assert by_id[f"#{weak}"]["superseded_by"] == f"#{newer}"
    assert bad == {"error": "threshold must be above 0.0 and at most 1.0."}


async def test_get_timeline_orders_windows_and_bounds(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    days = ["2024-01-01", "2024-02-01", "2024-03-01", "2024-04-01"]
    made = [
        await storage.nodes.add_episode(
            EpisodeDraft(f"Met Ola on {d}", "t1", "user", day(d))
        )
        for d in days
    ]
    ola = await storage.entities.upsert_entity("Ola", type="person")
    await storage.entities.link_entities([(made[0], ola.id), (made[2], ola.id)])

    window = await call(tools, "get_timeline", after="2024-01-15", before="2024-04-01")
    newest = await call(tools, "get_timeline", limit=2)
    of_ola = await call(tools, "get_timeline", entity_name="ola")
    bad = await call(tools, "get_timeline", before="soon", limit=3)
    unknown = await call(tools, "get_timeline", entity_name="Nobody")

    assert ids(window["items"]) == [f"#{made[1]}", f"#{made[2]}"]
    assert window["items"][0]["date"] == "2024-02-01 00:00"
    assert window["items"][0]["role"] == "user"
    assert ids(newest["items"]) == [f"#{made[2]}", f"#{made[3]}"]
    assert newest["note"].startswith("Only the newest 2")
    assert (of_ola["entity"], ids(of_ola["items"])) == (
        "Ola",
        [f"#{made[0]}", f"#{made[2]}"],
    )
    assert "use last_week, last_month or YYYY-MM-DD" in bad["error"]
    assert unknown["error"].startswith("No entity called 'Nobody' is known.")
