"""The turns about a person from before the user knew their name.

People are met before they are named: "Walked next to a man from the walking
group …", «Тот мужчина из группы, с которым шла, …», and only days later
"The man from the walking group is called Geoff" or «её зовут Дина, …». The
naming turn is the evidence: the turns of the weeks before it that speak of
an unnamed man or woman of the naming's sex ("a man", "that woman", «та
женщина», «одного мужчину») and share a word with the naming turn, or with
a turn already joined (in either language: "group" is «группа»), are that
person's. The shared word, of where they were met ("from the group", «из
хора»), keeps "a woman at the pharmacy" out of Dina's.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from ..core.records import Entity, Node, NodeType, NodeWindow
from ..store.interface import Store
from .morphology import stem
from .query_text import STOP_WORDS, fts_match
from .twin_words import with_twins

DESCRIBED_DAYS = 21  # a person met is named within weeks, or not this way
UNNAMED_TURNS = 40  # turns with the sex's words read per naming turn
_DAY = 86_400.0
_WORD = re.compile(r"\w+", re.UNICODE)
_PREPOSITIONS = frozenset("from at in of on из с со в во на у от".split())
MIN_STEM = 3  # a shared stem this long may say the same place («хор»)

# The nouns of an unnamed man or woman, by sex; Russian ones as stems.
_NOUNS = {
    "m": ("man", "guy", "мужчин", "парен", "парн"),
    "f": ("woman", "lady", "женщин", "дам"),
}
_SEARCHED = {
    "m": ("man", "guy", "мужчина", "парень", "парня"),
    "f": ("woman", "lady", "женщина", "дама"),
}
# "a man", "that woman", «та женщина», «ту женщину», «одного мужчину»: a
# determiner, at most two words, then the noun.
_DETERMINERS = frozenset(
    """a an the that this тот та ту того той тем этот эта эту этого этой этим
    один одна одну одного одной одним""".split()
)
_UNNAMED = re.compile(
    rf"\b(?:{'|'.join(sorted(_DETERMINERS))})\s+(?:\w+\s+){{0,2}}?"
    r"(?P<noun>(?:wo)?man|guy|lady|мужчин\w*|женщин\w*|парен\w*|парн\w*|дам\w*)\b",
    re.IGNORECASE,
)
# The naming: "The man from the group is called Geoff", "her name is Ana",
# "she's called Ana", «её зовут Дина».
_NAMINGS = (
    re.compile(
        r"\b(?:the|that|this)\s+(?:\w+\s+){0,2}?(?P<noun>(?:wo)?man|guy|lady)\b"
        r"[^.!?]{0,60}?\b(?:is|was)\s+called\s+(?P<name>\w+)",
        re.IGNORECASE,
    ),
    re.compile(
        r"\b(?P<noun>his|her|he|she)(?:\s+name\s+is|'s\s+called|\s+is\s+called)"
        r"\s+(?P<name>\w+)",
        re.IGNORECASE,
    ),
    re.compile(r"\b(?P<noun>её|ее|его)\s+зовут\s+(?P<name>\w+)", re.IGNORECASE),
)
_SEX_OF = {"his": "m", "he": "m", "его": "m", "her": "f", "she": "f"}
_SEX_OF |= {"её": "f", "ее": "f"}


# Every naming above says one of these words; so does every description
# (search/unnamed.py `_NAMED`): a turn without them names no one as such.
_NAMING_WORDS = ("called", "name", "зовут")


def may_name(text: str) -> bool:
    """The text may name someone as such: it has a naming word (each of a
    person's ~100 turns was scanned by four patterns a question)."""
    folded = text.casefold()  # as the patterns' IGNORECASE reads "ᲂ" as "о"
    return any(word in folded for word in _NAMING_WORDS)


def naming_sex(text: str, names: Collection[str]) -> str | None:
    """ "m" or "f" when `text` names one of `names` (folded) as such, saying
    the person's sex ("the man … is called Geoff", «её зовут Дина»)."""
    for pattern in _NAMINGS:
        for match in pattern.finditer(text):
            if match.group("name").casefold() in names:
                return _sex(match.group("noun"))
    return None


def _sex(noun: str) -> str | None:
    word = noun.casefold()
    if word in _SEX_OF:
        return _SEX_OF[word]
    return next((sex for sex, nouns in _NOUNS.items() if word.startswith(nouns)), None)


def speaks_of_unnamed(text: str, sex: str) -> bool:
    """The text speaks of an unnamed man or woman ("a man from the group",
    «та женщина из хора») of `sex`."""
    return any(_sex(m.group("noun")) == sex for m in _UNNAMED.finditer(text))


def shared_words(text: str) -> frozenset[str]:
    """The stems (and their other-language twins) of the words after a
    preposition ("from the walking group", «из хора», «в хоре»): where the
    person was met, what another turn about them says too. Not the rest:
    "the new guy" may be anyone new."""
    words = _WORD.findall(text.casefold())
    placed = {
        stem(word)
        for at, before in enumerate(words)
        if before in _PREPOSITIONS
        for word in [w for w in words[at + 1 : at + 4] if w not in _DETERMINERS][:2]
        if word not in STOP_WORDS and not word.isdigit() and _sex(word) is None
    }
    return with_twins(frozenset(s for s in placed if len(s) >= MIN_STEM))


async def add_unnamed_before(
    storage: Store,
    naming: Node,
    names: Collection[str],
    person: Entity,
    types: Sequence[NodeType],
    nodes: dict[int, Node],
    linked: dict[int, list[Entity]],
) -> None:
    """Add the turns before `naming` (a turn among `nodes`) that speak of the
    person it names, unnamed, linked to `person` (not a pet: "его зовут
    Бисквит" names a dog)."""
    sex = naming_sex(naming.content, names) if person.type != "pet" else None
    match = fts_match(_SEARCHED[sex]) if sex else None
    if not sex or not match:
        return
    window = NodeWindow(after=naming.when - DESCRIBED_DAYS * _DAY, before=naming.when)
    found = await storage.index.fts_search(
        match, limit=UNNAMED_TURNS, types=types, window=window
    )
    read = await storage.nodes.get_nodes([i for i, _ in found if i not in nodes])
    said = [n for n in read.values() if speaks_of_unnamed(n.content, sex)]
    joined = _joined(naming, said)
    entities = await storage.entities.entities_of_nodes([n.id for n in joined])
    for node in joined:
        nodes[node.id] = node
        linked[node.id] = [*entities.get(node.id, []), person]


def _joined(naming: Node, said: list[Node]) -> list[Node]:
    """Of `said`, those sharing a word with the naming turn or with one
    joined already, in any order ("a man from the walking group", then «тот
    мужчина из группы», then "the man from the walking group is called")."""
    words = set(shared_words(naming.content))
    left = {node.id: (node, shared_words(node.content)) for node in said}
    joined: list[Node] = []
    while sharing := [i for i, (_, own) in left.items() if own & words]:
        for node_id in sharing:
            node, own = left.pop(node_id)
            joined.append(node)
            words |= own
    return joined
