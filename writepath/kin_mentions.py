"""The user's mother or father said in a Russian case, not as a name:
«Перевезли маму в Ригу», «у мамы в пансионате», «на мамин юбилей».

A user writes «Мама» as a name in one turn and «маму», «у мамы», «мамин» in
the next; only the name was linked to her, so a question about her
(«Где сейчас мама живёт?») missed every turn that said her in an oblique
case. English needs no such rule: "Mum" does not inflect, and a lower-case
"my mom" is, in a group chat, each speaker's own (measured: linking it cost
a LoCoMo question). Each such word is a mention named by its kin word ("Mum", «Мама»),
which the linker files as the user's relative of that relation
(writepath/kin_names.py joins it with her named entity).

Someone else's mother is not the user's: «его мама», «твою маму», «Мартин
папа», «мама Томека», «мамина мама» (a grandmother). A plural or genitive
«мамы» / «папы» is the user's only after a preposition («у мамы», «для
папы»): «все мамы в классе» is not.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .mention import Mention

# «мам-» / «пап-» in a case or as a possessive adjective; the capitalised
# nominatives («Мама») are names, which writepath/mentions.py finds already.
_RUSSIAN = re.compile(
    r"(?<![\w-])(?:(мам|пап)(?:а|у|е|ой|ою|ы|очк[аеиуой]\w*|ин|ина|ину|ино|ины"
    r"|иной|иного|иному|иным|иных|ином))(?![\w-])",
    re.IGNORECASE,
)
_KIN_NAME = {"мам": "Мама", "пап": "Папа"}
# the words before a kin word that make it someone else's
_OTHERS = frozenset(
    """его её ее их твоя твою твоей твоего твоему твой твоим твоя ваша вашу
    вашей вашего ваш свою своей своя свой своего своему своим чья чью чей
    чьей чьего""".split()
)
# prepositions after which «мамы» / «папы» is one person in the genitive
_GENITIVE_AFTER = frozenset(
    "у от для до без около возле после из-за насчёт насчет".split()
)
# «мамина мама», «папин папа»: a grandparent
_KIN_ADJECTIVES = ("мамин", "папин")
_POSSESSIVE_ENDS = tuple("ин ина ину ино ины ов ова ову ев ева еву".split())
_KIN_NOUN = re.compile(r"\s+(?:мам|пап|бабушк|дедушк|сестр|брат|тёт|тет|дяд)", re.I)
_WORD_BEFORE = re.compile(r"([\w-]+)\W*$")
_WORD_AFTER = re.compile(r"^\s*([\w-]+)")


def kin_mentions(text: str) -> Iterator[tuple[int, int, Mention]]:
    """(start, end, mention) of each word in `text` naming the user's own
    mother or father."""
    for match in _RUSSIAN.finditer(text):
        word = match.group(0)
        if word[:1].isupper() and word.lower() in ("мама", "папа"):
            continue  # a name: writepath/mentions.py's
        plural = word.lower()[3:] == "ы"
        if word.lower()[3:5] == "ин" and _KIN_NOUN.match(text, match.end()):
            continue  # «мамина сестра»: her relative, not her
        if text[: match.start()].rstrip().endswith(("«", '"', "“")):
            continue  # «мама, в Ахузе продаётся...»: the user's child calling her
        if _the_users(text, match, plural):
            yield (*match.span(), _mention(_KIN_NAME[match.group(1).lower()]))


def _mention(name: str) -> Mention:
    # filed as a sentence's opening name is: only when the user already has
    # that relative (a «Мама» said as a name, a person filed as her), since
    # a grandmother's «мама» is often her daughter and «звонит маме» herself
    return Mention(name, "person", "name", sentence_start=True)


def _the_users(text: str, match: re.Match[str], plural: bool) -> bool:
    """Whether the kin word `match` found is the user's own relative."""
    before = _WORD_BEFORE.search(text[: match.start()])
    previous = before.group(1) if before else ""
    lower = previous.lower()
    if plural and lower not in _GENITIVE_AFTER:
        return False
    if lower in _OTHERS or lower[:5] in _KIN_ADJECTIVES:
        return False
    if before is not None and previous[:1].isupper() and _a_name(text, before.start(1)):
        return False  # «Мартин папа», «Тони мама»
    after = _WORD_AFTER.match(text[match.end() :])
    # «мама Томека»: the name that follows owns it
    return not (after and after.group(1)[:1].isupper())


def _a_name(text: str, index: int) -> bool:
    """Whether the capitalised word at `index` is a name owning the kin word
    after it: anywhere but a sentence's start, where it is a name only in a
    Russian possessive form («Мартин папа», not «Перевезли маму»)."""
    head = text[:index].rstrip()
    if head and head[-1] not in '.!?:;«"“(—–-':
        return True
    word = _WORD_AFTER.match(text[index:])
    return word is not None and word.group(1).lower().endswith(_POSSESSIVE_ENDS)
