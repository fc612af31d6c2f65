"""A name explained in parentheses is the same person: "Misha (well, Mikhail
on paper)", "Tom from the data team (Tomasz, but everyone calls him Tom)",
"Женя (по паспорту Евгений)", «Ксюша (Ксения, для канадцев "Ksyu")».

A short form that is no prefix nor a listed diminutive of the full name
(nicknames.py) is joined only when the user says so. The evidence: a
parenthesis right after a name, or holding two names, that says how someone
is called, the naming words next to the name ("Mikhail on paper", "real
name", "calls him Tom", "по паспорту", "зовут"), or quotes around a name
in an aside that names no one else, or a person's name with only a name
in brackets after it («Тимур (Тимыч)»). Without them an aside is
about someone else ("Tom (Anya's colleague)"). The name said outside the
aside, or the one the aside says is used ("calls him Tom"), stays the
entity's name; the other becomes its alias. An alias a user split out
(toolkit/entity_edits.py) is never joined again. The rule reads each turn as
it is filed: a memory filed before it keeps the two apart until merged
(`entity merge`).
"""

from __future__ import annotations

import re
from collections.abc import MutableMapping

from ..core.name_forms import same_name
from ..core.records import Entity, name_key
from ..core.scope import write_scope
from ..core.text import LOWER_LETTERS, UPPER_LETTERS
from ..search.cross_script import sound_key
from ..search.morphology import is_russian
from ..store.interface import Store
from ..toolkit.entity_edits import edit_guards
from .names import COMMON_CAPITALISED
from .nicknames import shortens

_CAPITAL = (
    rf"[{UPPER_LETTERS}][{LOWER_LETTERS}]+(?:[-'’][{UPPER_LETTERS}{LOWER_LETTERS}]+)*"
)
# A name and the parenthesis right after it (or an aside anywhere).
_ASIDE = re.compile(rf"(?:({_CAPITAL})\s*)?\(([^()]{{1,100}})\)")
_NAME = re.compile(rf"(?<![\w'’-])({_CAPITAL})(?![\w'’-])")
# Words that say how a person is called, right before the name ("calls him
# Tom", "по паспорту Евгений") or right after it ("Mikhail on paper"); an
# aside without one names somebody else ("Tom (Anya's colleague)", "Mark
# (call him after 5, Lena has the number)").
_CUE_BEFORE = (
    r"real name|full name|birth name|proper name|officially|legally|formally|"
    r"a\.?k\.?a\.?|short for|known as|goes by|nicknamed|"
    r"call(?:s|ed)? (?:him|her|them|me)|по паспорту|полное имя|настоящее имя|"
    r"официально|зов(?:ут|ём|ем)(?: (?:его|её|ее|их))?|зов[её]т (?:его|её|ее|их)|"
    r"называ\w+ (?:его|её|ее|их)|он же|она же"
)
# "Graham calls her Kit", «Грэм зовёт её Кит»: the word before the verb is
# who calls, never the person called; "he calls her Kit" may be the name
# just before the parenthesis calling someone else.
_CALLER = re.compile(
    r"(\w+)\s+(?:calls|called|зов[её]т|называ(?:ет|л|ла))\s+"
    r"(?:him|her|them|его|её|ее|их)\b"
)
_PRONOUNS = frozenset("he she they он она они".split())
_SENTENCE_END = re.compile(r"[.!?…]\s")
# "Tomek to everyone", «Томек для всех»: what everyone calls the person
_CUE_AFTER = (
    r"on paper|officially|in full|for short|legally|по паспорту|официально|"
    r"to (?:everyone|everybody|friends|family|the family|us all)|"
    r"для (?:всех|друзей|своих|семьи)"
)
_CUED = re.compile(
    rf"(?:\b(?:{_CUE_BEFORE})[\s:,—–-]+({_CAPITAL}))|(?:({_CAPITAL}),?\s+(?:{_CUE_AFTER})\b)",
    re.IGNORECASE,
)

# A name in quotes is said as what one is called: «Ксюша (Ксения, для
# канадцев просто "Ksyu")», "Yulia (Юлька, "Jules" at work)".
_QUOTED = re.compile(rf"[\"“«„]({_CAPITAL})[\"”»“]")


