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


def test_who_was_my_boss_asks_the_former_holder() -> None:
    from agent_memory.search.analysis import analyse
    from agent_memory.search.asked_relation import same_relation_aliases
    from agent_memory.search.standing import stance

    # a boss is held one at a time: "was" names the one before the present
    for question in ("Who was my boss at the depot?", "Кто у меня был начальником?"):
        assert stance(question) == "past"
        assert "my former boss" in same_relation_aliases(analyse(question))
    # the boss asked of, not who held it; a wife is no relation held in turn
    for question in ("Where was my boss yesterday?", "Who is my boss?"):
        assert "my former boss" not in same_relation_aliases(analyse(question))
    assert stance("Who was my wife's friend?") is None


def test_a_former_boss_is_asked_in_any_case_and_called_old() -> None:
    from agent_memory.search.analysis import analyse
    from agent_memory.search.asked_relation import names_former
    from agent_memory.search.past_holder import past_holder_relation

    # «прежнего», «бывшей»: the qualifier in another case than its own
    assert names_former(analyse("Как звали моего прежнего начальника?"))
    assert names_former(analyse("Где сейчас моя бывшая начальница?"))
    assert not names_former(analyse("Как зовут моего начальника?"))
    # "Who was my old manager?", «Кто был моим прежним начальником?»
    assert past_holder_relation("Who was my old manager?") == "manager"
    assert past_holder_relation("Кто был моим прежним начальником?") == "начальник"
    assert past_holder_relation("Who was my boss's wife?") == ""


def test_old_is_former_only_of_a_relation_held_one_at_a_time() -> None:
    from agent_memory.search.analysis import analyse
    from agent_memory.search.asked_relation import names_former, same_relation_aliases

    # a boss, a landlord had a successor: "my old boss" is the former one
    assert names_former(analyse("Who was my old boss?"))
    assert names_former(analyse("Как звали моего старого начальника?"))
    assert names_former(analyse("Where does my old landlord live now?"))
    assert "my former boss" in same_relation_aliases(analyse("my old boss's phone"))
    # "my old friend" is a friend of long standing, no former one
    assert not names_former(analyse("Tell me about my old friend"))
    assert not names_former(analyse("Как дела у моего старого друга?"))
