"""Whose thing a turn speaks of: "When is my birthday?" is not answered by
«Гоги позвал на день рождения друга» (a friend's birthday).

A question about the user's own thing ("my birthday", «у меня день
рождения», «моя машина») is answered by a turn on the user's one: said so,
or said with no owner (a diary's things are its writer's). A turn that says
the thing only as someone else's ("Tom's birthday", "the birthday of my
friend", «день рождения Гоги», «мамин день рождения», «машина брата») does
not answer it. Russian drops the owner of a relative asked («как зовут
внучку?» is "my granddaughter"), and «внучка у него» is his. Read from the
words around the thing, no model.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.relations import PET_KINDS, RELATIONS, TRADE_PEOPLE
from .morphology import relation_base_forms, stem
from .query_text import STOP_WORDS
from .twin_phrases import Twinned, asked_phrases, words_of
from .twin_words import twin_stems

_WORD = re.compile(r"\w+", re.UNICODE)
_ADJECTIVES = (
    r"(?:(?:favou?rite|new|old|current|own|next|last|first|"
    r"любим\w*|нов\w*|стар\w*|нынешн\w*|следующ\w*|собственн\w*)\s+)*"
)
# "my X", «мой X», «у меня X»: the user's own (not "my sister's X").
_MINE = re.compile(
    r"(?<!\w)(?:my|мо[йяеёи]|у\s+меня(?:\s+(?:будет|был|была|было|есть))?)\s+"
    + _ADJECTIVES
    + r"(\w+)(?![\w'’])",
    re.I,
)
_SOMEONES = frozenset(
    """his her their your его её ее их твой твоя твоё твое твои твоего твоей
    твоему твоим твою ваш ваша ваше ваши вашего вашей вашему вашим вашу""".split()
)
# after the thing: «день рождения моей сестры», "the birthday of my friend",
# «внучка у него» (his)
_OWNER_AFTER = _SOMEONES | frozenset(
    "моего моей моих нашего нашей наших моему него неё нее них".split()
)
_OF_SOMEONE = frozenset("my our his her their your".split())
# "it's", "today's": no owner
_NOT_OWNERS = frozenset("it that what there here who where how today tomorrow".split())
_PLURAL_PEOPLE = frozenset(
    "друзей подруг коллег соседей родителей детей сестёр сестер братьев".split()
)
# "Dr. Beridze's check-up", "the dentist's appointment": the one who gives
# the service, not the one whose it is (the user's own check-up).
_PROVIDERS = frozenset(
    """dr doctor doctors dentist vet optician physio gp prof professor
    hairdresser barber nurse surgeon therapist""".split()
)
# "the office cat", "a street dog", «соседская собака»: a place's or other
# people's animal or thing, named by who keeps it, not the user's own.
_KEPT_BY_OTHERS = re.compile(
    r"office|shop|street|stray|neighbou?rs?|farm|café|cafe|hotel|library|pub"
    r"|офисн\w*|соседск\w*|уличн\w*|бездомн\w*|школьн\w*|чуж\w*|дворов\w*",
    re.I,
)
_TRADE_STEMS = frozenset(map(stem, TRADE_PEOPLE))
_RU_POSSESSIVE_ADJECTIVE = re.compile(r"\w+(?:ин|ина|ино|ины|ину|иной|иным)$")


@dataclass(frozen=True, slots=True)
class OwnThing:
    """The thing a question asks as the user's: a table phrase or a word."""

    phrase: Twinned | None
    word_stems: frozenset[str]
    # a name follows it ("our cat Murka", "my sister Anna"): no owner, as
    # "day of Gogi" is
    pet: bool = False
    # a relative is the user's family's too: "Lena and her son" (the user's
    # wife's son) may be the user's son, so only a named owner ("Brenda's
    # grandson", «Брендин внук») makes one someone else's
    kin: bool = False

    def spans(self, text: str) -> list[tuple[int, int]]:
        if self.phrase is not None:
            return self.phrase.spans(text)
        return [
            (i, i)
            for i, token in enumerate(words_of(text))
            if stem(token) in self.word_stems
        ]


