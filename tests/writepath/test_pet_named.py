"""A pet introduced by its naming or its adoption, the kind said in the same
turn («взяли кошку… назвали Ната», "got a kitten and named her Mochi",
"Adopted Biscuit! A retired racing greyhound"), is the user's pet, and its
Russian pet forms («Натка») join it as a person's join the person; on a real
memory linked by the real extractor."""

from __future__ import annotations

import pytest
from agent_memory.storage import MemoryStorage
from filed import entity_named, said, same_entity

NATA = (
    "МЫ ВЗЯЛИ КОШКУ. точнее я взяла. из приюта, трёхцветная, 1 год, назвали "
    "Ната (в честь pastel de nata). Лариса разрешила"
)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        (NATA, "Ната"),
        ("We got a kitten last week and named her Mochi.", "Mochi"),
        ("Adopted Biscuit! A retired racing greyhound, 5 years old, fawn.", "Biscuit"),
    ],
)
async def test_a_pet_named_or_adopted_is_a_pet(
    storage: MemoryStorage, text: str, name: str
) -> None:
    await said(storage, text)
    assert (await entity_named(storage, name)).type == "pet"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Родилась дочка, назвали Аня, кот в шоке.", "Аня"),
        ("A vet named Sarah looked at my cat today.", "Sarah"),
        ("We adopted Maria in 2010, she was three.", "Maria"),
    ],
)
async def test_a_person_named_beside_a_pet_stays_a_person(
    storage: MemoryStorage, text: str, name: str
) -> None:
    await said(storage, text)
    assert (await entity_named(storage, name)).type != "pet"


async def test_a_pet_form_of_a_pets_name_joins_the_pet(storage: MemoryStorage) -> None:
    await said(
        storage, NATA, "кормила Натку, почистила лоток.", "Натка спит на батарее"
    )
    await same_entity(storage, "Ната", "Натка")
    assert (await entity_named(storage, "Натка")).type == "pet"
