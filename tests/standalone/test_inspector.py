"""The inspector's data and page: what is shown, filtered, linked and escaped."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest
from agent_memory.core.errors import InputError
from agent_memory.standalone.cli.parser import main
from agent_memory.standalone.host import StandaloneHost
from agent_memory.standalone.inspector import (
    ViewFilters,
    collect,
    embed_json,
    render_html,
)
from inspector_memory import DAY, HOSTILE, T0, Ids, build


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Ids]:
    data_dir = tmp_path_factory.mktemp("inspector")
    return data_dir, asyncio.run(build(data_dir))


async def view(data_dir: Path, **filters: Any) -> dict[str, Any]:
    async with StandaloneHost(data_dir) as host:
        return await collect(host.services.storage, ViewFilters(**filters))


def shown(data: dict[str, Any]) -> set[int]:
    return {int(n["id"][1:]) for n in data["nodes"]}


async def test_shows_history_but_not_forgotten(memory: tuple[Path, Ids]) -> None:
    data_dir, ids = memory
    data = await view(data_dir)
    nodes = {n["id"]: n for n in data["nodes"]}

    assert shown(data) == {*ids.turns, ids.old_fact, ids.new_fact, ids.allergy}
    assert nodes[f"n{ids.new_fact}"]["history"] == {
        "supersedes": [f"n{ids.old_fact}"],
        "sources": [f"n{ids.turns[3]}"],
    }
    assert nodes[f"n{ids.old_fact}"]["history"]["superseded_by"] == [f"n{ids.new_fact}"]
    assert nodes[f"n{ids.old_fact}"]["valid_until"] is not None
    assert {e["label"] for e in data["entities"]} == {"Lena", "Pepper"}
    typed = {(e["s"], e["t"], e["type"]) for e in data["edges"]}
    assert (f"n{ids.new_fact}", f"n{ids.old_fact}", "supersedes") in typed
    assert (f"n{ids.allergy}", f"n{ids.turns[2]}", "derived_from") in typed
    assert data["meta"]["memory_nodes"] == 6  # forgotten and replaced not current


async def test_limit_keeps_the_most_connected(memory: tuple[Path, Ids]) -> None:
    data_dir, ids = memory
    data = await view(data_dir, limit=2)

    # Both Lena facts and the first turn have three links (supersedes or
    # temporal, derived_from, Lena); the newest win the tie.
    assert shown(data) == {ids.old_fact, ids.new_fact}
    assert data["meta"]["matched"] == 7
    # What a shown node points at outside the view is listed with its text.
    assert all(ref["text"] for ref in data["refs"].values())
    assert data["refs"]


async def test_filters(memory: tuple[Path, Ids]) -> None:
    data_dir, ids = memory
    assert shown(await view(data_dir, entity="pepper")) == {ids.turns[2], ids.allergy}
    assert shown(await view(data_dir, thread="friday")) == {ids.turns[3], ids.new_fact}
    assert shown(await view(data_dir, after=T0 + DAY)) == {ids.turns[3], ids.new_fact}
    assert ids.turns[3] not in shown(await view(data_dir, before=T0 + DAY))
    with pytest.raises(InputError, match="no such entity"):
        await view(data_dir, entity="Nobody")


def test_embedded_json_cannot_end_the_script() -> None:
    data = {"text": HOSTILE + " <!-- & \u2028"}
    text = embed_json(data)

    assert "<" not in text and ">" not in text
    assert json.loads(text) == data


async def test_page_is_self_contained(memory: tuple[Path, Ids]) -> None:
    data_dir, _ = memory
    data = await view(data_dir)
    page = render_html(data)

    # Only the page's own three script elements close; nothing loads from outside.
    assert page.count("</script>") == 3
    assert not re.search(r"""<(script|link|img)[^>]+(src|href)=["']?http""", page)
    body = page.split('id="memory-data">', 1)[1].split("</script>", 1)[0]
    assert json.loads(body) == json.loads(json.dumps(data))
    assert "Cytoscape Consortium" in page  # the library's licence header is kept


def test_cli_writes_the_page(
    memory: tuple[Path, Ids], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data_dir, _ = memory
    out = tmp_path / "view.html"
    args = ["--embedder", "none", "--db", str(data_dir), "--json", "view"]

    assert main([*args, "--out", str(out), "--thread", "monday"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["nodes"] == 5 and result["entities"] == 2
    assert out.stat().st_size == result["bytes"]

    assert main([*args, "--out", str(tmp_path)]) == 2
    # with --json the error is JSON on stdout
    assert "is a folder" in json.loads(capsys.readouterr().out)["error"]
    args.append("--force")  # the page exists now: replace it
    assert main([*args, "--out", str(out), "--entity", "Nobody"]) == 2
    assert main([*args, "--out", str(out), "--limit", "0"]) == 2


async def test_people_and_facts_come_first(memory: tuple[Path, Ids]) -> None:
    data_dir, ids = memory
    data = await view(data_dir, limit=1)
    people = data["overview"]["people"]
    facts = {f["id"]: f for f in data["overview"]["facts"]}

    # Whatever the graph's limit: every person, every current fact.
    async with StandaloneHost(data_dir) as host:
        lena = await host.services.storage.entities.find_entity("Lena")
    assert lena is not None
    assert [(p["name"], p["relation"], p["mentions"]) for p in people] == [
        ("Lena", "sister", lena.mention_count)
    ]
    assert set(facts) == {f"n{ids.new_fact}", f"n{ids.allergy}"}
    versions = facts[f"n{ids.new_fact}"]["versions"]
    assert [(v["id"], v["text"]) for v in versions] == [
        (f"n{ids.old_fact}", "Lena lives in Vienna")
    ]
    assert versions[0]["until"] is not None


async def test_entities_without_summary_show_their_mentions(
    memory: tuple[Path, Ids],
) -> None:
    data_dir, _ = memory
    data = await view(data_dir)
    pepper = next(e for e in data["entities"] if e["label"] == "Pepper")

    assert pepper["summary"] is None
    assert pepper["said"][0] == "Pepper is allergic to chicken"
