"""Relations to the user from raw turns: around the name, newest wins, and a
qualified relation ("climbing partner") is not the bare one."""

from __future__ import annotations

import time

import pytest
from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import EpisodeDraft, Node
from agent_memory.retrieval import Retriever
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.entities import EntityLinker
from filed import filed_name


async def _say(storage: MemoryStorage, *texts: str, batch: bool = False) -> None:
    linker = EntityLinker(storage)
    nodes: list[Node] = []
    for i, text in enumerate(texts):
        when = time.time() - 1000 + i
        node_id = await storage.nodes.add_episode(EpisodeDraft(text, "t", "user", when))
        if not batch:
            await linker.link_text(node_id, text)
        nodes += (await storage.nodes.get_nodes([node_id])).values()
    if batch:  # the slow path's way: one batch, in the order said
        await linker.on_episodes(nodes)


@pytest.mark.parametrize(
    ("text", "name", "relation"),
    [
        ("Ingrid, my new boss, heads the data team.", "Ingrid", "boss"),
        ("My new boss Ingrid lives in Baden.", "Ingrid", "boss"),
        ("Sam is my oldest friend from university.", "Sam", "oldest friend"),
        ("Витя — мой друг детства из Казани.", "Витя", "друг"),
        ("Our dog Pepper is a beagle.", "Pepper", "dog"),
        # an age says which brother; in-laws; a relation in another case; a
        # Russian relation one has once, its "моя" left out
        ("My older brother Misha lives in Leeds.", "Misha", "brother"),
        ("Мой старший брат Миша живёт в Лидсе.", "Миша", "брат"),
        ("My mother-in-law Galina is a retired teacher.", "Galina", "mother-in-law"),
        ("Тёща, Галина Петровна, приезжает к нам.", "Галина Петровна", "тёща"),
        ("Купил моей дочке Соне краски.", "Соне", "дочка"),
        # "начальник" and "начальница" share a stem: a man stays a man
        ("Мой начальник Оливер уходит в отпуск.", "Оливер", "начальник"),
        ("Моя начальница Ингрид живёт в Бадене.", "Ингрид", "начальница"),
        # the ex; a Russian relation alone in apposition; a pet by its kind
        ("My ex Tom still has my bike.", "Tom", "ex"),
        ("Инга, бывшая, позвонила в полдесятого.", "Инга", "бывшая"),
        ("кот Кефир опять спит на моей форме.", "Кефир", "кот"),
        # the owner after the relation word, beside the name or in an aside
        ("Утро. Галя, жена моя, сварила овсянку.", "Галя", "жена"),
        ("Друзья. Сестра моя, Вика, приехала.", "Вика", "сестра"),
        ("Утро. Галя (жена моя, Галина) сварила кашу.", "Галя", "жена"),
        # «мой парень», «моя девушка» is one's partner, not just a guy or a girl
        ("Тёма (Артём, мой парень, 31) прислал мем.", "Тёма", "парень"),
        ("Моя девушка Оля печёт хлеб.", "Оля", "девушка"),
        # the subject, a verb, and a dash saying who they are
        ("Кирюша писал — мой младший брат, 22, учится.", "Кирюша", "брат"),
        # where the relative lives closes the aside: «сестра из Самары.»
        ("Писала Лида, сестра из Твери. Зовёт летом.", "Лида", "сестра"),
        ("Гостил Боря, брат из Омска, привёз рыбу.", "Боря", "брат"),
        ("Kirill called — my little brother — asking for money.", "Kirill", "brother"),
    ],
)
async def test_the_relation_is_read_around_the_name(
    storage: MemoryStorage, text: str, name: str, relation: str
) -> None:
    await _say(storage, text)
    entity = await storage.entities.find_entity(name)
    assert entity is not None and entity.attributes["relation"] == relation


@pytest.mark.parametrize(
    "text",
    [
        "Tom called — my boss wants the report by five.",
        "Маша звонила — моя сестра тоже приедет.",
    ],
)
async def test_a_dash_going_on_past_the_relation_says_nothing_of_the_name(
    storage: MemoryStorage, text: str
) -> None:
    await _say(storage, text)
    for name in ("Tom", "Машу", "Маша"):
        entity = await storage.entities.find_entity(name)
        assert entity is None or not entity.attributes.get("relation")


async def test_a_qualified_relation_is_not_the_bare_one(storage: MemoryStorage) -> None:
    await _say(
        storage,
        "My wife Lena is a doctor.",
        "Priya is my climbing partner, we met at the gym.",
        "Met my former boss Tom for coffee.",
    )
    assert await filed_name(storage, "my climbing partner") == "Priya"
    assert await filed_name(storage, "partner") is None
    assert await filed_name(storage, "my wife") == "Lena"
    assert await filed_name(storage, "boss") is None
    assert await filed_name(storage, "my former boss") == "Tom"


@pytest.mark.parametrize("batch", [False, True])
async def test_a_newer_boss_replaces_the_older_one(
    storage: MemoryStorage, batch: bool
) -> None:
    await _say(
        storage,
        "Mark wants the report by Monday.",
        "My boss Mark lives in Potsdam.",
        "Ingrid, my new boss, heads the data team.",
        batch=batch,
    )
    assert await filed_name(storage, "my boss") == "Ingrid"
    assert await filed_name(storage, "boss") == "Ingrid"
    mark = await storage.entities.find_entity("Mark")
    assert mark is not None and mark.attributes["relation"] == "former boss"


