"""What the current value is made of (search/changes.py current_value): not
the words of a question asking for it ("wedding" in "Where is the
wedding?"), not what a change leaves behind ("instead of Rogers", «ухожу из
TD»), nor a value a later change leaves behind ("Big decision: no Grand
Hall"); a name's value keeps only its name's words."""

from __future__ import annotations

from agent_memory.core.records import SearchHit
from agent_memory.search.changes import (
    asked_keys,
    current_value,
    is_value,
    names_any,
    tells_change,
)
from agent_memory.search.morphology import stem
from agent_memory.search.standing import stance
from day_hits import day_hit


def _value(hits: list[SearchHit], question: str, words: list[str]) -> set[str]:
    about = {hit.node.id for hit in hits}
    return current_value(hits, about, asked_keys(question, words))


def test_the_asked_thing_is_not_its_value() -> None:
    question = "Where is the wedding now?"
    old = day_hit(1, 1, "Wedding plan, for real now: Rosewood Manor.", "Rosewood Manor")
    hits = [
        old,
        day_hit(2, 5, "The wedding is at City Hall now, in May.", "City Hall"),
        day_hit(3, 6, "Wedding news: City Hall now, twenty guests.", "City Hall"),
    ]
    value = _value(hits, question, ["wedding"])
    assert stem("City Hall") in value
    assert not names_any(old, value)  # it shares only "wedding"


def test_a_yes_or_no_question_names_a_candidate() -> None:
    assert asked_keys("Am I still with Rogers?", ["Rogers"]) == frozenset()
    assert asked_keys("Do I drink tea or coffee?", ["tea", "coffee"]) == frozenset()
    assert asked_keys("В каком банке у меня зарплата?", ["банк"])
    assert asked_keys("Where is the wedding?", ["wedding"])


def test_what_a_change_leaves_behind_is_not_the_value() -> None:
    hits = [
        day_hit(1, 1, "Instead of Rogers, Koodo now: same number.", "Rogers", "Koodo"),
        day_hit(2, 2, "Ухожу из Rogers, теперь у меня Koodo.", "Rogers", "Koodo"),
    ]
    value = _value(hits, "Which carrier am I with now?", ["carrier"])
    assert stem("Koodo") in value
    assert stem("Rogers") not in value


def test_a_later_change_ends_the_value() -> None:
    hits = [
        day_hit(1, 1, "Wedding plan, for real now: the Grand Hall.", "Grand Hall"),
        day_hit(2, 3, "Grand Hall deposit paid, it's settled now.", "Grand Hall"),
        day_hit(
            3, 9, "Big decision: no Grand Hall. We marry at City Hall.", "City Hall"
        ),
    ]
    assert stem("Grand Hall") not in _value(hits, "Where is the wedding?", [])


def test_a_named_value_keeps_only_its_names_words() -> None:
    hits = [
        day_hit(1, 1, "Moved from Dundas West to our house on Jones Avenue.",
             "Dundas West", "Jones Avenue"),
        day_hit(2, 2, "Our house on Jones Avenue is quiet now.", "Jones Avenue"),
    ]  # fmt: skip
    value = _value(hits, "Where do we live now?", ["live"])
    assert stem("Jones Avenue") in value
    assert not names_any(
        day_hit(
            3,
            3,
            "Cleaned the house.",
        ),
        value,
    )
    assert not is_value("Dundas West", value)


def test_where_a_move_led_is_now() -> None:
    assert stance("Куда мы переехали?") == "now"
    assert stance("Where did we move to?") == "now"
    assert stance("Where did we live before we moved?") == "past"


def test_whether_i_drive_is_asked_of_now() -> None:
    # as "Do I still drive?" is, by its "do I"
    assert stance("Я всё ещё за рулём?") == "now"
    assert stance("Я ещё за рулём?") == "now"
    assert stance("Что ещё я купила?") is None


def test_more_ways_of_telling_a_change() -> None:
    for text in (
        "Big decision: no big venue, no 120 guests.",
        "Decided: a small dinner instead.",
        "No more park runs for me.",
        "Уезжаем с Dundas West в конце месяца.",
        "Ухожу из TD.",
        "Подала заявление об уходе.",
        "С сегодняшнего дня никакого молока.",
    ):
        assert tells_change(text), text
