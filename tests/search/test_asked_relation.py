"""A turn states a relation as it is written: with its accents."""

from __future__ import annotations

from agent_memory.search.asked_relation import states_relation


def test_a_relation_written_with_its_accent_is_stated() -> None:
    fiance = frozenset({"fiance", "fiancee", "жених"})
    assert states_relation("My fiancé Owen teaches chemistry.", fiance)
    assert states_relation("Мой жених Оуэн учит химию.", fiance)
    assert not states_relation("Owen teaches chemistry.", fiance)


def test_a_relation_said_of_a_named_person_is_not_the_users() -> None:
    from agent_memory.search.asked_relation import relations_of_others

    assert relations_of_others("What's Daria's husband called?") == {"husband"}
    assert relations_of_others("Как зовут жену Вадима?") == {"жену"}
    assert relations_of_others("Что подарить Светиной сестре?") == {"сестре"}
    assert not relations_of_others("What's my husband called?")
    assert not relations_of_others("Как зовут моего мужа Тимура?")
    assert not relations_of_others("where's Daria now")


def test_the_users_relation_word_is_searched_as_a_word_when_someone_elses() -> None:
    from agent_memory.search.together import CommonNames

    common = CommonNames()
    # "husband" names the user's husband, in most turns: left out of the text
    common.frequent = common.everywhere = frozenset({"husband"})
    assert common.split(["daria", "husband"]) == (["daria"], [])
    # "Daria's husband" is no name of his: a word the turn holds
    assert common.split(["daria", "husband"], {"husband"}) == (
        ["daria", "husband"],
        [],
    )


def test_a_previous_holder_is_asked_as_the_former_one() -> None:
    from agent_memory.search.analysis import analyse
    from agent_memory.search.asked_relation import same_relation_aliases

    # a replaced boss keeps "my former boss" (writepath/relations.py)
    aliases = same_relation_aliases(analyse("Who was my previous boss?"))
    assert "my former boss" in aliases
    assert "мой бывший начальник" in aliases