async def test_the_same_wife_in_two_scripts_keeps_both(storage: MemoryStorage) -> None:
    """ "Lena" and «Лена» are one person (writepath/twins.py): both names and
    both ways of saying the relation are kept on her, and each question finds
    both turns."""
    said = ("My wife Lena is a doctor.", "Моя жена Лена — детский врач.")
    await _say(storage, *said)
    assert await filed_name(storage, "my wife") == "Lena"
    assert await filed_name(storage, "моя жена") == "Lena"
    lena = await storage.entities.find_entity("Лена")
    assert lena is not None and lena.name == "Lena" and "Лена" in lena.aliases
    r = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    for question in ("my wife", "моя жена"):
        hits = await r.search(question, reinforce=False)
        assert {h.node.content for h in hits[:2]} == set(said), question


async def test_a_russian_boyfriend_is_found_in_english(storage: MemoryStorage) -> None:
    """«мой парень» is "my boyfriend": the English question finds him, not a
    friend's boyfriend."""
    said = "Тёма (Артём, мой парень, 31) прислал мем про дедлайны."
    await _say(storage, "Dasha asked how it feels to live with a boyfriend.", said)
    assert await filed_name(storage, "мой парень") in {"Тёма", "Артём"}
    r = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    hits = await r.search("my boyfriend", reinforce=False)
    assert hits and hits[0].node.content == said


async def test_a_relation_going_on_to_its_owner_is_not_mine(
    storage: MemoryStorage,
) -> None:
    """«Маша, дочка соседей, …» is the neighbours' daughter, not mine."""
    await _say(storage, "Маша, дочка соседей, кормила Кефира.")
    entity = await storage.entities.find_entity("Маша")
    assert entity is not None and not entity.attributes.get("relation")


@pytest.mark.parametrize("batch", [False, True])
async def test_a_possessive_name_past_a_comma_does_not_take_the_relation(
    storage: MemoryStorage, batch: bool
) -> None:
    """ "with my partner, Malcolm's route was too muddy": Malcolm owns the
    route; the partner named before stays the partner."""
    await _say(
        storage,
        "Geoff is officially my partner now.",
        "Walking group with my partner, Malcolm's route was too muddy.",
        batch=batch,
    )
    assert await filed_name(storage, "my partner") == "Geoff"
    malcolm = await storage.entities.find_entity("Malcolm")
    assert malcolm is not None and not malcolm.attributes.get("relation")


@pytest.mark.parametrize("batch", [False, True])
async def test_a_new_boss_in_one_language_ends_the_old_one_in_the_other(
    storage: MemoryStorage, batch: bool
) -> None:
    """ "Eleni, my new boss" ends «мой шеф Костас» too (a boss is one at a
    time and "new" says the change), and "my former boss" / «мой бывший
    начальник» then name him; a plain "my boss" in English does not take
    the Russian relation (it may be the same person in the other tongue)."""
    await _say(
        storage,
        "Мой шеф Костас опять орал на совещании.",
        "Kostas wants the report by Friday.",
        "Eleni, my new boss, walked me through the files.",
        batch=batch,
    )
    assert await filed_name(storage, "my boss") == "Eleni"
    assert await filed_name(storage, "мой шеф") is None
    assert await filed_name(storage, "мой бывший начальник") == "Костас"
    assert await filed_name(storage, "my former boss") == "Костас"


@pytest.mark.parametrize(
    "said", ["My boss Eleni is on leave.", "My boss Eleni has a new car."]
)
async def test_a_boss_said_without_new_keeps_the_other_language(
    storage: MemoryStorage, said: str
) -> None:
    """ "new" of something else is no new boss."""
    await _say(storage, "Мой шеф Костас в отпуске.", said)
    assert await filed_name(storage, "мой шеф") == "Костас"


async def test_what_a_colon_says_of_a_named_boss_is_no_name(
    storage: MemoryStorage,
) -> None:
    """ "Kelly would be my boss: Irish, ex-Spotify": the colon opens what is
    said of the holder the sentence named; "Met my new boss: Karen" names."""
    await _say(
        storage,
        "My manager Raj wants the report by Friday.",
        "Fernway called! Siobhan Kelly would be my boss: Irish, ex-Spotify.",
    )
    assert await filed_name(storage, "my manager") == "Raj"
    assert await filed_name(storage, "my former boss") is None
    await _say(storage, "Monday. Met my new boss: Karen, very calm.")
    assert await filed_name(storage, "my boss") == "Karen"
    assert await filed_name(storage, "my former boss") == "Raj"


async def test_a_relative_from_another_town_is_found_by_the_relation(
    storage: MemoryStorage,
) -> None:
    """«Лида, сестра из Твери.» is my sister; «из» with no place's
    name after it («из нашего двора») says no relation of the user's."""
    await _say(storage, "Звонила Лида, сестра из Твери. Спрашивала про маму.")
    assert await filed_name(storage, "моя сестра") == "Лида"
    await _say(storage, "Пришла Зина, подруга из нашего двора, с пирогом.")
    entity = await storage.entities.find_entity("Зина")
    assert entity is not None and not entity.attributes.get("relation")
