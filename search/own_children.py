"""The user's own children asked of as "the kids", «дети», "my son".

"What school are the kids in?", «Что у детей в школе?», "How are the
children doing?": a parent asks of their children as a group as often as by
name, and means them: their names join the search (retrieval.py), as words,
so "Enrolled Mark and Zlata at Scoil Mhuire" is found though it says no
"school", and of the category's things the one named with them is theirs.
The word is whom the question is about, not what:
"kids" names no category ("kids in the sea in Kerry" holds no school,
search/category_things.py), and asked in the present it asks of their
standing place as "Which school is Lev at?" does (search/present_plain.py).
Someone else's ("Vova's kid", «дети Вовы», "her kids") are not the user's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ..core.records import Entity, SearchHit, name_key
from ..core.relations import RELATIONS, relation_aliases, same_relation
from ..store.interface import Store
from .morphology import stem

# The children as a group, or one of them by the relation, after an owner
# the user's ("the", "my", "our") or none in Russian («дети», «у детей»).
CHILDREN_EN = r"(?:the|my|our) (?:kids|children|son|daughter|boys|girls)"
CHILDREN_RU = r"(?:дети|сын|дочь|дочка|сынок|младш\w+|старш\w+)"

_GROUP_WORDS = """kids kid children child детей дети детям детьми детях""".split()
# their stems: no hit need share them as a category's word
CHILDREN_STEMS = frozenset(stem(word) for word in _GROUP_WORDS)

_OTHERS_BEFORE = re.compile(
    r"(?:\b\w+['’]s|\b(?:his|her|their|your)|(?<!\w)(?:его|её|ее|их|твои\w*|ваши\w*))\s+$",
    re.I,
)
_GROUP = re.compile(r"\b(?:kids|children)\b|(?<!\w)дет(?:и|ей|ям|ьми|ях)(?!\w)", re.I)
_OWNER_AFTER = re.compile(r"\s+(?:of\s+)?[A-ZА-ЯЁ]\w+")


def asks_own_children(text: str) -> bool:
    """The question names the user's children as a group ("the kids",
    «у детей»), not someone else's ("Vova's kids", «дети Вовы»)."""
    for match in _GROUP.finditer(text):
        if _OTHERS_BEFORE.search(text[: match.start()]):
            continue
        if _OWNER_AFTER.match(text, match.end()):
            continue  # «дети Вовы», "the children of Anna"
        return True
    return False


# the relations a child of the user's is filed by ("сын", "daughter", …)
CHILD_RELATIONS = frozenset(
    same
    for word in ("son", "daughter", "stepson", "stepdaughter")
    for same in same_relation(word)
)


async def own_children(storage: Store) -> list[Entity]:
    """The people filed as the user's sons and daughters."""
    keys = [alias for word in CHILD_RELATIONS for alias in relation_aliases(word)]
    return [
        entity
        for entity in await storage.entities.entities_by_keys(keys)
        if entity.type == "person" and _relation(entity) in CHILD_RELATIONS
    ]


def _relation(entity: Entity) -> str:
    return str(entity.attributes.get("relation") or "")


def children_words(children: Sequence[Entity]) -> list[str]:
    """The words the children are written by: their names and the other
    cases and scripts of them («Марка», "Mark"), not a relation ("мой сын")."""
    words = []
    for entity in children:
        for name in (entity.name, *entity.aliases):
            key = name_key(name)
            if " " not in key and key not in RELATIONS:
                words.append(key)
    return list(dict.fromkeys(words))


def named_with_children(
    base: dict[int, float],
    hits: Sequence[SearchHit],
    things_of: Callable[[SearchHit], set[int]],
) -> dict[int, float]:
    """Of the category's things (`base`), those a turn names with one of the
    user's children ("Enrolled Mark and Zlata at Scoil Mhuire"): the kids'
    school or club, not the hospital of "night shifts at the Mater, so I'm
    on the school run"; `base` when none is."""
    theirs = set().union(*(things_of(hit) for hit in hits if _names_child(hit)))
    return {index: score for index, score in base.items() if index in theirs} or base


def _names_child(hit: SearchHit) -> bool:
    return any(
        entity.type == "person" and _relation(entity) in CHILD_RELATIONS
        for entity in hit.entities
    )
