"""Entities without an LLM: a cheap mention extractor and the linker that files them.

"Who"/"what" questions need episodes linked to the people and things they mention,
and that has to work offline, on the slow path, for every turn. So mentions are
found by pattern (capitalised names, @handles, e-mails, URLs, dates, #tags), which
is cheap and predictable; the nightly LLM pass later fixes types and merges aliases.

A capitalised word that opens a sentence is usually just a capitalised word
("Thanks", "Maybe"), so such a word only counts when it is already a known entity.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from .records import EdgeDraft, Entity, EntityType, Node, name_key
from .storage import MemoryStorage

_UPPER = "A-ZА-ЯЁ"
_LOWER = "a-zа-яё"
_NAME_WORD = rf"[{_UPPER}][{_LOWER}'’\-]+|[{_UPPER}]{{2,}}"
_NAME = re.compile(rf"(?<![\w@#/.])((?:{_NAME_WORD})(?:\s+(?:{_NAME_WORD})){{0,2}})")
_HANDLE = re.compile(r"(?<![\w.])@([A-Za-z0-9_]{2,32})")
_EMAIL = re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b")
_URL = re.compile(r"\bhttps?://[^\s<>()\"']+", re.IGNORECASE)
_TAG = re.compile(r"(?<![\w#&])#([^\W\d_][\w-]{1,40})")
_MONTHS = (
    "January|February|March|April|May|June|July|August|September|October|"
    "November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec"
)
_DATE = re.compile(
    rf"\b(\d{{4}}-\d{{2}}-\d{{2}}|\d{{1,2}} (?:{_MONTHS}),? \d{{4}}"
    rf"|(?:{_MONTHS}) \d{{1,2}}(?:st|nd|rd|th)?(?:,? \d{{4}})?)\b"
)
# A colon also opens a sentence: transcripts read "Tim: Yeah, sure".
_SENTENCE_START = re.compile(r"(?:^|[.!?…:]\s+|\n\s*|[\"“(]\s*)$")
_TITLES = {"mr", "mrs", "ms", "dr", "prof", "sir", "madam"}

# Capitalised words that are not names, in the two languages we serve.
COMMON_CAPITALISED = frozenset(
    """i i'm i've i'll i'd im ive a an the this that these those it its it's he she
    we they you your my our his her their me us them hey hi hello thanks thank yes
    no ok okay oh wow well so but and or if then when what why who how where which
    maybe sure great good nice cool sorry please also just really actually anyway
    monday tuesday wednesday thursday friday saturday sunday today tomorrow
    yesterday tonight there here let let's can could would should will do does did
    not all any some every each both many much more most such very too again
    later after before last next since while because though still now soon once
    mr mrs ms dr prof sir madam
    january february march april may june july august september october november
    december ai lol omg btw fyi ps yeah yep yup nope congrats congratulations
    awesome definitely absolutely totally exactly glad cheers bye haha aww
    я ты он она мы вы они это как что кто где когда почему зачем да нет привет
    спасибо пожалуйста ну вот так там тут но и или если уже ещё еще очень""".split()
)


@dataclass(frozen=True, slots=True)
class Mention:
    """A name found in text, with a first guess at what kind of thing it is."""

    name: str
    type: EntityType
    kind: str  # name | handle | email | url | date | tag
    sentence_start: bool = False


def extract_mentions(text: str) -> list[Mention]:
    """Mentions in `text`, each name once, in order of first appearance."""
    found: list[Mention] = []
    taken: list[tuple[int, int]] = []

    def add(start: int, end: int, mention: Mention) -> None:
        if any(start < b and a < end for a, b in taken):
            return
        taken.append((start, end))
        found.append(mention)

    for match in _URL.finditer(text):
        add(*match.span(), Mention(match.group(0).rstrip(".,;:!?"), "tool", "url"))
    for match in _EMAIL.finditer(text):
        add(*match.span(), Mention(match.group(0), "person", "email"))
    for match in _HANDLE.finditer(text):
        add(*match.span(), Mention("@" + match.group(1), "person", "handle"))
    for match in _TAG.finditer(text):
        add(*match.span(), Mention("#" + match.group(1), "concept", "tag"))
    for match in _DATE.finditer(text):
        add(*match.span(), Mention(match.group(0), "concept", "date"))
    for match in _NAME.finditer(text):
        mention = _name_mention(text, match)
        if mention is not None:
            add(match.start(1), match.end(1), mention)
    found_sorted = sorted(zip(taken, found, strict=True), key=lambda pair: pair[0])
    unique: dict[str, Mention] = {}
    for _, mention in found_sorted:
        unique.setdefault(name_key(mention.name), mention)
    return list(unique.values())


def _name_mention(text: str, match: re.Match[str]) -> Mention | None:
    words = match.group(1).split()
    # Drop leading common words ("Hey Caroline" -> "Caroline").
    while words and words[0].casefold() in COMMON_CAPITALISED:
        words = words[1:]
    while words and words[-1].casefold() in COMMON_CAPITALISED:
        words = words[:-1]
    if not words:
        return None
    # "Pepper's vet" is about Pepper: the possessive is not part of the name.
    words[-1] = re.sub(r"['’]s$", "", words[-1])
    name = " ".join(words)
    start = match.start(1) + match.group(1).find(words[0])
    before = text[:start]
    previous = before.split()[-1].rstrip(".").casefold() if before.split() else ""
    if previous in _TITLES:
        return Mention(name, "person", "name")
    at_start = bool(_SENTENCE_START.search(before)) and len(words) == 1
    return Mention(name, "concept", "name", sentence_start=at_start)


class EntityLinker:
    """Files mentions as entities and links nodes to them (through the writer).

    Each node that mentions an entity also gets an `entity` edge to the few most
    recent other nodes of that entity, which keeps the graph connected without
    the quadratic cost of linking every pair.
    """

    def __init__(self, storage: MemoryStorage, *, recent_links: int = 3) -> None:
        self._storage = storage
        self._recent_links = recent_links

    async def link_text(self, node_id: int, text: str) -> list[Entity]:
        return await self.link(node_id, extract_mentions(text))

    async def link(self, node_id: int, mentions: Sequence[Mention]) -> list[Entity]:
        """Resolve or create each mention's entity and link `node_id` to it."""
        entities: list[Entity] = []
        for mention in mentions:
            if mention.sentence_start:
                known = await self._storage.find_entity(mention.name)
                if known is None:
                    continue
            entity = await self._storage.upsert_entity(
                mention.name, type=mention.type, mentions=0
            )
            if all(e.id != entity.id for e in entities):
                entities.append(entity)
        await self.link_entities(node_id, entities)
        return entities

    async def link_entities(self, node_id: int, entities: Sequence[Entity]) -> None:
        """Link a node to already resolved entities and to their recent nodes."""
        if not entities:
            return
        await self._storage.link_entities([(node_id, e.id) for e in entities])
        edges: list[EdgeDraft] = []
        for entity in entities:
            recent = await self._storage.nodes_of_entity(
                entity.id, limit=self._recent_links + 1
            )
            for other in recent:
                if other.id != node_id:
                    low, high = sorted((other.id, node_id))
                    edges.append(EdgeDraft(low, high, "entity", predicate=entity.name))
        await self._storage.add_edges(edges[: self._recent_links * len(entities)])

    async def on_episodes(self, nodes: Sequence[Node]) -> None:
        """Indexer hook: link freshly stored episodes to what they mention."""
        for node in nodes:
            await self.link_text(node.id, node.content)
