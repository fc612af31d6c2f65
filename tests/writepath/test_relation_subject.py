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


async def test_the_new_holder_of_a_role_at_ones_own_place(
    storage: MemoryStorage,
) -> None:
    """ "the new manager at our old branch is Rinat Cohen": the place is the
    user's, so Rinat is their manager and the one before becomes the former
    manager; a role of a place that is nobody's stays unfiled."""
    await said(
        storage,
        "My manager Avi Mizrahi retires in August.",
        "Lilya says the new manager at our old Hadar branch is Rinat Cohen.",
        "I read that the new manager at Arsenal is Mikel Arteta.",
    )

    rinat = await storage.entities.find_entity("my manager")
    assert rinat is not None and rinat.name == "Rinat Cohen"
    avi = await storage.entities.find_entity("Avi Mizrahi")
    assert avi is not None and avi.attributes.get("relation") != "manager"


async def test_a_branch_head_is_a_boss(storage: MemoryStorage) -> None:
    """«моя заведующая» is the head of one's branch or department: the
    relation is filed, so «заведующая» finds her, and she is the boss."""
    await said(storage, "Моя заведующая Ринат поставила меня старшей смены.")

    rinat = await storage.entities.find_entity("заведующая")
    assert rinat is not None and rinat.name == "Ринат"


async def test_a_relation_said_at_the_names_second_mention_is_kept(
    storage: MemoryStorage,
) -> None:
    """ "coffee with Dinara at Ostkreuz. Dinara is my oldest friend": the
    introduction follows the first mention of the name in the same turn;
    «…Кекс орёт с шести… Кекс это наш кот»: the cat is a pet."""
    await said(
        storage,
        "coffee with Dinara at Ostkreuz. Dinara (Dinka) is my oldest friend, "
        "we went to school together",
        "lunch with Tom today. Tom is my new boss, ex-Google",
        "утро, Кекс орёт с шести, требует еду. Кекс это наш кот, британец",
    )

    dinara = await storage.entities.find_entity("my oldest friend")
    assert dinara is not None and dinara.name == "Dinara"
    tom = await storage.entities.find_entity("my boss")
    assert tom is not None and tom.name == "Tom" and tom.type == "person"
    found = await listed(storage)
    assert found["Кекс"] == "pet"