def asked_own_thing(question: str) -> OwnThing | None:
    """What `question` asks as the user's own ("my birthday"), None when it
    asks no such thing or the owner is a relative ("my sister" is hers)."""
    found = _MINE.search(question)
    if found is None:
        return None
    word = found[1].lower()
    if word in STOP_WORDS or relation_base_forms([word])[0] in RELATIONS:
        return None
    rest = question[found.start(1) :]
    for phrase in asked_phrases(rest):
        if any(first == 0 for first, _ in phrase.phrase.spans(words_of(rest))):
            return OwnThing(phrase, frozenset())
    word_stem = stem(word)
    # "my neurologist": a name after the trade's word is theirs, no owner
    trade = word_stem in _TRADE_STEMS
    return OwnThing(None, frozenset({word_stem}) | twin_stems(word_stem), pet=trade)


def asked_own(question: str) -> OwnThing | None:
    """What `question` asks as the user's own: a thing, a pet or a
    relative; None when it asks none."""
    return (
        asked_own_thing(question)
        or asked_own_pet(question)
        or asked_own_relative(question)
        or asked_bare_relative(question)
    )


def asked_own_pet(question: str) -> OwnThing | None:
    """The pet a question asks as the user's own ("What's my cat called?",
    «Как зовут нашу собаку?»), None when it asks something of the pet's
    ("my dog's vet") or names no pet."""
    found = _MY_PET.search(question)
    if found is None or question[found.end() :].startswith(("'s", "’s")):
        return None
    word = relation_base_forms([found[1].lower()])[0]
    if word not in PET_KINDS:
        return None
    word_stem = stem(word)
    stems = frozenset({word_stem, stem(found[1])}) | twin_stems(word_stem)
    return OwnThing(None, stems, pet=True)


def asked_own_relative(question: str) -> OwnThing | None:
    """The relative a question asks as the user's own ("What's my sister's
    name?", «Как зовут моего внука?»), None when it names none: a turn
    saying the word only as someone else's ("at her sister's", "Brenda's
    grandson") tells of no relative of the user's."""
    for found in _MY_PET.finditer(question):
        word = relation_base_forms([found[1].lower()])[0]
        if word in RELATIONS:
            stems = frozenset({stem(word), stem(found[1])})
            return OwnThing(None, stems, pet=True, kin=True)
    return None


def asked_bare_relative(question: str) -> OwnThing | None:
    """The relative a Russian question asks with no owner at all («как зовут
    внучку?», «сколько лет сыну?»): Russian drops the «мою», so a kin word
    no one else owns in the question is the user's; None when a name, a
    pronoun or another relative owns it («как зовут внучку Толика?»)."""
    words = _WORD.findall(question)
    for word in words:
        base = relation_base_forms([word.lower()])[0]
        if base not in RELATIONS or base.isascii():
            continue
        stems = frozenset({stem(base), stem(word.lower())})
        said = OwnThing(None, stems)  # any owner counts, a name too
        if not someone_elses(question, said) and not _named(words):
            return OwnThing(None, stems, pet=True, kin=True)
    return None


def _named(words: list[str]) -> bool:
    """A capitalised word after the first: a name the question asks of."""
    return any(word[:1].isupper() for word in words[1:])


_MY_PET = re.compile(
    r"(?<!\w)(?:my|our|мо[йяеёию]|моего|моей|моих|наш\w*)\s+" + _ADJECTIVES + r"(\w+)",
    re.I,
)


def someone_elses(text: str, thing: OwnThing) -> bool:
    """`text` says `thing`, and each time as someone else's, or as a likeness
    ("sick as a dog", «злой как собака»: no dog of the user's)."""
    spans = thing.spans(text)
    if not spans:
        return False
    matches = list(_WORD.finditer(text))
    return all(
        _owner_before(text, matches, first, pronouns=not thing.kin)
        or _owner_after(text, matches, last, named=not thing.pet)
        or likened([m[0] for m in matches], first)
        for first, last in spans
    )


_LIKE = frozenset({"like", "как", "словно", "будто", "точно"})


