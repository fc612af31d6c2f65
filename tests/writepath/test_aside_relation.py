"""A relation opening the parenthesis after a name, or said past the title
one calls an older person by, is filed on that person
(writepath/aside_relation.py)."""

from __future__ import annotations

from agent_memory.storage import MemoryStorage
from agent_memory.writepath.mentions import extract_mentions
from filed import said


def _relations(text: str) -> dict[str, str]:
    return {m.name: m.relation for m in extract_mentions(text) if m.relation}


def test_a_relation_opening_the_aside_is_the_names() -> None:
    """«Алия (дочь, 12)», "Tom (my neighbour, 70)", «Миша (мой младший брат,
    22)»: the first note in the brackets says who the name is."""
    assert _relations("Алия (дочь, 12) пришла из школы.") == {"Алия": "дочь"}
    assert _relations("Tom (my neighbour, 70) fixed the fence.") == {"Tom": "neighbour"}
    assert _relations("Миша (мой младший брат, 22) звонил.") == {"Миша": "брат"}


def test_someone_elses_relative_in_the_aside_is_no_relation() -> None:
    """«Маша (дочь соседки, 7)» is the neighbour's daughter; "Arman (15,
    gymnasium)" says no relation at all."""
    assert _relations("Маша (дочь соседки, 7) пришла в гости.") == {}
    assert _relations("Arman (15, gymnasium, basketball) ate half.") == {}


def test_the_names_other_form_in_the_aside_is_no_relation() -> None:
    """ "Zhenya (Женя) is the other Rostov guy": «Женя» reads as a form of
    «жена», yet a capitalised word is a name."""
    assert _relations("lunch with Zhenya (Женя) before my shift.") == {}


async def test_the_relation_in_the_aside_finds_the_person(
    storage: MemoryStorage,
) -> None:
    """ "my daughter" / «моя дочь» name the person of «Алюша (дочь, 6)», and
    the relation after the name's other form stays with the one person
    («Даник (Данияр, муж, 46)»: no "former" husband)."""
    await said(
        storage,
        "Даник (Данияр, муж, 46, химик) жарил баурсаки, Алюша (дочь, 6) съела половину",
    )
    daughter = await storage.entities.find_entity("моя дочь")
    assert daughter is not None and daughter.name == "Алюша"
    husband = await storage.entities.find_entity("мой муж")
    assert husband is not None and husband.attributes.get("relation") == "муж"


def test_the_relation_is_read_past_an_address_title() -> None:
    """ "my neighbour čika Bora", «наш сосед дядя Коля»: the title said to an
    older person stands between the relation and the name; «Моя тётя Валя»
    keeps its title as the relation."""
    assert _relations("my neighbour čika Bora gave Bublik a bone again.") == {
        "Bora": "neighbour"
    }
    assert _relations("Вчера наш сосед дядя Коля чинил забор.") == {"Коля": "сосед"}
    assert _relations("Моя тётя Валя приехала.") == {"Валя": "тётя"}


def test_a_minors_age_beside_the_spouse_is_the_users_child() -> None:
    """The family told at the table by name and age: a minor's age alone in
    the aside, after the spouse was named, is the user's child; said alone
    (a friend's child met once) it is no relation; an adult's age neither."""
    family = (
        "Даник (Данияр, муж, 46) жарил баурсаки, Арман (15, гимназия) съел"
        " половину, Алюша (Алия, 6, в Kita) вторую"
    )
    relations = _relations(family)
    assert relations["Арман"] == "child" and relations["Алюша"] == "child"
    assert _relations("My wife Jo (41) and Mia (7, year 2) baked.")["Mia"] == "child"
    assert "Tom" not in _relations("My wife Jo and Tom (34, a plumber) came.")


def test_a_friendship_of_years_in_the_aside_is_an_old_friend() -> None:
    """ "at one desk since the first form", "known each other since school":
    the aside tells a friend of long standing."""
    aside = "Саша (Александра, мы с ней за одной партой с первого класса) звонила."
    assert _relations(aside) == {"Саша": "old friend"}
    assert _relations("Jo (we've known each other since school) came by.") == {
        "Jo": "old friend"
    }
    assert _relations("Jo (we met at the gym last year) came by.") == {}
