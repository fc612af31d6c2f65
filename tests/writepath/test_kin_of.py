"""A relative of someone else's keeps whose relative she is: "Matěj's mum
Jana", «мама Матея Яна» file "Matěj's mom" on Jana whoever Matěj is to the
user (a boyfriend here, no spouse), one alias for every word of the relation
(writepath/kin_of.py)."""

from __future__ import annotations

import pytest
from agent_memory.core.relations import kin_alias
from agent_memory.storage import MemoryStorage
from filed import entity_named, said


def test_every_word_of_a_relation_files_one_alias() -> None:
    said_so = {kin_alias("Matěj", w) for w in ("mum", "mother", "мама", "mom")}
    assert said_so == {"Matěj's mom"}
    assert kin_alias("Dana", "брат") == kin_alias("Dana", "brother")


@pytest.mark.parametrize(
    ("turns", "owner"),
    [
        pytest.param(
            ("My boyfriend Matěj cooked dinner.", "Matěj's mum Jana lives in Kolín."),
            ("Matěj", "boyfriend"),
            id="english",
        ),
        pytest.param(
            ("Мой парень Матей починил велосипед.", "Мама Матея Яна прислала рецепт."),
            ("Матей", "парень"),
            id="russian-genitive",
        ),
    ],
)
async def test_the_relative_of_a_boyfriend_is_filed_as_his(
    storage: MemoryStorage, turns: tuple[str, str], owner: tuple[str, str]
) -> None:
    await said(storage, *turns)

    name, relation = owner
    boyfriend = await entity_named(storage, relation)
    assert boyfriend.id == (await entity_named(storage, name)).id
    relative = await entity_named(storage, kin_alias(boyfriend.name, "mother"))
    assert relative.id != boyfriend.id
    assert relative.name in {"Jana", "Яна"}
    assert not relative.attributes.get("relation")  # no relative of the user's


async def test_an_unknown_owner_files_nothing(storage: MemoryStorage) -> None:
    """No wife is known: "my wife's dad" names no one to be the relative of."""
    await said(storage, "My wife's dad Aivars called about the boat.")

    aivars = await entity_named(storage, "Aivars")
    assert not [a for a in aivars.aliases if "'s " in a]
