"""Whether a turn's "now" is someone else's, not the user's.

"Shprot has discovered the new flat. He now has a job: watching crows." or
«Томек теперь ездит в офис на поезде» mark a present, but the cat's and the
husband's: no answer to "Where do I work now?". Only the sentences that hold
what the question asks are read (the cat's sentence about the new flat still
tells the user's home), and each of those marking the present must have a
third person for its subject (a person's or a pet's name in any of its
spellings, or he / she / they, он / она / они) and no first-person word: «Дима
теперь зовёт меня в бокс» is the user's present, and a Russian sentence with
no subject («Теперь хожу пешком») is the user's own. A change told by someone
else is left alone: "Mum moved in with us" may well be the user's move too.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet

from ..core.records import Entity, SearchHit
from ..core.relations import own_names
from .changes import tells_present
from .stem_sets import text_stems

_SENTENCE_END = re.compile(r"(?<=[.!?…;])\s+")
_THIRD_PERSON = re.compile(r"(?:he|she|they|он|она|они)(?!\w)", re.I)
_FIRST_PERSON = re.compile(
    r"(?<!\w)(?:i|i'm|i've|i'd|i'll|me|my|mine|myself|we|we're|we've|us|our"
    r"|ours|я|мы|мне|меня|мной|нас|нам|нами|мо[йяеёи]\w*|наш\w*)(?!\w)",
    re.I,
)
# "Where do I work now?", «Где мы теперь живём?»: the user's own state is
# asked (not "Which nursery does Oscar go to?", «В какой садик ходит внук?»)
_ASKS_OF_USER = re.compile(r"(?<!\w)(?:i|we|я|мы)(?!\w)", re.I)
# "Lena and I", «Дима со мной»: the user is in the subject too
_WITH_USER = re.compile(r"\s+(?:and|&|и|с|со)\s", re.I)


def others_now_ids(
    hits: list[SearchHit], about: set[int], question: str, wanted: AbstractSet[str]
) -> set[int]:
    """Ids of the `about` hits whose "now", in the sentences that hold what
    the question asks (`wanted` stems), is someone else's."""
    return {
        hit.node.id
        for hit in hits
        if hit.node.id in about and tells_others_now(hit, question, wanted)
    }


def tells_others_now(
    hit: SearchHit, question: str, wanted: AbstractSet[str] = frozenset()
) -> bool:
    """For a `question` about the user's own state, every sentence of the
    turn that holds a `wanted` stem (every sentence, when none does) and
    marks the present has someone else (not one the question names) for its
    subject."""
    people = [e for e in hit.entities if e.type in ("person", "pet")]
    if not _ASKS_OF_USER.search(question) or any(_named(question, e) for e in people):
        return False
    sentences = _sentences(hit.node.content)
    asked = [s for s in sentences if not wanted.isdisjoint(text_stems(s))]
    told = [s for s in asked or sentences if tells_present(s)]
    return bool(told) and all(_of_other(s, people) for s in told)


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(text) if s.strip()]


def _of_other(sentence: str, people: list[Entity]) -> bool:
    """The sentence's subject is a third person, and it says nothing of the
    user (no I / my / me, я / мой / меня)."""
    if _FIRST_PERSON.search(sentence):
        return False
    if _THIRD_PERSON.match(sentence):
        return True
    return any(_opens_with(sentence, name) for e in people for name in _called(e))


def _called(entity: Entity) -> list[str]:
    """The entity's name and its aliases that are names (capitalised: the
    other script's spelling, a case form), not "my boss"."""
    return [entity.name, *(a for a in own_names(entity.aliases) if a[:1].isupper())]


def _opens_with(sentence: str, name: str) -> bool:
    """`sentence` opens with `name` as its subject, not "Lena and I", nor
    her line ("Lena: ...")."""
    rest = sentence[len(name) :]
    if not sentence.startswith(name) or re.match(r"\w", rest[:1]):
        return False
    return not _WITH_USER.match(rest) and not rest.startswith(":")


def _named(question: str, entity: Entity) -> bool:
    return any(
        re.search(rf"(?<!\w){re.escape(name)}(?!\w)", question)
        for name in _called(entity)
    )


def opened_by_others(hits: list[SearchHit], question: str) -> set[int]:
    """For a `question` about the user's own state, ids of the hits that
    open with someone else's name in any of its spellings («Лиля говорит,
    что в Адаре без меня хаос», her name filed as "Lilya"): what they said
    or did, not the user's state; not one the question names, nor "Lena
    and I", nor her line ("Lena: ...")."""
    if not _ASKS_OF_USER.search(question):
        return set()
    return {hit.node.id for hit in hits if _opens_with_other(hit, question)}


def _opens_with_other(hit: SearchHit, question: str) -> bool:
    text = hit.node.content.lstrip()
    return any(
        _opens_with(text, name)
        for e in hit.entities
        if e.type in ("person", "pet") and not _named(question, e)
        for name in _called(e)
    )
