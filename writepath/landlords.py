"""A landlord introduced as the owner of the home, never as "my landlord".

"Looked at a flat. The owner is Manana", "a flat in Vake, owner Manana",
«Хозяин квартиры Стелиос позвонил», «Нашли дом! Хозяйка — киприотка на
пенсии, кирия Андрула»: people renting a home call whom they rent it from its
owner, and later ask "Who's our landlord?" / «Кому мы платим за аренду?».
The person is filed with the relation "landlord", and a newer owner
replaces the older landlord as a newer "my landlord" does
(writepath/relations.py).

An owner is the landlord only in a turn about a home (a flat, a house, the
rent), and only when the owner word is no one else's: "the café's owner",
"owner of the bakery", «хозяйка собаки» own other things.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..search.cross_script import HONORIFICS

LANDLORD = "landlord"

# The owner words. The person is filed as the "landlord" whichever was said,
# so a newer owner, said in either language, ends the older landlord.
_OWNERS = frozenset("owner хозяин хозяйка".split())
# What an owner may own and still be the landlord: the home itself.
_HOMES = frozenset("""flat apartment house home room квартиры дома комнаты""".split())
# The turn is about a home the user rents or looks for.
_A_HOME = re.compile(
    r"\b(?:flats?|apartments?|house|rent|rented|lease|tenancy|deposit)\b"
    r"|(?<!\w)(?:квартир\w*|дом|дома|комнат\w*|аренд\w*|сним\w*|съём\w*|залог\w*)(?!\w)",
    re.I,
)
# Words of the owner's own sentence that end it: a name further on is said of
# another sentence's subject.
_SENTENCE_ENDS = (".", "!", "?", "…")
# How far back the owner word may open the sentence that names the person:
# «Хозяйка — киприотка на пенсии, кирия Андрула».
_SPAN = 7
# What may join the owner word to the name: "The owner is Manana",
# «Хозяйка — киприотка на пенсии, кирия Андрула».
_COPULA = frozenset("is was — – - это".split())
# A title may stand between the owner and the name, an apposition:
# «хозяйка квартиры, госпожа Лиляна», «Хозяин квартиры, дон Висенте», "the
# owner, Mrs Ruiz"; the Russian ones people use for a foreign landlord too.
_TITLES = HONORIFICS | frozenset("госпожа господин фрау герр мадам месье".split())


def _clean(word: str) -> str:
    return word.strip(',.!?;:()«»"“”').casefold()


def _owner_at(words: Sequence[str], at: int) -> str:
    """The relation the owner word at `at` files: it may own the home
    ("owner of the flat", «хозяин квартиры») and then reaches the name
    straight away or through a copula ("is", «—»); "" when it is another's
    ("the café's owner"), owns something else ("owner of the bakery",
    «хозяйка собаки») or heads a sentence about something else ("Owner wants
    the rent by Friday, Marina says")."""
    previous = words[at - 1] if at > 0 else ""
    if words[at] not in _OWNERS or previous.endswith(("'s", "’s")):
        return ""
    rest = list(words[at + 1 :])
    if rest[:1] == ["of"]:
        rest = rest[2:] if rest[1:2] in (["the"], ["our"], ["my"]) else rest[1:]
        if not rest or rest[0] not in _HOMES:
            return ""
        rest = rest[1:]
    elif rest[:1] and rest[0] in _HOMES:
        rest = rest[1:]  # «хозяин квартиры»
    return LANDLORD if not rest or rest[0] in _COPULA else ""


def landlord_before(before_words: Sequence[str], text: str) -> str:
    """The landlord's relation when the name closes a sentence opened by the
    home's owner ("The owner is Manana", «Хозяин квартиры Стелиос») or follows
    the owner word ("owner \"Manana\"")."""
    if not _A_HOME.search(text):
        return ""
    span = list(before_words[-_SPAN:])
    cut = max(
        (i + 1 for i, w in enumerate(span) if w.endswith(_SENTENCE_ENDS)),
        default=0,
    )
    words = [_clean(w) for w in span[cut:]]
    while len(words) > 1 and words[-1].rstrip(".") in _TITLES:
        words.pop()  # «хозяйка квартиры, госпожа Лиляна»: past the title
    if not words:
        return ""
    if words[-1] in _OWNERS:  # "a flat in Vake, owner Manana"
        return _owner_at(words, len(words) - 1)
    # the owner word must open the sentence: the span holds its start
    opens = cut > 0 or len(before_words) <= _SPAN
    at = 1 if words[0] == "the" else 0  # "The owner is Manana"
    if opens and at < len(words) - 1:
        return _owner_at(words, at)
    return ""
