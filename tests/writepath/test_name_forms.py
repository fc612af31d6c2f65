"""Forms of one given name are one person (writepath/name_forms.py): a
flatmate introduced as «Саша (вообще-то Александр)» and written "Sasha" or
"Alex" in English turns is listed once and found by any of those names; two
people a form could stand for stay apart, and a user's split wins."""

from __future__ import annotations

from agent_memory.core.config import MemoryConfig
from agent_memory.core.name_forms import forms_of, russian_form, same_name
from agent_memory.retrieval import Retriever
from agent_memory.standalone.transfer import reindex
from agent_memory.storage import MemoryStorage
from agent_memory.toolkit.entity_edits import edit_entity
from filed import filed_apart, listed, said

FLATMATE = (
    "Мой сосед по квартире Саша (вообще-то Александр, но так его называет"
    " только его мама) из Минска, пишет бэкенд."
)


def test_the_table_knows_the_forms_of_a_name() -> None:
    assert {"саша", "шура", "александр", "alex", "sasha"} <= forms_of("alex")
    assert same_name("mike", "миша") and same_name("лёша", "alex")
    assert same_name("гоги", "george") and same_name("лева", "leo")
    assert not same_name("лена", "лина") and not forms_of("table")
    assert russian_form("sasha") and not russian_form("mary")


async def test_an_english_form_joins_the_russian_diminutive(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        FLATMATE,
        "Sasha and I made khinkali from scratch.",
        "Alex keeps leaving his bike in the hallway.",
        "Alex sent a photo from Berlin.",
    )

    sasha = await storage.entities.find_entity("Alex")
    assert sasha is not None and sasha.type == "person" and sasha.mention_count == 4
    assert {sasha.name, *sasha.aliases} >= {"Alex", "Sasha", "Саша", "Александр"}
    assert [n for n, t in (await listed(storage)).items() if t == "person"] == [
        sasha.name
    ]


async def test_english_turns_with_a_transliteration_join_the_english_form(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "My colleague Misha fixed the build again.",
        "Lunch with Mike and the new intern.",
    )

    assert await listed(storage) == {"Misha": "person"}


async def test_a_form_two_people_could_have_stays_alone(
    storage: MemoryStorage,
) -> None:
    """With «Саша» and «Лёша» both known, "Alex" could be either."""
    await said(
        storage,
        "Мой сосед Саша из Минска.",
        "Мой брат Лёша живёт в Казани.",
        "Alex called me this morning.",
    )

    found = await listed(storage)
    assert {"Саша", "Лёша", "Alex"} <= set(found)


async def test_english_forms_alone_stay_two_people(storage: MemoryStorage) -> None:
    await said(storage, "My friend Mary called.", "My cousin Maria visited.")

    assert await listed(storage) == {"Mary": "person", "Maria": "person"}


async def test_a_split_form_stays_apart_when_said_again_and_after_reindex(
    storage: MemoryStorage,
) -> None:
    await said(storage, "Мой сосед Саша из Минска.", "Alex called me.")
    await edit_entity(storage, "split", "Саша", "Alex")  # the user's word
    await said(storage, "Alex sent a photo.", "Саша нашёл работу.")
    await reindex(storage, None)

    sasha = await storage.entities.find_entity("Саша")
    alex = await storage.entities.find_entity("Alex")
    assert sasha is not None and alex is not None and sasha.id != alex.id


async def test_reindex_joins_forms_filed_apart_before(storage: MemoryStorage) -> None:
    await filed_apart(storage, "Дмитрий", "Dima", "Митя")

    await reindex(storage, None)

    assert len(await listed(storage)) == 1


async def test_any_form_asked_finds_the_introduction(storage: MemoryStorage) -> None:
    await said(
        storage,
        FLATMATE,
        "Поели хинкали, потом долго гуляли.",
        "Alex keeps leaving his bike in the hallway.",
    )
    search = Retriever(storage, None, MemoryConfig(embedding_dimensions=8)).search
    for question in ("Who is Alex?", "Alex", "Кто такой Саша?", "Александр"):
        hits = await search(question, reinforce=False)
        assert any("Минска" in h.node.content for h in hits), question


async def test_a_form_never_said_finds_the_one_person_of_that_name(
    storage: MemoryStorage,
) -> None:
    await said(storage, FLATMATE, "Мой брат Дима живёт в Казани.")
    search = Retriever(storage, None, MemoryConfig(embedding_dimensions=8)).search
    for question in ("Who is Alex?", "Sasha", "Who is Dmitry?"):
        hits = await search(question, reinforce=False)
        assert hits, question
        wanted = "Минска" if "Dmitry" not in question else "Казани"
        assert wanted in hits[0].node.content, question
    await said(storage, "Мой друг Лёша приехал из Москвы.")  # Alex is either now
    hits = await search("Who is Alex?", reinforce=False)
    assert not any("Минска" in h.node.content for h in hits[:1])


async def test_valera_is_a_form_of_valeriy(storage: MemoryStorage) -> None:
    """A workmate introduced by his full name and written by his short form
    in both scripts is one person, found by any of them."""
    await said(
        storage,
        "Мой сменщик Валерий из Челябинска, возит лес уже двадцать лет.",
        "Valera covered my Tuesday run, owe him a beer.",
        "С Валерой стояли на весовой три часа.",
    )
    valera = await storage.entities.find_entity("Valera")
    assert valera is not None and valera.type == "person"
    assert {valera.name, *valera.aliases} >= {"Valera", "Валерий"}
    assert same_name("valera", "валерий") and not same_name("valera", "валентина")
    search = Retriever(storage, None, MemoryConfig(embedding_dimensions=8)).search
    hits = await search("Who is Valera?", reinforce=False)
    assert any("Челябинска" in h.node.content for h in hits[:3])
