"""The parent or sibling of the user's spouse is the user's in-law ("Bartek's
mum Grażyna" once Bartek is "my husband", «мама Олега Вера», "my wife's dad
Aivars"), so "my mother-in-law", «свекровь» and «тёща» find them
(writepath/in_laws.py)."""

from __future__ import annotations

import pytest
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.in_laws import in_law_relations
from filed import filed_name, said, said_together


def test_a_spouses_parent_is_named_by_the_spouses_side() -> None:
    assert in_law_relations("мама", "муж") == ["свекровь", "mother-in-law"]
    assert in_law_relations("папа", "жена") == ["тесть", "father-in-law"]
    assert in_law_relations("mum", "wife") == ["mother-in-law", "тёща"]
    assert in_law_relations("sister", "partner") == ["sister-in-law"]
    assert in_law_relations("mum", "friend") == []


def test_a_childs_spouse_and_child_compose_with_the_child() -> None:
    assert in_law_relations("wife", "son") == ["daughter-in-law", "невестка"]
    assert in_law_relations("муж", "дочка") == ["зять", "son-in-law"]
    assert in_law_relations("son", "daughter") == ["grandson", "внук"]
    assert in_law_relations("дочь", "сын") == ["внучка", "granddaughter"]
    assert in_law_relations("mum", "son") == []


@pytest.mark.parametrize(
    ("batches", "filed"),
    [
        pytest.param(
            [
                ("My husband Bartosz (Bartek to everyone) fixed the sink.",),
                ("Bartek's mum Grażyna is coming for Easter.",),
            ],
            {"my mother-in-law": "Grażyna", "свекровь": "Grażyna"},
            id="husbands-mum-by-his-nickname",
        ),
        # a genitive said in one batch with the husband, an adjective
        # ("my wife's dad") in a turn of its own
        pytest.param(
            [
                (
                    "Мой муж Олег уехал в командировку.",
                    "Мама Олега Вера звонила вечером.",
                ),
                ("Моя жена Зарина пишет диссертацию.",),
                ("My wife's dad Aivars called about the boat.",),
            ],
            {
                "свекровь": "Вера",
                "моя мама": None,
                "тесть": "Aivars",
                "my father-in-law": "Aivars",
            },
            id="russian-genitive-and-adjective",
        ),
        pytest.param(
            [
                ("My son Pavel moved to Leeds last spring.",),
                ("Pavel's wife Greta (a nurse) sent us a parcel.",),
            ],
            {"my daughter-in-law": "Greta", "моя невестка": "Greta", "my son": "Pavel"},
            id="sons-wife-in-either-language",
        ),
        pytest.param(
            [
                (
                    "Моя дочка Вера вышла на новую работу.",
                    "Муж Веры Тимур чинил нам кран.",
                ),
                ("Vera's son Gleb started school.",),
            ],
            {"мой зять": "Тимур", "my son-in-law": "Тимур", "my grandson": "Gleb"},
            id="daughters-husband-and-son",
        ),
    ],
)
async def test_an_in_law_is_filed_under_its_relation(
    storage: MemoryStorage, batches: list[tuple[str, ...]], filed: dict[str, str | None]
) -> None:
    """Each batch is filed together, as the slow path files a busy hour."""
    for batch in batches:
        await said_together(storage, *batch)

    for alias, name in filed.items():
        assert await filed_name(storage, alias) == name, alias


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

    assert await filed_name(storage, "моя невестка") == "Нино"
    assert await filed_name(storage, "my daughter-in-law") in {"Нино", "Greta"}
    assert await filed_name(storage, "моя жена") != "Нино"
