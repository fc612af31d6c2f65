"""The turn that introduces a person: where the user says who they are.

"My husband Yossi (Йоси, 63, a retired driver) waited up…", "The manager of
the new branch is Ofer (Офер), 29, …", «Миша, сын, звонил из Торонто. 34
года, программист». A person the user talks about often has dozens of
everyday turns, and a question about them ("Who is Ofer?", "my husband",
«Кто такой Миша?») was answered with the newest of those, not the one that
says who they are. People are introduced the same way in any life: right
beside the name stands what they are to the user or what they do ("my
husband Yossi", "Misha's wife Jess", "Yossi, my boss", «Миша, сын», "the
manager of the branch is Ofer"), the name said as such («её зовут Дина»),
an aside in parentheses ("Ofer (Офер)"), or an age ("Ofer, 29", "34 years
old", «34 года»).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from ..core.records import Entity, Node
from ..core.relations import RELATION_OWNERS, RELATIONS
from ..core.text_caches import text_cache
from .asked_relation import states_relation
from .lower_case_name import may_be_name
from .morphology import is_russian, relation_base_forms, russian_stem
from .spellings import other_script_spellings

_WORD = re.compile(r"\w+", re.UNICODE)
_SENTENCE = re.compile(r"[^.!?\n]+[.!?\n]*")
# A word, a number, or a mark that matters here (comma, dash, parenthesis).
_TOKEN = re.compile(r"\w+(?:'s)?|[,(—–-]", re.UNICODE)
# "the manager of the new branch is Ofer": a role word this many words before
# an "is" that stands right before the name.
COPULA_REACH = 8
_COPULAS = frozenset("is was are это".split())
_MARKS = frozenset(",—–-")
# The words that say a name as such: «её зовут Дина», "her name's Dina"
_NAMING = frozenset("зовут звать name's".split())
# ... and "is called Geoff", "he's called Geoff"
_CALLED_BY = frozenset("is was he's she's".split())
# "Michal, the social worker …,": an apposition opened by an article and
# closed within this many words.
_ARTICLES = frozenset("the a an".split())
APPOSITION_REACH = 8
# An age said as an aside, ended by a comma or the sentence: "34 years old,"
# «34 года, программист»; not «24 года обоим», «10 лет не виделись».
_AGE = re.compile(
    r"\b[1-9]\d\s*(?:years?\s+old|y\.?o\.?|год|года|лет)\s*(?:[,.;:)]|$)",
    re.I,
)
# An aside this many words after the name may still be about them: "Pablo
# from the office (…, 27, …)".
ASIDE_REACH = 5
# An age said right after the name and a comma: "Ofer, 29," «Рина, 44».
_BARE_AGE = re.compile(r"^[1-9]\d$")


def says_who(
    node: Node, relations: frozenset[str], names: Collection[str], weight: float
) -> float:
    """`weight` for a node that says who the person is: their relation (one
    of `relations`), or a turn introducing them (by `names`, introduced_by);
    else 1. The same weight for both, not more: the one turn would push the
    person's other turns out of the context block, a fact that does both too."""
    episodic = node.type == "episodic"
    said = _said_who(node.content, episodic, relations, frozenset(names))
    return weight if said else 1.0


# The turns read as saying who a person is: a conversation about someone asks
# about them turn after turn (get_context, then the agent's search_memory on
# the same words), and each time their same ~100 turns are read again.
SAID_KEPT = 4096


@text_cache(SAID_KEPT)
def _said_who(
    text: str, episodic: bool, relations: frozenset[str], names: frozenset[str]
) -> bool:
    return states_relation(text, relations) or (episodic and introduces(text, names))


def pets_kind_dropped(
    relations: frozenset[str], people: Sequence[Entity]
) -> frozenset[str]:
    """The relation words that say who the asked are; none when all of them
    are pets ("our cat", «наш кот»): a pet's kind is said in most of its
    turns ("Pirozhok, smart cat!"), and the one turn that says whose it is
    («Наш кот Пирожок») puts the name beside the kind (`introduces`)."""
    return frozenset() if people and all(e.type == "pet" for e in people) else relations


def introduced_by(people: Sequence[Entity]) -> set[str]:
    """The names the asked people are introduced by, in both scripts; not
    those of the entities filed as other forms of them, which may run on into
    someone else's name («Йоси Бублика»)."""
    names = [n for e in people for n in (e.name, *e.aliases)]
    return name_words([*names, *(s for n in names for s in other_script_spellings(n))])


def name_words(names: Collection[str]) -> set[str]:
    """The first words of a person's names (their relation aliases, "my
    husband", «муж», are no names), lower case. Only the first: an entity
    filed as another form of the name may run on into the next word («Йоси
    Бублика», of "Йоси Бублика поднял"), and the aside after a full name is
    read after its surname (`_aside_after`)."""
    words = {found[0].lower() for n in names if (found := _WORD.findall(n))}
    return {w for w in words if w not in RELATIONS and w not in RELATION_OWNERS}


def introduces(text: str, names: Collection[str]) -> bool:
    """The text says who the person of `names` (name_words) is: a relation or
    role word, an aside in parentheses, or an age stands beside their name."""
    if not names:
        return False
    stems = _name_stems(frozenset(names))
    small = _small_names(frozenset(names))
    sentences = _SENTENCE.findall(text)
    for i, sentence in enumerate(sentences):
        tokens = _TOKEN.findall(sentence)
        for at in _capitalised(tokens, small):
            if _is_name(tokens[at], names, stems) and (
                _role_beside(tokens, at)
                or _named_here(tokens, at)
                or _apposed(tokens, at)
                or _aside_after(tokens, at)
                or _age_near(tokens, at, sentences[i : i + 2])
            ):
                return True
    return False


