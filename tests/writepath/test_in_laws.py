"""The parent or sibling of the user's spouse is the user's in-law ("Bartek's
mum Grażyna" once Bartek is "my husband", «мама Олега Вера», "my wife's dad
Aivars"), so "my mother-in-law", «свекровь» and «тёща» find them
(writepath/in_laws.py)."""

from __future__ import annotations

from agent_memory.storage import MemoryStorage
from agent_memory.writepath.in_laws import in_law_relations
from filed import said, said_together


async def _relation(storage: MemoryStorage, alias: str) -> str:
    entity = await storage.entities.find_entity(alias)
    return "" if entity is None else entity.name


def test_a_spouses_parent_is_named_by_the_spouses_side() -> None:
    assert in_law_relations("мама", "муж") == ["свекровь", "mother-in-law"]
    assert in_law_relations("папа", "жена") == ["тесть", "father-in-law"]
    assert in_law_relations("mum", "wife") == ["mother-in-law", "тёща"]
    assert in_law_relations("sister", "partner") == ["sister-in-law"]
    assert in_law_relations("mum", "friend") == []


async def test_the_husbands_mum_by_his_nickname_is_the_mother_in_law(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "My husband Bartosz (Bartek to everyone) fixed the sink.",
        "Bartek's mum Grażyna is coming for Easter.",
    )

    assert await _relation(storage, "my mother-in-law") == "Grażyna"
    assert await _relation(storage, "свекровь") == "Grażyna"


async def test_russian_in_laws_by_a_genitive_and_an_adjective(
    storage: MemoryStorage,
) -> None:
    await said_together(
        storage,
        "Мой муж Олег уехал в командировку.",
        "Мама Олега Вера звонила вечером.",
    )
    await said(storage, "Моя жена Зарина пишет диссертацию.")
    await said(storage, "My wife's dad Aivars called about the boat.")

    assert await _relation(storage, "свекровь") == "Вера"
    assert await _relation(storage, "моя мама") == ""
    assert await _relation(storage, "тесть") == "Aivars"
    assert await _relation(storage, "my father-in-law") == "Aivars"


def test_a_childs_spouse_and_child_compose_with_the_child() -> None:
    assert in_law_relations("wife", "son") == ["daughter-in-law", "невестка"]
    assert in_law_relations("муж", "дочка") == ["зять", "son-in-law"]
    assert in_law_relations("son", "daughter") == ["grandson", "внук"]
    assert in_law_relations("дочь", "сын") == ["внучка", "granddaughter"]
    assert in_law_relations("mum", "son") == []


async def test_the_sons_wife_is_the_daughter_in_law_in_either_language(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "My son Pavel moved to Leeds last spring.",
        "Pavel's wife Greta (a nurse) sent us a parcel.",
    )

    assert await _relation(storage, "my daughter-in-law") == "Greta"
    assert await _relation(storage, "моя невестка") == "Greta"
    assert await _relation(storage, "my son") == "Pavel"


async def test_the_daughters_husband_is_the_son_in_law(
    storage: MemoryStorage,
) -> None:
    await said_together(
        storage,
        "Моя дочка Вера вышла на новую работу.",
        "Муж Веры Тимур чинил нам кран.",
    )
    await said(storage, "Vera's son Gleb started school.")

    assert await _relation(storage, "мой зять") == "Тимур"
    assert await _relation(storage, "my son-in-law") == "Тимур"
    assert await _relation(storage, "my grandson") == "Gleb"


async def test_a_relative_said_with_its_owner_is_theirs(storage: MemoryStorage) -> None:
    """«Сын Костя (…) с женой Нино», "Pavel and his wife Greta": the wife of the
    name right before, the son's (a daughter-in-law); «мы с женой Галей» is
    still no one else's."""
    await said(
        storage,
        "Сын Костя (39, программист) с женой Нино живут в Ваке.",
        "My son Pavel and his wife Greta came for lunch.",
        "Вчера мы с женой Галей ходили в кино.",
    )

    assert await _relation(storage, "моя невестка") == "Нино"
    assert await _relation(storage, "my daughter-in-law") in {"Нино", "Greta"}
    assert await _relation(storage, "моя жена") != "Нино"
