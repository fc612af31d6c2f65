"""Case forms of one Russian name are one entity (writepath/inflections.py):
"Лена", "Лены", "Лене", "Лену", "Леной" are the user's wife once, named
"Лена", found by any of them, and not listed as her aliases."""

from __future__ import annotations

import time

from agent_memory.core.records import EpisodeDraft
from agent_memory.search.context_block import entity_line
from agent_memory.standalone.transfer import reindex
from agent_memory.storage import MemoryStorage
from agent_memory.toolkit.entity_edits import edit_entity
from agent_memory.writepath.entities import EntityLinker
from filed import filed_apart


async def said(storage: MemoryStorage, *texts: str) -> None:
    """Turns through the slow path's batch linker, one batch each."""
    for text in texts:
        node = await storage.nodes.add_episode(
            EpisodeDraft(text, "t", "user", time.time())
        )
        nodes = await storage.nodes.get_nodes([node])
        await EntityLinker(storage).on_episodes(list(nodes.values()))


async def names(storage: MemoryStorage) -> dict[str, tuple[str, ...]]:
    return {e.name: e.aliases for e in await storage.entities.list_entities()}


async def test_the_five_forms_are_one_entity_named_in_the_nominative(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "Вчера ужинали с Леной в ресторане",  # an oblique form first
        "Вчера подарил Лене цветы",
        "Моя жена Лена любит горы",
        "Опять жду Лену с работы",
        "День рождения Лены в мае",
    )

    lena = await storage.entities.find_entity("Леной")
    assert lena is not None and lena.name == "Лена"
    assert lena.type == "person" and lena.mention_count == 5
    assert [e.name for e in await storage.entities.list_entities()] == ["Лена"]
    for form in ("Лена", "Леной", "Лены"):
        found = await storage.entities.find_entity(form)
        assert found is not None and found.id == lena.id
    assert len(await storage.entities.nodes_of_entity(lena.id)) == 5
    line = entity_line(lena)
    assert "Леной" not in line and "Лене" not in line and "моя жена" in line


async def test_two_names_sharing_a_stem_stay_apart(storage: MemoryStorage) -> None:
    """Витя and Вита are two people; "Вите" could be either and joins
    neither; "Витей" is only Витя's."""
    await said(
        storage,
        "Мой друг Витя приехал",
        "Моя подруга Вита звонила",
        "Вчера звонил Вите",
        "Гуляли с Витей в парке",
    )

    found = await names(storage)
    assert set(found) == {"Витя", "Вита", "Вите"}
    assert "Витей" in found["Витя"] and found["Вита"] == ("моя подруга",)


async def test_reindex_joins_the_forms_of_an_old_memory_but_not_a_split_one(
    storage: MemoryStorage,
) -> None:
    await filed_apart(
        storage, "Казани", "Казань", "Казанью", "Леной", "Лены", type="concept"
    )
    await filed_apart(storage, "Марк", "Марку", "Марком", type="concept")
    await edit_entity(storage, "merge", "Марк", "Марку")
    await edit_entity(storage, "split", "Марк", "Марку")  # the user's word

    report = await reindex(storage, None)
    found = await names(storage)

    assert report.joined == 4  # Казани, Казанью; Лены into Леной; Марком
    assert sorted(found["Казань"]) == ["Казани", "Казанью"]
    assert found["Марк"] == ("Марком",) and found["Марку"] == ()
    lena = await storage.entities.find_entity("Лены")
    assert lena is not None and lena.mention_count == 2


async def test_a_split_form_is_not_joined_again_when_said_again(
    storage: MemoryStorage,
) -> None:
    await said(storage, "Моя жена Лена дома", "Опять жду Лену с работы")
    await edit_entity(storage, "split", "Лена", "Лену")
    await said(storage, "Встретил Лену у метро", "Поужинал с Леной")

    found = await names(storage)
    assert found["Лену"] == () and "Леной" in found["Лена"]


async def test_a_name_s_possessive_is_the_person_s_mention(
    storage: MemoryStorage,
) -> None:
    """«на Лёвином диване» is said of Лёва: the possessive joins the person;
    "Машина" (the car) is a noun's form too and stays apart from Маша."""
    await said(
        storage,
        "Мой муж Лёва сам собрал стол",
        "Будет спать на Лёвином новом диване",
        "Моя дочь Маша пошла в школу",
        "Вечером Машина опять не завелась",
    )

    lev = await storage.entities.find_entity("Лёвином")
    assert lev is not None and lev.name == "Лёва"
    assert len(await storage.entities.nodes_of_entity(lev.id)) == 2
    masha = await storage.entities.find_entity("Маша")
    assert masha is not None and "Машина" not in masha.aliases


async def test_a_name_in_ok_loses_its_vowel_in_the_other_cases(
    storage: MemoryStorage,
) -> None:
    """«Пирожок» is «Пирожка», «Пирожку»; «Уголёк» «Угольком» (the soft
    consonant keeps its «ь»): one pet, named in the nominative."""
    await said(
        storage,
        "Возили Пирожка к ветеринару, прививки",
        "Блин, Пирожку купил новую когтеточку",
        "Наш кот Пирожок сожрал кусок сала",
        "Играл с Угольком весь вечер",
        "Наш пёс Уголёк опять сбежал",
    )

    found = await names(storage)
    assert set(found) == {"Пирожок", "Уголёк"}
    assert {"Пирожка", "Пирожку"} <= set(found["Пирожок"])
    assert "Угольком" in found["Уголёк"]
    pet = await storage.entities.find_entity("Пирожка")
    assert pet is not None and pet.name == "Пирожок" and pet.type == "pet"


async def test_a_name_in_k_without_the_vowel_keeps_to_itself(
    storage: MemoryStorage,
) -> None:
    """«Марк» has no fleeting vowel («Марка», «Марку» are his); «Игорёк» is
    «Игорька», not «Игоря» (Игорь is another name)."""
    await said(
        storage,
        "Мой друг Марк приехал",
        "Вчера звонил Марку",
        "Мой брат Игорь дома",
        "Наш сын Игорёк пошёл в первый класс",
        "Видел Игорька у школы",
    )

    found = await names(storage)
    assert set(found) == {"Марк", "Игорь", "Игорёк"}
    assert "Марку" in found["Марк"] and "Игорька" in found["Игорёк"]
    assert "Игорька" not in found["Игорь"]