def _names(text: str) -> list[str]:
    found = [n for n in _NAME.findall(text) if n.casefold() not in COMMON_CAPITALISED]
    return list({name_key(n): n for n in found}.values())


def _callers(aside: str) -> set[str]:
    """Who the aside says calls someone so, folded: a name ("Graham calls her
    Kit") or a pronoun ("he calls her Kit")."""
    return {
        name_key(n)
        for n in _CALLER.findall(aside)
        if n.casefold() in _PRONOUNS
        or (n[0].isupper() and n.casefold() not in COMMON_CAPITALISED)
    }


def _cued(aside: str) -> dict[str, str]:
    """The names the aside says someone is called, by key."""
    return {
        name_key(n): n
        for found in _CUED.findall(aside)
        for n in found
        if n and n[0].isupper() and n.casefold() not in COMMON_CAPITALISED
    }


def named_asides(text: str) -> list[tuple[str, str]]:
    """(name kept, alias) for each parenthesis of `text` that says what a
    person is called: "Misha (well, Mikhail on paper)" -> ("Misha", "Mikhail")."""
    pairs: list[tuple[str, str]] = []
    for match in _ASIDE.finditer(text):
        outer, aside = match.group(1), match.group(2)
        cued = _cued(aside)
        if outer and outer.casefold() in COMMON_CAPITALISED:
            outer = None
        said = name_key(outer) if outer else ""
        callers = _callers(aside)
        if outer and callers & _PRONOUNS:
            continue  # "Graham (he calls her Kit)": who is called is unsure
        skipped = (*cued, said, *callers)
        others = [n for n in _names(aside) if name_key(n) not in skipped]
        new = [n for k, n in cued.items() if k != said]
        if outer and len(new) == 1:  # "Misha (Mikhail on paper)"
            pairs.append((outer, new[0]))
        elif outer and said in cued and len(others) == 1:  # "Tom (Tomasz, ... Tom)"
            pairs.append((outer, others[0]))
        elif not outer and len(cued) == 1 and len(others) == 1:
            pairs.append((next(iter(cued.values())), others[0]))
    return pairs


def quoted_asides(text: str) -> list[tuple[str, str]]:
    """(name kept, alias) for each parenthesis after a name that quotes one
    name and names no one else but the same person: «Ксюша (Ксения, для
    канадцев просто "Ksyu")» -> ("Ксюша", "Ksyu"). "Dune (the "Director"
    cut)" is no person's: `join_asides` joins only a person's."""
    pairs: list[tuple[str, str]] = []
    for match in _ASIDE.finditer(text):
        outer, aside = match.group(1), match.group(2)
        if not outer or outer.casefold() in COMMON_CAPITALISED:
            continue
        quoted = [
            n for n in _QUOTED.findall(aside) if n.casefold() not in COMMON_CAPITALISED
        ]
        others = [n for n in _names(aside) if n not in quoted]
        if len(quoted) == 1 and all(_one_name(outer, n) for n in others):
            pairs.append((outer, quoted[0]))
    return pairs


# An aside that is only a name or two: «Тимур (Тимыч)», "Alexandra (Sasha)".
_NAMEABLE = frozenset({"person", "concept"})
_BARE = re.compile(rf"\s*({_CAPITAL}(?:\s+{_CAPITAL})?)\s*")


def bare_asides(text: str) -> list[tuple[str, str]]:
    """(name kept, alias) for each parenthesis right after a name that holds
    only another name: «Тимур (Тимыч)» -> ("Тимур", "Тимыч"). A place's or a
    film's aside says where or which ("Lisbon (Portugal)", "Dune (2021)"):
    `join_asides` joins only a person's, to no place's or thing's name."""
    pairs: list[tuple[str, str]] = []
    for match in _ASIDE.finditer(text):
        outer, aside = match.group(1), match.group(2)
        bare = _BARE.fullmatch(aside)
        if not outer or not bare or outer.casefold() in COMMON_CAPITALISED:
            continue
        alias = bare.group(1)
        if name_key(alias) != name_key(outer) and not any(
            word.casefold() in COMMON_CAPITALISED for word in alias.split()
        ):
            pairs.append((outer, alias))
    return pairs


