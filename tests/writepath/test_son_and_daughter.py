"""A child told by the word before the name is filed as a son or a daughter,
and a possessive made of the child's name never becomes the child's name
(writepath/birth_order.py, writepath/aside_relation.py,
writepath/inflections.py)."""

from __future__ import annotations

from agent_memory.search.analysis import analyse
from agent_memory.search.asked_relation import same_relation_aliases
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.mentions import extract_mentions
from filed import entity_named, said

_FAMILY = (
    "вечер дома: муж Костя (Константин, 41) чинит кран, младшая Соня (6, садик)"
    " рисует, малой Петя (8, второй класс) гоняет мяч"
)


def _relations(text: str) -> dict[str, str]:
    return {m.name: m.relation for m in extract_mentions(text) if m.relation}


def test_the_word_before_a_childs_name_says_son_or_daughter() -> None:
    """«младшая Соня (6)» is a daughter, «малой Петя (8)», «старший Гоша
    (12)» sons: the adjective's gender says which; an aside with no such word
    stays "child"."""
    relations = _relations(_FAMILY)
    assert relations["Соня"] == "дочь" and relations["Петя"] == "сын"
    assert (
        _relations("жена Аня (35) спит, старший Гоша (12, седьмой класс) тоже")["Гоша"]
        == "сын"
    )
    assert (
        _relations("жена Аня (35) спит, Гоша (12, седьмой класс) тоже")["Гоша"]
        == "child"
    )


async def test_my_son_is_the_boy_and_keeps_his_name(storage: MemoryStorage) -> None:
    """After the family is told, "мой сын" / "my son" is Петя, not his sister,
    and «Петькин рюкзак», «Петькину форму» join him as forms of «Петька»
    without renaming him «Петькин»."""
    await said(
        storage,
        _FAMILY,
        "Петька завтра на футбол к пяти",
        "зашил Петькин рюкзак, лямка оторвалась",
        "постирал Петькину футбольную форму",
    )
    son = await entity_named(storage, "мой сын")
    assert son.name == "Петя"
    asked = same_relation_aliases(analyse("who is my son's coach now?"))
    found = [await storage.entities.find_entity(alias) for alias in asked]
    assert {entity.name for entity in found if entity is not None} == {"Петя"}
    assert (await entity_named(storage, "Петькин")).id == son.id
    assert (await entity_named(storage, "моя дочь")).name == "Соня"