def likened(words: Sequence[str], at: int) -> bool:
    """The word at `at` names a likeness, not a thing: after "like (a)",
    "as a", «как» ("sick as a dog", «злой как собака»)."""
    before = [w.lower() for w in words[max(0, at - 2) : at]]
    article = bool(before) and before[-1] in ("a", "an")
    if article:
        before.pop()
    return bool(before) and (before[-1] in _LIKE or (article and before[-1] == "as"))


def _owner_before(
    text: str, words: list[re.Match[str]], first: int, *, pronouns: bool = True
) -> bool:
    """ "Tom's (30th) birthday", "her job" (unless not `pronouns`), «мамин
    день рождения»."""
    if first > 0 and _KEPT_BY_OTHERS.fullmatch(words[first - 1][0]):
        return first < 2 or not _mine(words[first - 2][0].lower())
    for back in (1, 2):
        at = first - back
        if at < 0:
            return False
        word = words[at][0]
        lower = word.lower()
        if _mine(lower):
            return False
        if lower in _SOMEONES:
            return pronouns
        if lower == "s" and at > 0:
            owner = words[at - 1]
            if text[owner.end() : words[at].start()] in ("'", "’"):
                return not _no_owner(words, at - 1)
        if _RU_POSSESSIVE_ADJECTIVE.fullmatch(lower) and (
            word[:1].isupper() or _relative_stem(lower[: lower.rindex("и")])
        ):
            return True
    return False


def _mine(word: str) -> bool:
    """ "my", "our", «мой», «нашего», «меня» (lower case): the user's own."""
    return word in ("my", "our", "меня") or word.startswith(("мо", "наш"))


def _no_owner(words: list[re.Match[str]], at: int) -> bool:
    """The word at `at`, before "'s", owns nothing: "it's", "today's", the
    user (a fact's "the user's sister"), or
    who provides the service ("the dentist's", "Dr. Beridze's")."""
    owner = words[at][0].lower()
    titled = at > 0 and words[at - 1][0].lower() in _PROVIDERS
    yours = owner == "user"
    return owner in _NOT_OWNERS or owner in _PROVIDERS or titled or yours


def _owner_after(
    text: str, words: list[re.Match[str]], last: int, *, named: bool = True
) -> bool:
    """ "the birthday of my friend", «день рождения друга / Гоги / у Гоги»."""
    at = last + 1
    if at < len(words) and words[at][0].lower() in ("у", "к", "of"):
        preposition = words[at][0].lower()
        at += 1
        if at < len(words) and preposition == "of":
            word = words[at][0]
            return word.lower() in _OF_SOMEONE or _name_at(text, words, at)
    if at >= len(words) or words[at][0].lower() == "меня":
        return False
    word = words[at][0]
    lower = word.lower()
    if _mine(lower) and _ends_phrase(text, words, at):
        return False  # «Мужа моего, Виктора…»: "my husband", said inverted
    if lower in _OWNER_AFTER or lower in _PLURAL_PEOPLE:
        return True
    base = relation_base_forms([lower])[0]
    return (base != lower and base in RELATIONS) or (
        named and _name_at(text, words, at)
    )


def _ends_phrase(text: str, words: list[re.Match[str]], at: int) -> bool:
    """The word at `at` ends its phrase (a comma, a sentence's end, the
    text's end follows): a possessive there is the noun's own, said after
    it, not the owner of a noun that follows («день рождения моего друга»)."""
    after = text[words[at].end() :].lstrip()
    return not after or after[0] in ",.;:!?—–)"


def _name_at(text: str, words: list[re.Match[str]], at: int) -> bool:
    """A capitalised word inside the sentence: a name."""
    gap = text[words[at - 1].end() : words[at].start()]
    return words[at][0][:1].isupper() and not any(c in gap for c in '.!?:;«"')


def _relative_stem(head: str) -> bool:
    """«мам», «бабушк»: the head of a Russian possessive adjective is a
    relative's word («мамин», «бабушкин»)."""
    return len(head) >= 3 and any(
        r.startswith(head) for r in RELATIONS if not r.isascii()
    )
