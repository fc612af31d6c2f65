"""Both text indexes read words alike: case folded (a sentence's first word,
a name), Russian words whole so the search's stems are their prefixes, ё
apart from е; and an old PostgreSQL memory is re-read when it migrates."""

from __future__ import annotations

import pytest
from agent_memory.core.records import NodeDraft
from agent_memory.search.query_text import build_fts_query
from agent_memory.storage import MemoryStorage

TEXTS = (
    "Сварил большую кастрюлю борща.",
    "Вчера звонила Лена, она в Вене.",
    "Пёк хлеб на закваске.",
    "ЁЛКУ нарядили в субботу.",
    "Kayaking with Marta on Sunday.",
)


async def _found(storage: MemoryStorage, question: str) -> set[int]:
    match = build_fts_query(question)
    assert match is not None
    return {node_id for node_id, _ in await storage.index.fts_search(match, limit=10)}


async def _facts(storage: MemoryStorage) -> list[int]:
    ids = [
        int(await storage.nodes.add_node(NodeDraft("semantic", text))) for text in TEXTS
    ]
    await storage.drain()
    return ids


async def _check(storage: MemoryStorage, ids: list[int]) -> None:
    cooked, lena, baked, tree, kayak = ids
    assert await _found(storage, "Что я сварила?") == {cooked}
    assert await _found(storage, "сварил") == {cooked}
    assert await _found(storage, "Лены") == {lena}  # a name, another case
    assert await _found(storage, "кто звонил") == {lena}
    assert await _found(storage, "пёк") == {baked}
    assert await _found(storage, "пек") == set()  # ё apart from е, as typed
    assert await _found(storage, "ёлка") == {tree}  # capital Ё
    assert await _found(storage, "marta kayaking") == {kayak}


async def test_capitalised_words_and_names_are_found(storage: MemoryStorage) -> None:
    await _check(storage, await _facts(storage))


@pytest.mark.needs_postgres
async def test_an_old_postgres_memory_is_reread_when_it_migrates(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from agent_memory.store.postgres import schema
    from agent_memory.store.postgres.storage import PgStorage

    monkeypatch.setattr(schema, "SCHEMA_VERSION", 6)  # the schema before v7
    old = await PgStorage.open_url(database_url, dim=8)
    ids = await _facts(old)
    (row,) = await old._conn.rows(f"select fts::text from nodes where id = {ids[0]}")
    assert "'Свар'" in row[0]  # the capital the C locale kept
    await old.close()
    monkeypatch.undo()
    store = await PgStorage.open_url(database_url, dim=8)
    try:
        assert await store.admin.get_meta("schema_version") == str(
            schema.SCHEMA_VERSION
        )
        await _check(store, ids)
    finally:
        await store.close()
