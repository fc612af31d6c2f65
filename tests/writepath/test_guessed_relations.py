"""Relations guessed without a relation word (writepath/guessed_relations.py):
a child's age said of a name, the owner of the user's workplace."""

from __future__ import annotations

from agent_memory.storage import MemoryStorage
from agent_memory.writepath.mentions import extract_mentions
from filed import filed_name, said


def _relations(text: str) -> dict[str, str]:
    return {m.name: m.relation for m in extract_mentions(text) if m.relation}


def test_a_childs_age_and_school_say_the_users_child() -> None:
    """«Лёве семь, в школе он Leo», «Соне девять, она в четвёртом классе»,
    "Mila turned nine, the whole class came": the parent tells the age and
    the school; the pronoun after says son or daughter."""
    assert _relations("Лёве семь, в школе он Leo.")["Лёве"] == "сын"
    assert _relations("Соне девять, она в четвёртом классе.") == {"Соне": "дочь"}
    assert _relations("Mila turned nine on Saturday, the whole class came.") == {
        "Mila": "child"
    }


def test_an_age_of_someone_elses_child_or_a_count_is_no_child() -> None:
    """«Маше семь, она дочь соседки» is the neighbour's; «Миша восемь раз
    упал в школе» counts falls; "Tom is five minutes late" is no age; an age
    without school or the kids says nothing of a parent."""
    assert "Маше" not in _relations("Маше семь, она дочь соседки, ходит в школу.")
    assert _relations("Миша восемь раз упал в школе.") == {}
    assert _relations("Tom is five minutes late for school.") == {}
    assert _relations("Mila turned nine yesterday.") == {}


async def test_a_childs_age_never_overwrites_a_relation(
    storage: MemoryStorage,
) -> None:
    """ "my nephew Tom" stays the nephew when "Tom is 8 now, in year 3"
    follows; a child of no relation yet is filed as the user's."""
    await said(storage, "My nephew Tom came over.", "Tom is 8 now, in year 3.")
    await said(storage, "Соне девять, она в четвёртом классе.")
    assert await filed_name(storage, "my nephew") == "Tom"
    assert await filed_name(storage, "моя дочь") == "Соне"


async def test_the_new_owner_of_the_workplace_is_the_boss(
    storage: MemoryStorage,
) -> None:
    """ "my boss Goran", then «бистро принадлежит Ане»: Ana is the boss now
    and Goran the former one; "Ana owns the bistro" says the same."""
    await said(
        storage,
        "My boss Goran came in to taste the lamb.",
        "Горан подписал бумаги. с апреля бистро принадлежит Ане Йованович.",
    )
    assert await filed_name(storage, "my boss") == "Ане Йованович"
    assert await filed_name(storage, "my former boss") == "Goran"


async def test_an_owner_is_no_boss_when_the_user_has_none(
    storage: MemoryStorage,
) -> None:
    """ "Ana owns the bistro" alone: the bistro on the corner may be anyone's;
    with no boss filed before, Ana is filed as no boss."""
    await said(storage, "Ana owns the bistro on our corner.")
    assert await filed_name(storage, "my boss") is None
    assert _relations("first working day under Ana.") == {"Ana": "boss"}
