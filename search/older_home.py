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
from .query_text import fts_match
from .windowed import USER_ROLE

# The home statements searched for before the new home began: the words a
# user tells their home with.
HOME_WORDS = ("flat", "apartment", "house", "live", "квартира", "живу", "живём")
# How many home statements are read: the first weeks tell the home often.
STATEMENTS = 80

_NAME = r"[A-ZÀ-ÞĀ-ſ][\w'’-]+(?:\s+[A-ZÀ-ÞĀ-ſ][\w'’-]+)?"
_NAME_RU = r"[А-ЯЁ][\w-]+"
# The user's own home told with its place: "our flat in Kiryat Yam", "We
# rent a two-room flat in Saburtalo", "I live in Marzahn"; «живу на
# Врачаре», «Наша квартира в Бёйкслотерхаме». Only the first person: "their
# new house in Mississauga" is someone else's.
_HOME_IN = re.compile(
    r"\b(?i:(?:(?:my|our)|(?:i|we)\s+(?:rent|own|have|share|bought)\s+(?:a|an))"
    r"\s+(?:[\w-]+\s+){0,2}?(?:flat|apartment|house|place)"
    r"|(?:i|we)\s+(?:still\s+)?live)"
    rf"\s+in\s+({_NAME})"
    r"|(?<!\w)(?i:(?:мо|наш)\w*\s+(?:\w+\s+)?квартир\w*|живу|живём|живем)"
    rf"\s+(?:в|во|на)\s+({_NAME_RU})"
)


def home_places(text: str) -> list[str]:
    """The places `text` tells a home in, as written ("Kiryat Yam",
    «Русафе»)."""
    return [found[1] or found[2] for found in _HOME_IN.finditer(text)]


def _is_later(place: str, later: Iterable[str]) -> bool:
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
    return list(dict.fromkeys(p for p in places if not _is_later(p, later)))


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
    return [n.id for n in told if places and places[0] in home_places(n.content)]
