"""What a turn that tells a change leaves behind, read from its words.

"instead of Novosibirsk", "so long, Raj", «ухожу из TD», «С AMU ухожу»: the
old state, named beside the marker of leaving, in English and Russian word
orders. search/changes.py reads it for the current value (what is left is
not it) and search/earlier_value.py for the state before a named later one.
"""

from __future__ import annotations

import re

# The thing a change leaves behind, named right after its marker: "instead
# of Novosibirsk", "switched from tea", "so long, Raj", "no Brick Works",
# «вместо молока», «никакого молока», «ухожу из TD», «уезжаем с Dundas
# West», and the X of "from X to", «из X в»: a name (up to three capitalised
# words) or one word.
_OLD_MARK = (
    r"(?i:\binstead of|\bswitch(?:ed|ing) from|\bmov(?:ed|ing) (?:out of|from)"
    r"|\bno (?:more|longer (?:at|with|in))|\bso long,?|\bgoodbye,?(?: to)?|\bleft"
    r"|\bleaving|\bquit|\bfrom(?=\s+(?:\S+\s+){1,3}to\b)"
    r"|(?<!\w)(?:вместо|прощай,?|никак(?:ого|ой|их)|из(?=\s+(?:\S+\s+){1,3}в\b)"
    r"|(?:ухож|уход|ушл|ушёл|ушел|уезжа|уехал)\w* (?:из|с|от)))"
    r"|\bno(?= [A-Z])"  # "no Brick Works": a name refused (case-sensitive)
)
_NAME = r"[A-ZА-ЯЁ][\w'’-]*(?:\s+[A-ZА-ЯЁ][\w'’-]*){0,2}"
_THING = rf"({_NAME}|\w+)"
# Russian puts the place left before the verb as readily as after it: «С
# AMU ухожу через две недели», «Из Kyma ушёл в мае» (a free word order). A
# name only: «с утра ухожу», «с мамой уходим» leave nothing behind.
_LEAVING_RU = r"(?:ухож|уход|ушл|ушёл|ушел|уезжа|уехал)\w*"
_LEFT_FIRST = rf"(?<!\w)(?i:с|со|из|от)\s+({_NAME})\s+(?i:{_LEAVING_RU})(?!\w)"
# a firm's name is often quoted: «ухожу из «Кванта»», "left 'Kvant'"
_OLD_STATE = re.compile(rf"{_LEFT_FIRST}|(?:{_OLD_MARK})\s+[«\"'“]?{_THING}")


# The markers of a route rather than a leaving: "from X to", «из X в» (see
# _old_keys).
_ROUTE_MARKS = frozenset({"from", "из"})


def _is_route(found: re.Match[str]) -> bool:
    """The match is the X of "from X to", «из X в» (not «Из X ушла»)."""
    return found[2] is not None and found[0].split()[0].casefold() in _ROUTE_MARKS


def old_states(text: str, routes: bool = True) -> list[str]:
    """What the text's changes leave behind (_OLD_STATE), as written
    ("Baltix Pay" in «Ухожу из Baltix Pay»); without `routes`, not the X of
    "from X to", «из X в»: said of something else than the asked thing,
    that is a way from X ("the commute from Leslieville to work"), not a
    leaving."""
    found = _OLD_STATE.finditer(text)
    return [m[1] or m[2] for m in found if routes or not _is_route(m)]
