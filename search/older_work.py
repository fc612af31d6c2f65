"""The older workplace asked of as "before" the new one, read by its name.

"Where was I working before the internship?", «Где я работала до
стажировки?» name the new work; the turns that tell it seldom name the old
one («Получила оффер!»), and the old job may end without a last day at a
name («последняя смена в кафе»: search/last_day.py reads names only). Yet
a life tells its work early and in one shape in any language, as it tells
its home (search/older_home.py): "I work as a barista at Café Kaštan",
"I'm a tester at Baltix Pay", «работаю в Каштане», «подрабатываю
официанткой в «Соте»». The first place the user's own work statements
name before the new work's first turn, other than the new work, is the
older workplace; search/earlier_value.py fetches its turns from then.
"""

from __future__ import annotations

import re

from ..core.records import Node, NodeWindow
from ..store.interface import Store
from .older_home import is_later
from .query_text import fts_match
from .windowed import USER_ROLE

# The work statements searched for before the new work began: the words a
# user tells their work with (a Russian word is searched by its stem).
WORK_WORDS = ("work", "job", "работаю", "подрабатываю")
# How many work statements are read: the first weeks tell the work often.
STATEMENTS = 60

_NAME = r"[«\"“]?([A-ZÀ-ÞĀ-ſА-ЯЁ][\w'’&-]*(?:\s+[A-ZÀ-ÞĀ-ſА-ЯЁ][\w'’&-]*){0,2})"
# The user's own work at a named place: "I work at Kyma", "I work as a
# barista at Café Kaštan", "I'm a tester at Baltix Pay", "my job at
# Skelo"; «работаю в Каштане», «работаю баристой в кафе «Каштан»». Only
# the first person: "Matěj works at the depot" is someone else's. "in" is
# a place only after "work": "I'm a student in Prague" tells no work.
_WORK_AT = re.compile(
    r"\b(?i:(?:i|we)\s+(?:still\s+)?work(?:\s+as\s+(?:an?\s+)?[\w-]+)?\s+(?:at|in|for)"
    r"|i(?:'m|\s+am)\s+(?:an?\s+)?[\w-]+\s+at|my\s+(?:new\s+)?(?:job|work)\s+at)"
    rf"\s+(?:the\s+)?{_NAME}"
    r"|(?<!\w)(?i:(?:я\s+)?(?:работаю|подрабатываю)(?:\s+[а-яё-]+)?\s+(?:в|во|на)"
    r"(?:\s+(?:кафе|ресторане|баре|магазине|компании|фирме|офисе))?)"
    rf"\s+{_NAME}"
)


def work_places(text: str) -> list[str]:
    """The places `text` tells the user's own work at, as written ("Café
    Kaštan", «Каштане»)."""
    return [found[1] or found[2] for found in _WORK_AT.finditer(text)]


async def older_workplace(
    storage: Store, later: set[str], window: NodeWindow
) -> tuple[Node, str] | None:
    """The user's first work statement within `window` (before the new
    work's first turn) that names a place other than the new work, and
    that place; None when the work was not told so."""
    match = fts_match(WORK_WORDS)
    if match is None:
        return None
    ranked = await storage.index.fts_search(
        match, limit=STATEMENTS, types=("episodic",), window=window
    )
    nodes = await storage.nodes.get_nodes([node_id for node_id, _ in ranked])
    told = sorted(
        (n for n in nodes.values() if n.source_role == USER_ROLE), key=lambda n: n.when
    )
    for node in told:
        places = [p for p in work_places(node.content) if not is_later(p, later)]
        if places:
            return node, places[0]
    return None