def introduced_asides(text: str) -> list[tuple[str, str]]:
    """(name kept, alias) for each parenthesis right after a name that opens
    on another name and goes on to say who the person is, as one introduces
    someone by the name they go by, then the full name, role and age:
    «Даник (Данияр, муж, 46)» -> ("Даник", "Данияр"), "Dani (Daniyar, 46)".
    A second name next is a list of people ("Anna (Tom, Lisa)"); a first
    item that is a nationality or a town ("Leyla (Turkish-German, 31)"):
    `join_asides` joins only a name known as a person's or a form of it."""
    pairs: list[tuple[str, str]] = []
    for match in _ASIDE.finditer(text):
        outer, aside = match.group(1), match.group(2)
        items = aside.split(",")
        if not outer or len(items) < 2 or outer.casefold() in COMMON_CAPITALISED:
            continue
        first = _BARE.fullmatch(items[0])
        if first and not _NAME.match(items[1].strip()):
            alias = first.group(1)
            if name_key(alias) != name_key(outer) and alias.casefold() not in (
                COMMON_CAPITALISED
            ):
                pairs.append((outer, alias))
    return pairs


# "Rinat Cohen (Ринат)": a full name, then its first word in the other script
_FULL_ASIDE = re.compile(
    rf"({_CAPITAL}(?:\s+{_CAPITAL}){{1,2}})\s*\(\s*({_CAPITAL})\s*\)"
)


def spelled_asides(text: str) -> list[tuple[str, str]]:
    """(full name, alias) for each full name whose first word the parenthesis
    after it spells in the other script: "Rinat Cohen (Ринат)" -> ("Rinat
    Cohen", "Ринат"). A bilingual user writes a name so for the turns of the
    other language; whatever the name is, the two are one."""
    pairs: list[tuple[str, str]] = []
    for match in _FULL_ASIDE.finditer(text):
        words, alias = match.group(1).split(), match.group(2)
        # "Пришла Марина Гольд (Marina)": the name is the words from the one
        # the aside spells
        for start in range(len(words) - 1):
            first = words[start]
            if is_russian(first) != is_russian(alias) and sound_key(first) == sound_key(
                alias
            ):
                pairs.append((" ".join(words[start:]), alias))
                break
    return pairs


def _one_name(one: str, other: str) -> bool:
    """ "Ксюша" and "Ксения", "Yulia" and "Юлька": forms of one name."""
    one, other = one.casefold(), other.casefold()
    return same_name(one, other) or shortens(one, other) or shortens(other, one)


def called_asides(text: str) -> list[tuple[list[str], str]]:
    """(names before, alias) for each parenthesis that names no one but what
    someone is called and who calls them so: "My daughter Ekaterina, Katya to
    all of us (Graham calls her Kit)" -> (["Ekaterina", "Katya"], "Kit"). The
    pronoun stands for the person the sentence is about, so the alias is
    theirs only when the names before it in the sentence are all one person
    (`join_asides` checks); the caller is never called so."""
    found: list[tuple[list[str], str]] = []
    for match in _ASIDE.finditer(text):
        outer, aside = match.group(1), match.group(2)
        if outer and outer.casefold() not in COMMON_CAPITALISED:
            continue  # "Katya (Graham calls her Kit)": named_asides
        cued, callers = _cued(aside), _callers(aside)
        skipped = (*cued, *callers)
        if len(cued) != 1 or [n for n in _names(aside) if name_key(n) not in skipped]:
            continue
        before = _SENTENCE_END.split(text[: match.start(2)])[-1]
        names = [n for n in _names(before) if name_key(n) not in (*skipped,)]
        if names:
            found.append((names, next(iter(cued.values()))))
    return found


