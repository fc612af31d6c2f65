"""A relation stated by a pronoun after the clause that names the person.

«Мише четырнадцать, он мой сын от первого брака», "Misha is fourteen; he's
my son": the relation is said of "он" / "he", not next to the name, so the
name's own neighbours (writepath/relations.py) miss it. The pronoun stands
for the person named before it, read conservatively: the only name before it
in its sentence, or (when its sentence names nobody before it) the only name
of the sentence just before. Two candidates, and nobody is filed.

A sentence of a qualified relation alone is said of the one person of the
sentence before it the same way: «Сегодня восемь лет как нет Толи. Первый
муж, отец Веры.», "Eight years since Tolya died. My first husband." (Russian
leaves "мой" out; the qualifier is an adjective, «Вчера муж,» is no "вчера"
husband; a bare «Муж,» may be said to the husband, and is left alone).

A parent's word for their child said to the one person of the turn («он
спросил, можно ли взять гуппи. сказал нет, сынок», «Спасибо, сынок, очень
тонко»): whoever the user calls «сынок» / «доча» is their son / daughter.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.relations import RELATIONS, relation_of
from ..search.morphology import relation_base_forms
from .mention import Mention

# "he's my son", "she is our neighbour", «он мой сын», «она — моя сестра»:
# the pronoun, a copula English needs, the owner word, one word that may
# qualify the relation, and the relation word.
_PRONOUN_RELATION = re.compile(
    r"(?<!\w)(?:he|she|он|она)(?:['’]s|\s+is|\s+was)?\s+(?:[—–-]\s+)?"
    r"(my|our|мой|моя|наш|наша)\s+(\w+)(?:\s+(\w+))?",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"[.!?…]+\s+")
# "My first husband." / «Первый муж, отец Веры.»: a relation and its
# qualifier open the sentence, and a comma, a dash or its end follows.
_RELATION_ALONE = re.compile(
    r"(?:(my|our|мой|моя|наш|наша)\s+)?(\w+)\s+(\w+)\s*(?:[,.;—–]|$)",
    re.IGNORECASE,
)
_RUSSIAN_ADJECTIVE = re.compile(r"[а-яё]+(?:ый|ий|ой|ая|яя)")


# «нет, сынок», «Спасибо, сынок, очень тонко»: a child's kin word after a
# comma or a dash, closing its clause: the user speaks to their child.
_CALLED_KIN = re.compile(
    r"([,—–]\s*)(сынок|сынуля|сыночек|сынишка|доча|дочка|дочуля|доченька|дочурка)"
    r"(?=\s*(?:[,.!?…)]|$))",
    re.IGNORECASE,
)
_KIN_CALLED = {"сын": "сын", "доч": "дочь"}


def _relation_at(match: re.Match[str]) -> str:
    """The relation the clause states: "my son" → son; "my older brother"
    → brother (relation_of keeps a qualified one apart)."""
    owner = match[1].casefold()
    first = relation_base_forms([match[2].casefold()])[0]
    bare = relation_of(owner, "", first)
    if bare or not match[3]:
        return bare
    second = relation_base_forms([match[3].casefold()])[0]
    return relation_of(owner, first, second)


def _sentence_starts(text: str) -> list[int]:
    return [0, *(m.end() for m in _SENTENCE_END.finditer(text))]


def _one_person(names: Sequence[tuple[int, str, bool]]) -> str:
    """The one person among the names of a span: the one known as a person
    if any is ("Lunch with Anna": Anna), else the only name («Мише
    четырнадцать»: an opening word may be a name); "" for none or two."""
    people = {name for _, name, person in names if person}
    found = people or {name for _, name, _ in names}
    return next(iter(found)) if len(found) == 1 else ""


def _relation_alone(text: str, start: int) -> str:
    """The qualified relation a sentence opening at `start` says alone."""
    match = _RELATION_ALONE.match(text, start)
    if match is None:
        return ""
    owner, qualifier, word = match[1], match[2].casefold(), match[3].casefold()
    russian = bool(_RUSSIAN_ADJECTIVE.fullmatch(qualifier))
    if not owner and not russian:
        return ""
    found = relation_of(owner or "мой", qualifier, relation_base_forms([word])[0])
    return found if " " in found else ""


def _previous_person(
    names: Sequence[tuple[int, str, bool]], starts: Sequence[int], own: int
) -> str:
    """The one person of the sentence before the one opening at `own`."""
    if own == 0:
        return ""
    previous = max(s for s in starts if s < own)
    return _one_person([n for n in names if previous <= n[0] < own])


def pronoun_relations(
    text: str, names: Sequence[tuple[int, str, bool]]
) -> dict[str, str]:
    """The relation each name (start, name, known as a person) is given by a
    pronoun after it: {name: relation}, for the pronoun's one candidate only."""
    starts = _sentence_starts(text)
    out: dict[str, str] = {}
    for match in _PRONOUN_RELATION.finditer(text):
        relation = _relation_at(match)
        if not relation:
            continue
        at = match.start()
        own = max(s for s in starts if s <= at)
        candidates = [n for n in names if own <= n[0] < at]
        if not candidates and own > 0:
            previous = max(s for s in starts if s < own)
            candidates = [n for n in names if previous <= n[0] < own]
        person = _one_person(candidates)
        if person:
            out.setdefault(person, relation)
    for person, relation in _called_by_kin(text, names):
        out.setdefault(person, relation)
    for own in starts:
        relation = _relation_alone(text, own)
        person = _previous_person(names, starts, own) if relation else ""
        if person:
            out.setdefault(person, relation)
    return out


def _called_by_kin(
    text: str, names: Sequence[tuple[int, str, bool]]
) -> list[tuple[str, str]]:
    """(person, relation) for each child's kin word the user says to the one
    person named before it; not «Катя, дочка, звонила» (the word right after
    a name is said of it, writepath/relations.py) nor a quoted speaker's."""
    out = []
    for match in _CALLED_KIN.finditer(text):
        comma = match.start()
        after_name = any(at + len(name) == comma for at, name, _ in names)
        if after_name or _quoted(text[:comma]):
            continue
        person = _one_person([n for n in names if n[0] < comma])
        if person:
            out.append((person, _KIN_CALLED[match[2][:3].casefold()]))
    return out


def _quoted(before: str) -> bool:
    """A quote opened before and not closed: someone else speaks."""
    return before.count("«") > before.count("»") or before.count('"') % 2 == 1


def with_pronoun_relations(
    text: str, spans: list[tuple[tuple[int, int], Mention]]
) -> list[tuple[tuple[int, int], Mention]]:
    """«Мише четырнадцать, он мой сын»: the person a pronoun's relation is
    said of (pronoun_relations above) takes it, and is a person."""
    names = [
        (span[0], m.name, m.type == "person")
        for span, m in spans
        if m.kind == "name" and m.type != "place"
    ]
    said = pronoun_relations(text, names) if names else {}
    return [
        (span, _related(m, said[m.name]))
        if m.name in said
        and not m.relation
        and m.kind == "name"
        and not _called_by_relation(m.name)
        else (span, m)
        for span, m in spans
    ]


def _called_by_relation(name: str) -> bool:
    """ "Mum", «папу»: one the user names by a relation word is that relative;
    the next sentence's praise («забрала папу. золотая сестра» praises the
    sister who took him) is no second relation of theirs. They still count
    as a candidate, so a sentence naming them and another files nobody."""
    return relation_base_forms([name.casefold()])[0] in RELATIONS


def _related(mention: Mention, relation: str) -> Mention:
    return Mention(mention.name, "person", "name", relation=relation)