# The name stems of this many people asked about are kept.
PEOPLE_KEPT = 256


@text_cache(PEOPLE_KEPT)
def _small_names(names: frozenset[str]) -> frozenset[str]:
    """Those of `names` a user typing all in lower case writes so and no one
    reads as a word: "her fiance callum" introduces Callum, «дина» in lower
    case is a word (lower_case_name.may_be_name)."""
    return frozenset(n for n in names if may_be_name(n))


@text_cache(PEOPLE_KEPT)
def _name_stems(names: frozenset[str]) -> frozenset[str]:
    """The stems of the Russian `names`: once per person, not once per turn
    (every turn linked to the person asked about is read, ~100 a question)."""
    return frozenset(russian_stem(n) for n in names if is_russian(n))


def _capitalised(tokens: list[str], small: frozenset[str]) -> list[int]:
    """Where a name can stand: the capitalised tokens (a name is written
    capitalised) and those of the `small` names typed in lower case. The
    one pass over every token; only these few are read as names."""
    return [
        at
        for at, token in enumerate(tokens)
        if token[:1].isupper() or token.removesuffix("'s") in small
    ]


def _is_name(token: str, names: Collection[str], stems: frozenset[str]) -> bool:
    word = token.lower().removesuffix("'s")
    return word in names or (is_russian(word) and russian_stem(word) in stems)


# The tokens around a name read as roles: the same few hundred words of a
# person's turns, over and over.
ROLES_KEPT = 4096


@text_cache(ROLES_KEPT)
def _is_role(token: str) -> bool:
    word = token.lower().removesuffix("'s")
    return word in RELATIONS or relation_base_forms([word])[0] in RELATIONS


def _role_beside(tokens: list[str], at: int) -> bool:
    """ "my husband Yossi", "Misha's wife Jess", "Yossi, my boss", «Миша,
    сын», "the manager of the branch is Ofer"."""
    if at > 0 and _is_role(tokens[at - 1]):
        return True
    after = [t for t in tokens[at + 1 : at + 5] if t.lower() not in RELATION_OWNERS]
    # "Kiwi, our budgie", "Kiwi, our green budgie": after an owner one word
    # may qualify it; "Tom, and my sister came" names no role of Tom's
    owned = at + 2 < len(tokens) and tokens[at + 2].lower() in RELATION_OWNERS
    reach = 3 if owned else 2
    if len(after) >= 2 and after[0] in _MARKS and any(map(_is_role, after[1:reach])):
        return True
    if _owned_role_said(tokens[at + 1 : at + 5]):
        return True
    if at > 0 and tokens[at - 1].lower() in _COPULAS:
        return any(_is_role(t) for t in tokens[max(0, at - COPULA_REACH) : at - 1])
    return False


def _named_here(tokens: list[str], at: int) -> bool:
    """ "her name is Dina", «её зовут Дина», «Его зовут Бисквит», "the man
    from the group is called Geoff": the name said as what the person is
    called, where the user first names them ("I called Geoff" phoned him)."""
    before = [t.lower() for t in tokens[max(0, at - 2) : at]]
    return bool(before) and (
        before[-1] in _NAMING
        or before == ["name", "is"]
        or (before[-1] == "called" and before[0] in _CALLED_BY)
    )


def _apposed(tokens: list[str], at: int) -> bool:
    """ "Michal, the social worker from the municipality (revacha), came by":
    an article opens a phrase of small words right after the name and a
    comma, closed by a comma, a dash or a parenthesis ("Tom, the kids and I"
    runs on into the sentence: no apposition)."""
    following = tokens[at + 1 : at + 3 + APPOSITION_REACH]
    if (
        len(following) < 3
        or following[0] != ","
        or following[1].lower() not in _ARTICLES
    ):
        return False
    for token in following[2:]:
        if token in _MARKS or token == "(":
            return True
        if not token.islower():
            return False
    return False


def _owned_role_said(following: list[str]) -> bool:
    """ "Bublik is my dog", «Бублик это мой пёс», "Dinara is my oldest
    friend": a copula and an owned relation (one word may qualify it)."""
    return (
        len(following) >= 3
        and following[0].lower() in _COPULAS
        and following[1].lower() in RELATION_OWNERS
        and any(_is_role(t) for t in following[2:4])
    )


def _aside_after(tokens: list[str], at: int) -> bool:
    """ "Ofer (Офер)": a parenthesis opens right after the name (or its
    surname)."""
    following = tokens[at + 1 : at + 3]
    return "(" in following[:1] or (
        len(following) == 2 and following[0][:1].isupper() and following[1] == "("
    )


def _age_near(tokens: list[str], at: int, sentences: list[str]) -> bool:
    """ "Ofer, 29", or an age said in the name's sentence or the next one
    ("34 years old", «34 года»)."""
    following = tokens[at + 1 : at + 3]
    if len(following) == 2 and following[0] == "," and _BARE_AGE.match(following[1]):
        return True
    return _aside_with_age(tokens, at) or any(_AGE.search(s) for s in sentences)


def _aside_with_age(tokens: list[str], at: int) -> bool:
    """ "lunch with Pablo from the office (the other junior, from Murcia,
    27, …)": an aside opening a few words after the name says an age
    between commas."""
    opened = [
        i for i in range(at + 1, min(at + ASIDE_REACH, len(tokens))) if tokens[i] == "("
    ]
    if not opened:
        return False
    inside = tokens[opened[0] + 1 : opened[0] + 1 + ASIDE_REACH * 3]
    return any(
        inside[i - 1] == "," and _BARE_AGE.match(inside[i])
        for i in range(1, len(inside))
    )