async def join_asides(
    storage: Store, text: str, entity_of: MutableMapping[str, Entity]
) -> None:
    """Join the aliases `text` explains to their names' entities; `entity_of`
    (entity by name key, as the linker resolved them) is kept current."""
    pairs = named_asides(text)
    quoted = quoted_asides(text)
    called = called_asides(text)
    bare = bare_asides(text)
    spelled = spelled_asides(text)
    introduced = introduced_asides(text)
    if not (pairs or quoted or called or bare or spelled or introduced):
        return
    _, split = await edit_guards(storage, write_scope())
    for name, alias in spelled:
        keep = await _entity(storage, name, entity_of)
        # the first name in its own script too: "Rinat" as well as «Ринат»
        for short in (alias, name.split()[0]):
            if keep is not None and name_key(short) not in split:
                await _join(storage, keep, short, entity_of)
                keep = await _entity(storage, name, entity_of)
    for name, alias in bare:
        keep = await _entity(storage, name, entity_of)
        other = await _entity(storage, alias, entity_of)
        if keep is None or keep.type != "person" or name_key(alias) in split:
            continue
        # a name known as a place or a thing names where or which
        if other is None or other.type in _NAMEABLE or _one_name(name, alias):
            await _join(storage, keep, alias, entity_of)
    for name, alias in introduced:
        if name_key(alias) not in split and name_key(name) not in split:
            await _join_introduced(storage, name, alias, entity_of)
    for name, alias in [*pairs, *quoted]:
        keep = await _entity(storage, name, entity_of)
        if keep is None or name_key(alias) in split:
            continue
        if (name, alias) in pairs or keep.type == "person":
            await _join(storage, keep, alias, entity_of)
    for names, alias in called:
        found = [await _entity(storage, name, entity_of) for name in names]
        people = {e.id: e for e in found if e is not None}
        # the pronoun's person is sure only when every name before it is theirs
        if len(people) != 1 or name_key(alias) in split:
            continue
        keep = next(iter(people.values()))
        if keep.type == "person":
            await _join(storage, keep, alias, entity_of)


async def _join_introduced(
    storage: Store, name: str, alias: str, entity_of: MutableMapping[str, Entity]
) -> None:
    """«Даник (Данияр, муж)»: the two are one person when the name in brackets
    is known as a person's (the role after it often makes only it one) or is
    a form of the name said; a nationality or a town opening the brackets
    ("Leyla (Turkish-German, 31)") is no one's name."""
    said = await _entity(storage, name, entity_of)
    full = await _entity(storage, alias, entity_of)
    if " " in alias:  # a full name: only its spelling in the other script
        if said is not None and said.type in _NAMEABLE and _spelled_over(name, alias):
            await _join(storage, said, alias, entity_of)
    elif said is not None and said.type == "person" and _is_person(full):
        await _join(storage, said, alias, entity_of)  # the name said stays
    elif full is not None and full.type == "person":
        if said is None or said.type in _NAMEABLE:
            await _join(storage, full, name, entity_of)
    elif said is not None and said.type == "person" and _one_name(name, alias):
        await _join(storage, said, alias, entity_of)
    elif said is not None and said.type in _NAMEABLE and _spelled_over(name, alias):
        # one name in both scripts is the same one, whatever it names yet
        await _join(storage, said, alias, entity_of)


def _is_person(entity: Entity | None) -> bool:
    return entity is not None and entity.type == "person"


def _spelled_over(name: str, alias: str) -> bool:
    """«Хоффман (Frau Hoffmann, …)»: the aside spells the name in the other
    script, for the turns of that language, with the title it goes by."""
    last = alias.split()[-1]
    return is_russian(name) != is_russian(last) and sound_key(name) == sound_key(last)


async def _entity(
    storage: Store, name: str, entity_of: MutableMapping[str, Entity]
) -> Entity | None:
    return entity_of.get(name_key(name)) or await storage.entities.find_entity(name)


async def _join(
    storage: Store, keep: Entity, alias: str, entity_of: MutableMapping[str, Entity]
) -> None:
    """`alias` becomes `keep`'s: an alias, or its entity merged in."""
    other = await _entity(storage, alias, entity_of)
    if other is None:
        await storage.entities.add_alias(keep.id, alias)
    elif other.id != keep.id:
        await storage.entities.merge_entities(keep.id, other.id)
    else:
        return
    joined = await storage.entities.get_entity(keep.id) or keep
    for key, entity in list(entity_of.items()):
        if entity.id in (keep.id, getattr(other, "id", None)):
            entity_of[key] = joined
