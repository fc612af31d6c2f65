"""A name that completes a sentence about "my <relation>" is that person
(writepath/relations.relation_by_subject)."""

from __future__ import annotations

from agent_memory.storage import MemoryStorage
from filed import listed, said


async def test_a_name_completing_my_relation_is_that_person(
    storage: MemoryStorage,
) -> None:
    """ "My new manager at Pebble is Jonas": Jonas is a person, the manager
    (a question about "my manager" finds him); "my favourite city is Paris"
    is no relation."""
    await said(
        storage,
        "My new manager at Pebble is Jonas, he sketches everything on paper.",
        "Мой новый начальник — Йонас.",
        "My favourite city is Paris.",
    )

    jonas = await storage.entities.find_entity("my manager")
    assert jonas is not None and jonas.name == "Jonas" and jonas.type == "person"
    found = await listed(storage)
    assert found["Йонас"] == "person" and found["Paris"] != "person"


async def test_the_relation_is_read_past_a_title(storage: MemoryStorage) -> None:
    """ "my family doctor, Dra. Teresa Lopes": the title between the relation
    and the name ("Dra.", "Dr.") leaves the relation hers."""
    await said(
        storage,
        "Saw my family doctor, Dra. Teresa Lopes, at the health centre.",
        "My boss, Dr. Ozola, approved the leave.",
    )

    lopes = await storage.entities.find_entity("my family doctor")
    assert lopes is not None and lopes.name == "Teresa Lopes"
    ozola = await storage.entities.find_entity("my boss")
    assert ozola is not None and ozola.name == "Ozola"
