"""The older home asked of as "before" the new one, read by its place name.

"Where did I live before Ahuza?" names the new home; the turn that tells the
move seldom names the old one ("Took Yossi to see the Ahuza flat", «Переехала
к Тёме в Бенимаклет»), so search/earlier_value.py finds nothing left behind.
Yet a life tells its home early and in the same shape in any language: "Our
flat in Kiryat Yam", "My flat in Purvciems", «живу в Русафе», «Наша квартира
в Бёйкслотерхаме». The first place the user's home statements name before
the new home's first turn, other than the new home, is the older home, and
those statements answer (search/earlier_value.py joins them beside what the
turns of the move leave behind).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..core.records import NodeWindow
from ..store.interface import Store
from .cross_script import loose_key, same_key
from .morphology import stem
from .query_text import STOP_WORDS, fts_match
from .windowed import USER_ROLE

# The home statements searched for before the new home began: the words a
# user tells their home with.
HOME_WORDS = (
    *("flat", "apartment", "house", "live", "квартира", "живу", "живём"),
    *("flatmate", "housemate", "roommate"),
    # a student's home is a dorm room: «в нашей комнате на Страгове»
    *("dorm", "dormitory", "общага", "общежитие", "комната"),
)
# How many home statements are read: the first weeks tell the home often.
STATEMENTS = 80

_WORD = re.compile(r"[^\W\d_][\w'’-]*")
# A place before the home noun: "the Partick flat", "our partick flat".
_PLACE_HOME = re.compile(
    r"(?i:\b(?:my|our|the)\s+)([\w'’-]+)\s+(?i:flat|apartment|house)\b"
)
_NAME = r"[A-ZÀ-ÞĀ-ſ][\w'’-]+(?:\s+[A-ZÀ-ÞĀ-ſ][\w'’-]+)?"
_NAME_RU = r"[А-ЯЁ][\w-]+"
# The user's own home told with its place: "our flat in Kiryat Yam", "We
# rent a two-room flat in Saburtalo", "I live in Marzahn"; «живу на
# Врачаре», «Наша квартира в Бёйкслотерхаме». Only the first person: "their
# new house in Mississauga" is someone else's.
# A flatmate's is the user's own home too: "my flatmate in Partick".
_HOME_NOUN = r"(?:flat|apartment|house|place|dorm|(?:flat|house|room)mates?)"
# The Russian home nouns, a student's too: «наша квартира», «в нашей комнате»,
# «живу в общаге на …» (the place follows the noun).
_HOME_NOUN_RU = r"(?:квартир|комнат|общаг|общежити)\w*"
_HOME_IN = re.compile(
    r"\b(?i:(?:(?:my|our)|(?:i|we)\s+(?:rent|own|have|share|bought)\s+(?:a|an))"
    rf"\s+(?:[\w-]+\s+){{0,2}}?{_HOME_NOUN}"
    r"|(?:i|we)\s+(?:still\s+)?live)"
    rf"\s+in\s+({_NAME})"
    rf"|(?<!\w)(?i:(?:мо|наш)\w*\s+(?:\w+\s+)?{_HOME_NOUN_RU}"
    rf"|(?:живу|живём|живем)(?:\s+(?:в|во)\s+{_HOME_NOUN_RU})?)"
    rf"\s+(?:в|во|на)\s+({_NAME_RU})"
)


def home_places(text: str) -> list[str]:
    """The places `text` tells a home in, as written ("Kiryat Yam",
    «Русафе»); a user who writes in lower case writes names so ("my
    flatmate in partick"): then any word but a stop word is the place."""
    text = _capitalised(text) if text == text.casefold() else text
    return [found[1] or found[2] for found in _HOME_IN.finditer(text)]


def _capitalised(text: str) -> str:
    """A text written all in lower case with its content words capitalised,
    as the home patterns read names ("in partick" → "in Partick")."""
    return _WORD.sub(
        lambda m: m[0] if m[0] in STOP_WORDS else m[0][:1].upper() + m[0][1:], text
    )


def _says_place(text: str, place: str) -> bool:
    """A home statement names the older place, also before its home noun
    ("the Partick flat", "our partick flat": in any case)."""
    if place in home_places(text):
        return True
    first = place.split()[0].casefold()  # "Partick" of "Partick Now" too
    told = [p.split()[0] for p in home_places(text)] + _home_before(text)
    return first in {word.casefold() for word in told}


def _home_before(text: str) -> list[str]:
    return [m[1] for m in _PLACE_HOME.finditer(text)]


def is_later(place: str, later: Iterable[str]) -> bool:
    """The place is the new home («Ахузе» for "Ahuza" too, by loose key)."""
    first = place.split()[0]
    if stem(first) in later:
        return True
    key = loose_key(first)
    return any(same_key(key, loose_key(word)) for word in later if key)


def older_places(texts: Iterable[str], later: set[str]) -> list[str]:
    """The places the home statements `texts` (oldest first) name, other
    than the new home, the first told first: a life tells its home early."""
    places = (place for text in texts for place in home_places(text))
    return list(dict.fromkeys(p for p in places if not is_later(p, later)))


async def older_home(storage: Store, later: set[str], window: NodeWindow) -> list[int]:
    """Ids of the user's home statements within `window` (before the new
    home's first turn) that tell the older home's place, the first told."""
    match = fts_match(HOME_WORDS)
    if match is None:
        return []
    ranked = await storage.index.fts_search(
        match, limit=STATEMENTS, types=("episodic",), window=window
    )
    nodes = await storage.nodes.get_nodes([node_id for node_id, _ in ranked])
    told = sorted(
        (n for n in nodes.values() if n.source_role == USER_ROLE), key=lambda n: n.when
    )
    places = older_places((n.content for n in told), later)[:1]
    return [n.id for n in told if places and _says_place(n.content, places[0])]
