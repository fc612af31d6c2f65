"""Whose birthday, address or phone a turn says: the one asked of a person.

"When is Alya's birthday?" is not answered by "went with Alya and the kids to
Kamila's friend's birthday" nor by «были с Алей на дне рождения у Камилы»:
the turn names Alya and says a birthday, but the birthday has another owner,
written right before it ("Kamila's", "a friend's", "my", «Камилин», and as a
learner of English writes it, "Kamila friend birthday") or right after it
(«день рождения Камилы», «у подруги»). A birthday said with no owner, or
with a pronoun ("her birthday"), may be the person's and still answers. An
owner that is one of the person's own names or aliases ("my wife", when the
wife is the one asked) is the person. Age has its own reader (age_of.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet

from ..core.records import SearchHit
from ..core.relations import RELATIONS
from .asked_of import says_name
from .morphology import relation_base_forms, stem
from .twin_words import twin_stems

_WORD = re.compile(r"\w+", re.UNICODE)
# the attributes one owns, by stem, in both languages (age is age_of.py's)
_OWNED = frozenset(
    stem(word)
    for word in """birthday birthdays address phone рождения днюха днюхе днюху
    адрес телефон""".split()
)
_MINE = frozenset(
    "my our мой моя моё мое мои моего моей моему моим моём моем мою моих".split()
)
_THEN_OWNER = frozenset({"у", "of"})  # «у Камилы», "of my friend"
_APOSTROPHES = ("'", "’")


def owned_attribute(attribute: AbstractSet[str]) -> frozenset[str]:
    """The stems, with their twins, of the owned attributes asked
    (`attribute`: stems); empty when none is asked."""
    asked = frozenset(attribute & _OWNED)
    return asked.union(*(twin_stems(word) for word in asked))


def only_someone_elses(
    hit: SearchHit, owned: AbstractSet[str], of_whom: AbstractSet[str]
) -> bool:
    """The hit says the `owned` attribute (stems) only with an owner other
    than the person asked (`of_whom`: the question's names)."""
    words = _WORD.findall(hit.node.content)
    at = [i for i, word in enumerate(words) if stem(word.lower()) in owned]
    if not at:
        return False
    theirs = _their_words(hit, of_whom)
    return all(_other_owner(words, i, of_whom, theirs) for i in at)


def _their_words(hit: SearchHit, of_whom: AbstractSet[str]) -> frozenset[str]:
    """The words of the aliases of the hit's entities that are the person
    asked ("wife" of "my wife", Alya's alias): an owner said so is them."""
    found: set[str] = set()
    for entity in hit.entities:
        names = [entity.name, *entity.aliases]
        if says_name(names, of_whom):
            found.update(w.lower() for name in names for w in _WORD.findall(name))
    return frozenset(found)


def _other_owner(
    words: Sequence[str], at: int, of_whom: AbstractSet[str], theirs: frozenset[str]
) -> bool:
    """The word at `at` has an owner written next to it, not the person."""
    owner = _owner_before(words, at) or _owner_after(words, at)
    if owner is None:
        return False
    return owner.lower() not in theirs and not says_name([owner], of_whom)


def _owner_before(words: Sequence[str], at: int) -> str | None:
    """ "Kamila's", "friend's", "my", "Kamila friend", «Камилин» right
    before the word (past "day" of «день рождения»)."""
    if at > 0 and words[at - 1].lower() in ("день", "дня", "дне", "днём", "днем"):
        at -= 1
    if at == 0:
        return None
    before = words[at - 1]
    if before.lower() == "s" and at > 1:  # the "'s" split off by \w+
        return words[at - 2]
    if before.lower() in _MINE or _is_owner_word(before):
        return before
    return None


def _owner_after(words: Sequence[str], at: int) -> str | None:
    """«рождения Камилы», «у подруги», "of my friend" right after the word."""
    at += 1
    if at < len(words) and words[at].lower() in _THEN_OWNER:
        at += 1
    if at >= len(words):
        return None
    after = words[at]
    return after if after.lower() in _MINE or _is_owner_word(after) else None


def _is_owner_word(word: str) -> bool:
    """A name (capitalised) or a relative's word ("friend", «подруги»)."""
    return word[:1].isupper() or relation_base_forms([word.lower()])[0] in RELATIONS
