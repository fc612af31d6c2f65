"""A person's full name in both scripts and their given name alone are one
person (writepath/full_names.py): "Maura Keane", «Мора Кин», then "Maura"
and «Мора» opening a sentence; two people of one given name leave it alone;
a user's split holds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from agent_memory.standalone.cli.parser import main
from agent_memory.storage import MemoryStorage
from agent_memory.toolkit.entity_edits import edit_entity
from agent_memory.writepath.full_names import rejoin_full_names
from filed import filed_apart, said, said_in_turn, said_together

LANDLADY = (
    "Хозяйка дома в Лукане, миссис Мора Кин, согласилась!",
    "Signed the lease. Landlady Maura Keane seems lovely.",
    "Сам сделал сервис котла. Мора скинула 100 евро с аренды",
    "Maura dropped by with a Christmas card already.",
)


async def _names(storage: MemoryStorage, name: str) -> set[str]:
    entity = await storage.entities.find_entity(name)
    assert entity is not None, name
    return {entity.name, *entity.aliases}


async def test_the_landlady_in_two_scripts_and_by_her_given_name_is_one(
    storage: MemoryStorage,
) -> None:
    await said(storage, *LANDLADY)

    landlady = await storage.entities.find_entity("Maura Keane")
    assert landlady is not None and landlady.mention_count == 4
    assert {"Мора Кин", "Мора", "Maura"} <= await _names(storage, "Maura Keane")
    assert await storage.entities.find_entity("Мора") == landlady


async def test_one_by_one_and_in_one_batch_alike(storage: MemoryStorage) -> None:
    await said_in_turn(storage, *LANDLADY[:2])
    await said_together(storage, *LANDLADY[2:])

    landlady = await storage.entities.find_entity("Мора")
    assert landlady is not None and landlady.name == "Maura Keane"
    assert landlady.mention_count == 4


async def test_russian_cases_of_a_full_name_join_it(storage: MemoryStorage) -> None:
    await said(
        storage,
        "Our neighbour Tamaz Beridze fixed the fence.",
        "Встретил Тамаза Беридзе у подъезда.",
        "Позвонил Тамазу вечером.",
    )

    tamaz = await storage.entities.find_entity("Тамазу")
    assert tamaz is not None and tamaz.name == "Tamaz Beridze"
    assert tamaz.mention_count == 3


async def test_two_people_of_one_given_name_leave_it_alone(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "My colleague Anna Smith moved to Leeds.",
        "Met Anna Jones at the gym.",
        "Had lunch with Anna today.",
    )

    anna = await storage.entities.find_entity("Anna")
    assert anna is not None and anna.name == "Anna"


async def test_full_names_of_other_words_stay_apart(storage: MemoryStorage) -> None:
    await said(
        storage,
        "Landlady Maura Keane seems lovely.",
        "Встретил Мору Ковальчук у подъезда.",
    )

    assert await _names(storage, "Maura Keane") == {
        "Maura Keane",
        "landlady",
        "my landlady",
    }


async def test_a_split_given_name_stays_apart(storage: MemoryStorage) -> None:
    await said(storage, *LANDLADY[:2], "Maura called about the rent.")
    await edit_entity(storage, "split", "Maura Keane", "Maura")
    await said(storage, "Maura dropped by with a Christmas card already.")

    maura = await storage.entities.find_entity("Maura")
    assert maura is not None and maura.name == "Maura"


async def test_names_filed_apart_are_rejoined(storage: MemoryStorage) -> None:
    await filed_apart(storage, "Maura Keane", "Мора Кин", "Мора")

    assert await rejoin_full_names(storage) == 2

    assert await _names(storage, "Мора") == {"Maura Keane", "Мора Кин", "Мора"}


def test_the_entity_listing_shows_the_landlady_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    turns = tmp_path / "turns.jsonl"
    rows = [
        {"thread_id": f"t{i}", "role": "user", "text": text,
         "time": f"2026-06-{10 + i}T10:00:00"}
        for i, text in enumerate(LANDLADY)
    ]  # fmt: skip
    turns.write_text("\n".join(json.dumps(r) for r in rows), "utf-8")
    db = str(tmp_path / "memory.db")
    assert main(["ingest", str(turns), "--db", db, "--embedder", "none"]) == 0
    capsys.readouterr()

    assert main(["entity", "Мора", "--db", db, "--embedder", "none"]) == 0
    shown = capsys.readouterr().out

    assert shown.startswith("Maura Keane (person, 4 mentions)")
    assert "Мора Кин" in shown
