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

from ..core.records import EdgeDraft, Entity, EntityType, Node, name_key
from ..core.relations import RELATION_OWNERS
from ..core.scope import using_view, view_of_scope, write_scope
from ..store.interface import Store
from ..toolkit.entity_edits import edit_guards
from .asides import join_asides
from .cues import (
    SENTENCE_OPENERS,
    acts_as_person,
    at_a_place,
    opens_english_sentence,
    opens_russian_sentence,
)
from .inflections import join_case_forms
from .names import (
    COMMON_CAPITALISED,
    GIVEN_NAMES,
    IDIOMS,
    KIN_NAMES,
    LABELS,
    NAME_CONNECTORS,
    PARTICLES,
    PET_NAMING,
    PET_WORDS,
    TITLE_AFTER,
    TITLE_BEFORE,
    VOCATIVE,
)
from .nicknames import join_people
from .oblique import ObliqueNamer
from .relations import file_relation, relation_after, relation_before
from .short_things import ShortThings

_UPPER = "A-ZÀ-ÖØ-ÞА-ЯЁ"
_LOWER = "a-zß-öø-ÿа-яё"
# "Spider-Man", "O'Neil", "Middle-earth"; a trailing quote or dash is not part of it.
# "O'Keeffe" (one capital before the quote), "McDonald" (a capital inside).
_WORD_CHARS = (
    rf"[{_UPPER}](?:[{_LOWER}]+(?:[{_UPPER}][{_LOWER}]+)?|(?=['’][{_UPPER}]))"
    rf"(?:['’\-][{_UPPER}{_LOWER}][{_LOWER}]*)*"
)
_NAME_WORD = rf"(?:{_WORD_CHARS}|[{_UPPER}]{{2,}})(?!\w)"
# Names glued by a colon ("CS:GO", "Counter Strike:Global Offensive") are one
# token the pattern cannot read; they are left out whole.
_GLUED_AFTER = re.compile(r":\w")
_GLUED_BEFORE = re.compile(r"\w:\S+\s*$")
_CONNECTOR = "|".join(sorted(NAME_CONNECTORS))
_NAME = re.compile(
    rf"(?<![\w@#/.:])((?:{_NAME_WORD})"
    rf"(?:\s+(?:(?:{_CONNECTOR})\s+){{0,2}}(?:{_NAME_WORD})){{0,3}})"
)
_HANDLE = re.compile(r"(?<![\w.])@([A-Za-z0-9_]{2,32})")
_EMAIL = re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b")
_URL = re.compile(r"\bhttps?://[^\s<>()\"']+", re.IGNORECASE)
_TAG = re.compile(r"(?<![\w#&])#([^\W\d_][\w-]{1,40})")
_MONTHS = (
    "January|February|March|April|May|June|July|August|September|October|"
    "November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec"
)
_MONTHS_RU = (
    "января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря"
)
_DATE = re.compile(
    rf"\b(\d{{4}}-\d{{2}}-\d{{2}}|\d{{1,2}} (?:{_MONTHS}),? \d{{4}}"
    rf"|(?:{_MONTHS}) \d{{1,2}}(?:st|nd|rd|th)?(?:,? \d{{4}})?"
    rf"|\d{{1,2}} (?:{_MONTHS_RU})(?: \d{{4}})?)\b"
)
# A colon also opens a sentence: transcripts read "Tim: Yeah, sure".
_SENTENCE_START = re.compile(r"(?:^|[.!?…:;—–]\s+|\n\s*|[\"“(]\s*)$")
# "Caroline: ..." at the start of a text is a transcript's speaker.
_SPEAKER = re.compile(rf"^\s*([{_UPPER}][{_LOWER}]+(?: [{_UPPER}][{_LOWER}]+)?):\s")
_TITLES = {"mr", "mrs", "ms", "dr", "prof", "sir", "madam"}
_POSSESSIVE = re.compile(r"['’]s$")
_SUFFIX = re.compile(r"-(?:related|based|themed|inspired|like|style|free)$")
_CONTRACTION = re.compile(r"['’](?:re|ll|ve|t|d|m)$")
_VOWELS = set("AEIOUYАЕЁИОУЫЭЮЯ")
_ASIDE = re.compile(r"^\s*\([^()]{0,60}\)")
_IDIOM = re.compile("|".join(re.escape(i) for i in IDIOMS), re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Mention:
    """A name found in text, with a first guess at what kind of thing it is."""

    name: str
    type: EntityType
    kind: str  # name | handle | email | url | date | tag
    sentence_start: bool = False
    relation: str = ""  # "wife" for "my wife Sarah"


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
    speaker = _SPEAKER.match(text)
    if speaker is not None and not _a_label(speaker.group(1)):
        add(*speaker.span(1), Mention(speaker.group(1), "person", "name"))
    # "Mark my words": the name in a saying is nobody (same length, so the
    # spans of everything else stay where they are).
    plain = _IDIOM.sub(lambda m: " " * len(m.group(0)), text)
    for match in _NAME.finditer(plain):
        mention = _name_mention(plain, match)
        if mention is not None:
            add(match.start(1), match.end(1), mention)
    found_sorted = sorted(zip(taken, found, strict=True), key=lambda pair: pair[0])
    unique: dict[str, Mention] = {}
    for _, mention in found_sorted:
        unique.setdefault(name_key(mention.name), mention)
    return list(unique.values())


def _common(word: str) -> bool:
    return _POSSESSIVE.sub("", word).casefold() in COMMON_CAPITALISED


def _is_shouted(word: str) -> bool:
    """An all-caps word that reads as a word ("DOING", "GO"), not an acronym."""
    if not word.isupper():
        return False
    if word.casefold() in COMMON_CAPITALISED:
        return True
    vowels = sum(ch in _VOWELS for ch in word)
    return len(word) >= 5 and vowels / len(word) >= 0.4


def _name_mention(text: str, match: re.Match[str]) -> Mention | None:
    if _GLUED_AFTER.match(text, match.end(1)) or _GLUED_BEFORE.search(
        text, 0, match.start(1)
    ):
        return None
    words = match.group(1).split()
    opens = bool(_SENTENCE_START.search(text[: match.start(1)]))
    if opens and (
        opens_russian_sentence(words, GIVEN_NAMES)
        or opens_english_sentence(words, GIVEN_NAMES)
    ):
        words, opens = words[1:], False  # what follows is mid-sentence
    titled = (
        bool(words)
        and not _common(words[0])
        and any(w in NAME_CONNECTORS for w in words)
    )
    # Drop leading common words ("Hey Caroline" -> "Caroline"), and a
    # sentence's opening adverb or imperative ("First,", "Book Lello"), but
    # keep titles whole ("Game of Thrones").
    while (
        words
        and not titled
        and (
            _common(words[0])
            or _is_shouted(words[0])
            or (opens and words[0].casefold() in SENTENCE_OPENERS)
        )
    ):
        words = words[1:]
    while words and (
        _common(words[-1])
        or words[-1].casefold() in NAME_CONNECTORS
        or _is_shouted(words[-1])
    ):
        words = words[:-1]
    if not words or (
        words[0].casefold() in NAME_CONNECTORS
        and not (len(words) > 1 and words[0].casefold() in PARTICLES)  # Van Gogh
    ):
        return None
    # "Pepper's vet" is about Pepper, "Star Wars-related" about Star Wars.
    words[-1] = _SUFFIX.sub("", _POSSESSIVE.sub("", words[-1]))
    name = " ".join(words)
    start = match.start(1) + match.group(1).find(words[0])
    before_words = text[:start].split()
    raw_previous = before_words[-1] if before_words else ""
    previous = raw_previous.rstrip(".,!").casefold()
    # "What Console does..." opens a sentence too, after its common word.
    at_start = opens and len(words) == 1
    if at_start and (_not_a_name(words[0]) or words[0].casefold() in LABELS):
        return None
    # "Мелани (все зовут её Мел) — моя коллега": the aside is skipped
    after_words = _ASIDE.sub("", text[start + len(name) :]).split()[:4]
    if _pet(before_words, after_words):  # "our dog Pepper": the user's dog
        relation = relation_before(before_words) or relation_after(after_words)
        return Mention(name, "pet", "name", relation=relation)
    if len(words) > 1 and _a_title(previous, after_words):
        return Mention(name, "concept", "name")
    # "van Gogh", "da Vinci" alone: the particle belongs to the name.
    if previous in PARTICLES and raw_previous == previous and not at_start:
        before = before_words[-2] if len(before_words) > 1 else ""
        if not before[:1].isupper():
            name = f"{raw_previous} {name}"
    relation = relation_before(before_words) or relation_after(after_words)
    if not relation and at_a_place(before_words):  # "moved to Vienna"
        return Mention(name, "place", "name")
    # "Hey Mel", "thanks, Mel" address a person; "Thanks! Keep going" does not.
    # "Wow, Chicago sounds great" is about the name, not to it.
    addressed = not after_words or after_words[0][:1] in ",!?.:;)"
    vocative = (
        previous in VOCATIVE
        and not raw_previous.endswith(("!", "?", "."))
        and addressed
    )
    if (
        previous in _TITLES
        or relation
        or words[0].split("-")[0].casefold() in GIVEN_NAMES  # Jean-Luc
        or name.casefold() in KIN_NAMES
        or (vocative and len(words) == 1)
        or acts_as_person(after_words)  # "Tomasz moved to ..."
    ):
        return Mention(name, "person", "name", relation=relation)
    return Mention(name, "concept", "name", sentence_start=at_start)


def _pet(before: Sequence[str], after: Sequence[str]) -> bool:
    """ "my dog Pepper", "a cat named Luna", "Pepper the dog", "Pepper, my cat"."""
    last = [w.rstrip(",").casefold() for w in before[-3:]]
    if last and last[-1] in PET_WORDS:
        return True
    if len(last) >= 2 and last[-1] in PET_NAMING and last[-2] in PET_WORDS:
        return True
    if len(last) >= 3 and last[-2:] == ["по", "кличке"] and last[-3] in PET_WORDS:
        return True
    following = [w.strip(",.!?()").casefold() for w in after]
    following = [w for w in following if w][:3]
    # "Kiwi, our green budgie": a word may describe it ("Tom, our
    # neighbour's cat" is not the cat)
    kind = (
        following[1:3] if following[1:2] and following[1].isalpha() else following[1:2]
    )
    return following[:1] in (["the"], *([o] for o in RELATION_OWNERS)) and any(
        w in PET_WORDS for w in kind
    )


def _a_title(previous: str, after: Sequence[str]) -> bool:
    """ "reading Harry Potter", "a Harry Potter fan": a work, not a person."""
    following = after[0].strip(",.!?").casefold() if after else ""
    return previous in TITLE_BEFORE or following in TITLE_AFTER


def _a_label(name: str) -> bool:
    """ "Updated: ...", "Reminder: ..." open a text like a speaker's name does."""
    words = name.split()
    first = words[0]
    # "Позвонил Мише: он купил ..." opens on a verb, not on a speaker's name
    verb = opens_russian_sentence(words, GIVEN_NAMES) or opens_english_sentence(
        words, GIVEN_NAMES
    )
    return verb or _common(first) or _not_a_name(first) or first.casefold() in LABELS


def _not_a_name(word: str) -> bool:
    """A sentence's first word that is plainly a word: "You're", "Making"."""
    if _CONTRACTION.search(word):
        return True
    return word.casefold().endswith("ing") and word.casefold() not in GIVEN_NAMES


class EntityLinker:
    """Files mentions as entities and links nodes to them (through the writer).

    Each node that mentions an entity also gets an `entity` edge to the few most
    recent other nodes of that entity, which keeps the graph connected without
    the quadratic cost of linking every pair.
    """

    def __init__(self, storage: Store, *, recent_links: int = 3) -> None:
        self._storage = storage
        self._recent_links = recent_links
        self._obliques = ObliqueNamer()  # "в Вену" is Вена when "Vienna" is known
        self._things = ShortThings()  # "the Corolla" after "a Toyota Corolla"

    async def link_text(self, node_id: int, text: str) -> list[Entity]:
        entities = await self.link(node_id, extract_mentions(text))
        entity_of = {name_key(e.name): e for e in entities}
        await join_asides(self._storage, text, entity_of)  # "Misha (Mikhail)"
        return list({e.id: e for e in entity_of.values()}.values())

    def names_in(self, text: str) -> set[str]:
        """The names `text` mentions, folded: what a corrected fact is about."""
        return {
            name_key(m.name) for m in extract_mentions(text) if not m.sentence_start
        }

    async def link(self, node_id: int, mentions: Sequence[Mention]) -> list[Entity]:
        """Resolve or create each mention's entity and link `node_id` to it."""
        entities: list[Entity] = []
        deleted, split = await edit_guards(self._storage, write_scope())
        for mention in _filed(mentions):
            known = await self._storage.entities.find_entity(mention.name)
            opening = [mention.name] if mention.sentence_start and not known else []
            if (
                opening and not await self._obliques.vouched(self._storage, opening)
            ) or (known is None and name_key(mention.name) in deleted):
                continue
            entity = await self._storage.entities.upsert_entity(
                mention.name, type=mention.type, mentions=0
            )
            await self._learn(entity, mention)
            if known is None:
                joined = await join_people(self._storage, [entity], split)
                entity = joined.get(entity.id, entity)
                cased = await join_case_forms(self._storage, [entity], deleted | split)
                entity = cased.get(entity.id, entity)
                await self._obliques(self._storage, [entity], deleted | split)
                things = await self._things.join(self._storage, [entity], split)
                entity = things.get(entity.id, entity)
                # "Леной" earlier in this text may have just joined "Лена"
                entities = [cased.get(e.id, e) for e in entities]
            if all(e.id != entity.id for e in entities):
                entities.append(entity)
        await self.link_entities(node_id, entities)
        return entities

    async def _learn(self, entity: Entity, mention: Mention) -> None:
        """A person seen as a person, a pet as a pet ("my dog Max" wins over
        the given name's guess), a place as a place, and a relation are kept."""
        retype = (mention.type in ("person", "place") and entity.type == "concept") or (
            mention.type == "pet" and entity.type in ("concept", "person")
        )
        if retype:
            await self._storage.entities.update_entity(entity.id, type=mention.type)
        await file_relation(self._storage, entity, mention.relation)

    async def link_entities(self, node_id: int, entities: Sequence[Entity]) -> None:
        """Link a node to already resolved entities and to their recent nodes."""
        if not entities:
            return
        await self._storage.entities.link_entities([(node_id, e.id) for e in entities])
        edges: list[EdgeDraft] = []
        for entity in entities:
            recent = await self._storage.entities.nodes_of_entity(
                entity.id, limit=self._recent_links + 1
            )
            for other in recent:
                if other.id != node_id:
                    low, high = sorted((other.id, node_id))
                    edges.append(EdgeDraft(low, high, "entity", predicate=entity.name))
        await self._storage.graph.add_edges(edges[: self._recent_links * len(entities)])

    async def on_episodes(self, nodes: Sequence[Node]) -> None:
        """Indexer hook: link freshly stored episodes to what they mention.

        The whole batch at once: one transaction for the entities, one for the
        links, one for the edges, one recent-nodes read per entity (per node
        and mention it was ~120 episodes/s at 100k nodes). As in `link`, a
        sentence's first name counts only when known (or in the batch)."""
        by_scope: dict[str, list[Node]] = {}
        # in the order they were said: `_link_batch` walks them so
        for node in sorted(nodes, key=lambda n: n.id):
            by_scope.setdefault(node.scope, []).append(node)
        for scope, group in by_scope.items():
            # each to the entities of its own scope
            with using_view(view_of_scope(scope)):
                await self._link_nodes(group)

    async def _link_nodes(self, nodes: Sequence[Node]) -> None:
        found = [(node, _filed(extract_mentions(node.content))) for node in nodes]
        entity_of = await self._resolve([m for _, ms in found for m in ms])
        for node in nodes:  # "Misha (well, Mikhail on paper)": one person
            await join_asides(self._storage, node.content, entity_of)
        linked: list[tuple[Node, list[Entity]]] = []
        for node, mentions in found:
            entities: dict[int, Entity] = {}
            for mention in mentions:
                entity = entity_of.get(name_key(mention.name))
                if entity is not None:
                    entities.setdefault(entity.id, entity)
            if entities:
                linked.append((node, list(entities.values())))
        await self._link_batch(linked)

    async def _resolve(self, mentions: Sequence[Mention]) -> dict[str, Entity]:
        """Entity by name key for the mentions worth filing, created if new."""
        first: dict[str, Mention] = {}
        for mention in mentions:
            key = name_key(mention.name)
            kept = first.get(key)
            # a mention inside a sentence counts; "my dog Max" wins over the
            # given name's guess whichever comes first
            if kept is None or kept.sentence_start or _over(mention, kept):
                first[key] = mention
        deleted, split = await edit_guards(self._storage, write_scope())
        known = set()  # keys already filed, in one read
        for entity in await self._storage.entities.entities_by_keys(list(first)):
            known |= {name_key(n) for n in (entity.name, *entity.aliases)}
        # a name opening a sentence (or «Катя»'s "Katya") or deleted: when known
        opening = [m.name for m in first.values() if m.sentence_start]
        people = [m.name for m in first.values() if m.type == "person"]
        vouched = await self._obliques.vouched(self._storage, opening, people)
        trusted = known | (vouched - deleted)
        wanted = [
            (key, m)
            for key, m in first.items()
            if key in trusted or not (m.sentence_start or key in deleted)
        ]
        entities = await self._storage.entities.upsert_entities(
            [(m.name, "person" if key in vouched else m.type) for key, m in wanted]
        )
        resolved: dict[str, Entity] = {}
        for (key, mention), entity in zip(wanted, entities, strict=True):
            await self._learn(entity, mention)  # writes only when it learns
            resolved[key] = entity
        new = [e for key, e in resolved.items() if key not in known]
        joined = await join_people(self._storage, new, split)
        now = {key: joined.get(e.id, e) for key, e in resolved.items()}
        fresh = {e.id: e for key, e in now.items() if key not in known}
        guarded = deleted | split
        cased = await join_case_forms(self._storage, list(fresh.values()), guarded)
        filed = [cased.get(i, e) for i, e in fresh.items()]
        await self._obliques(self._storage, filed, guarded)
        things = await self._things.join(self._storage, filed, split)  # "Corolla"
        now = {key: cased.get(e.id, e) for key, e in now.items()}
        return {key: things.get(e.id, e) for key, e in now.items()}

    async def _link_batch(self, linked: Sequence[tuple[Node, list[Entity]]]) -> None:
        """What `link_entities` does per node, for many nodes: the entity edges
        go to each entity's newest nodes linked before the node (newest by id,
        an index seek, where `link_entities` orders by event time: the same
        unless older turns are imported after newer ones). Those are the
        newest stored before the batch, merged with the batch's own earlier
        nodes as the batch is walked."""
        pairs = [(node.id, e.id) for node, es in linked for e in es]
        if not pairs:
            return
        await self._storage.entities.link_entities(pairs)
        keep = self._recent_links + 1
        newest = await self._storage.entities.newest_linked(
            list(dict.fromkeys(e for _, e in pairs)),
            limit=keep,
            excluding=[node.id for node, _ in linked],
        )
        edges: list[EdgeDraft] = []
        for node, entities in linked:
            mine: list[EdgeDraft] = []
            for entity in entities:
                # this entity's newest nodes up to and including this one
                recent = sorted([*newest.get(entity.id, []), node.id], reverse=True)
                newest[entity.id] = recent = recent[:keep]
                for other in recent:
                    if other != node.id:
                        low, high = sorted((other, node.id))
                        mine.append(
                            EdgeDraft(low, high, "entity", predicate=entity.name)
                        )
            edges += mine[: self._recent_links * len(entities)]
        await self._storage.graph.add_edges(edges)


def _filed(mentions: Sequence[Mention]) -> list[Mention]:
    """The mentions worth an entity: a date ("June 12") is the node's time."""
    return [m for m in mentions if m.kind != "date"]


def _over(mention: Mention, kept: Mention) -> bool:
    """The mention tells more than the one kept: "my dog Max" over "Max",
    "my wife Lena" later in the batch than a plain "Lena", "Tomasz moved"
    or "moved to Vienna" over a plain "with Tomasz", "in Vienna"."""
    if mention.relation and not kept.relation:
        return True
    if mention.sentence_start:
        return False
    if mention.type == "pet":
        return kept.type != "pet"
    return kept.type == "concept" and mention.type in ("person", "place")
