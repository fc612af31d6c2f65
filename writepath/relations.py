"""Relations to the user read from raw turns, and filed on the person.

"my wife Lena", "My new boss Ingrid", "Ingrid, my new boss", "Sam is my oldest
friend", "Витя — мой друг детства" say who someone is to the user. The
relation is kept on the entity (attributes.relation) and filed as aliases
("my wife", "wife"; "my climbing partner"), so a question naming the relation
finds the person.

Aliases are unique in a scope, and the newer statement wins: when Ingrid
becomes "my boss", Mark stops being it and keeps "former boss" as his
relation ("моя начальница Ингрид" does the same to "мой начальник Марк").
A relation with a qualifier ("my climbing partner", "my former boss") is a
relation of its own: it never takes the bare word.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from ..core.records import Entity, name_key
from ..core.relations import (
    ONE_AT_A_TIME,
    PET_KINDS,
    RELATION_OWNERS,
    RELATIONS,
    UNIQUE_RELATIONS,
    relation_aliases,
    relation_of,
    same_qualified,
    same_relation,
)
from ..search.morphology import relation_base_forms
from ..search.spellings import other_script_spellings
from ..store.interface import Store
from .apposed_roles import relation_apposed, relation_past_place
from .beside_home import neighbour_after
from .birth_order import BIRTH_ORDER
from .boss_titles import PASTIMES

# What joins a name to the relation that follows it: "Ingrid, my new boss",
# "Sam is my oldest friend", "Витя — мой друг детства".
_APPOSITION = frozenset(", — – - is это".split())


def _clean(words: Sequence[str]) -> list[str]:
    return [w.strip(",.!?;:()").casefold() or w for w in words]


def relation_before(before_words: Sequence[str], possessive: bool = False) -> str:
    """The relation when the name follows "my wife" / "моя жена" / "my new
    boss" (one word may stand between; a comma is allowed), in any case
    ("моей дочке Соне"), or opens the sentence alone ("Тёща, Галина
    Петровна, приезжает": Russian leaves "моя" out of a relation one has once).
    A `possessive` name past a comma owns what follows, it is not the
    relation: "with my partner, Malcolm's route was too muddy"."""
    if _described_after_a_colon(before_words):
        return ""
    if possessive and before_words and before_words[-1].endswith(","):
        return ""
    if before_words and before_words[-1].endswith("("):
        return _relation_before_aside(before_words)
    words = relation_base_forms(_clean(before_words[-3:]))
    if len(words) >= 2 and words[-2] in RELATION_OWNERS:
        return relation_of(words[-2], "", words[-1])
    if len(words) >= 2 and _owner_after(words[-2], words[-1]):
        return relation_of(words[-1], "", words[-2])  # «(жена моя, Галина»
    if _opens_on_relation(before_words) or _opens_on_pet_kind(words):
        return words[-1]
    qualified = ""
    if len(words) == 3 and before_words[-2].isalpha():
        qualified = relation_of(words[0], words[1], words[2])
    return qualified or relation_past_place(before_words)  # «Сосед снизу Петя»


def _relation_before_aside(before_words: Sequence[str]) -> str:
    """ "my brother (Kirill)", «мой брат (Кирилл, 22)»: a name opening the
    brackets right after an owned relation word is that relative's. A parent
    said alone ("papa (Oleg)") is left to the kin entity the turn files:
    naming the father would make that one a "former" father."""
    words = [*before_words[:-1], before_words[-1].rstrip("(")]
    words = relation_base_forms(_clean([w for w in words if w][-2:]))
    if len(words) == 2 and words[0] in RELATION_OWNERS:
        return relation_of(words[0], "", words[1])
    return ""


def _described_after_a_colon(before_words: Sequence[str]) -> bool:
    """ "Siobhan Kelly would be my boss: Irish, ex-Spotify": a colon after the
    relation word opens what is said of a holder the sentence has named
    already (a capitalised word past its first), not their name ("Met my new
    boss: Karen" names her)."""
    if not before_words or not before_words[-1].endswith(":"):
        return False
    opened = max(
        (i + 1 for i, w in enumerate(before_words) if w.endswith((".", "!", "?"))),
        default=0,
    )
    return any(w[:1].isupper() for w in before_words[opened + 1 : -1])


def _owner_after(word: str, owner: str) -> bool:
    """«жена моя», «друг мой»: Russian may put the owner after the relation."""
    return owner in RELATION_OWNERS and not owner.isascii() and word in RELATIONS


def _opens_on_relation(before_words: Sequence[str]) -> bool:
    """ "Тёща, <name>" at a text's start: the Russian relation one has once."""
    if len(before_words) != 1 or not before_words[0].endswith(","):
        return False
    word = _clean(before_words)[0]
    return word in UNIQUE_RELATIONS and not word.isascii()


def _opens_on_pet_kind(words: Sequence[str]) -> bool:
    """ "кот Кефир опять спит…" at a text's start: the user's pet, named by
    its kind alone, as Russian leaves "мой" out of what is one's own."""
    return len(words) == 1 and words[0] in PET_KINDS


# The copula that makes the name the subject's complement: "My new manager
# at Pebble is Jonas", "Мой начальник теперь — Йонас".
_COPULA = frozenset("is was это — –".split())
_SUBJECT_SPAN = 7  # words back to the subject's owner word ("my", "мой")
_PLACED_SPAN = 10  # "the new manager at our old Hadar branch is"
_NEWNESS = frozenset("new current".split())
_PLACE_PREPOSITIONS = frozenset("at of in".split())
# roles a place has one of, held over whoever works or lives there
_PLACE_ROLES = frozenset("boss manager supervisor landlord landlady".split())


def relation_by_subject(before_words: Sequence[str]) -> str:
    """The relation when the name completes a sentence whose subject is one:
    "My new manager at Pebble is Jonas" (the relation may be qualified and
    followed by where: "my manager at Pebble"), or "the new manager at our
    branch is Rinat": the place being the user's makes its holder theirs."""
    if not before_words or _clean(before_words[-1:])[0] not in _COPULA:
        return ""
    owned = _owned_subject(before_words[-_SUBJECT_SPAN:-1])
    return owned or _held_at_own_place(before_words[-_PLACED_SPAN:-1])


def _subject_words(span: Sequence[str]) -> list[str]:
    """The span's words from the sentence's start: the subject opens it, no
    other sentence's words before it."""
    cut = max(
        (i + 1 for i, w in enumerate(span) if w.endswith((".", "!", "?"))), default=0
    )
    return relation_base_forms(_clean(span[cut:]))


def _held_at_own_place(span: Sequence[str]) -> str:
    """ "the new manager at our old branch is Rinat": a role of a place named
    as the user's own ("at our", "of my") is held over the user, though the
    subject says "the" (the holder is new, not yet "my")."""
    words = _subject_words(span)
    for at, word in enumerate(words[:-3]):
        if word != "the":
            continue
        relation = _relation_after_the(words[at + 1 : at + 3])
        rest = words[at + 2 : at + 5]
        if relation and _owned_place(rest):
            return relation
    return ""


def _relation_after_the(words: Sequence[str]) -> str:
    """ "manager" / "new manager": a bare relation word, one adjective allowed."""
    found = relation_of("my", "", words[0]) if words else ""
    if not found and len(words) == 2 and words[0] in _NEWNESS:
        found = relation_of("my", "", words[1])
    return found if found in _PLACE_ROLES else ""


def _owned_place(words: Sequence[str]) -> bool:
    return any(
        prep in _PLACE_PREPOSITIONS and owner in RELATION_OWNERS
        for prep, owner in itertools.pairwise(words)
    )


def _owned_subject(span: Sequence[str]) -> str:
    words = _subject_words(span)
    for at, owner in enumerate(words[:-1]):
        found = relation_of(owner, "", words[at + 1])
        if not found and at + 2 < len(words):
            found = relation_of(owner, words[at + 1], words[at + 2])
        if found and _leads_a_pastime(found, words[at + 2 : at + 3]):
            return ""
        if found:
            return found
    return ""


def _leads_a_pastime(relation: str, after: Sequence[str]) -> bool:
    """«руководительница хора»: the leader of a pastime, no boss."""
    return relation in same_relation("boss") and bool(after) and after[0] in PASTIMES


def relation_after(after_words: Sequence[str]) -> str:
    """The relation stated right after the name ("Priya is my climbing
    partner", "Ingrid, my new boss, ...")."""
    if beside := neighbour_after(after_words):  # "Stan from next plot"
        return beside
    words = _clean(after_words[:4])
    if len(words) < 3 or words[0] not in _APPOSITION:
        # "with Carmen as the boss"; "Lena (Лена, жена)"
        return relation_as(after_words) or relation_apposed(after_words)
    # "Nadia, the pharmacist", "Alma, my first grandchild": before the
    # qualified relation ("first grandchild") is read
    found = relation_apposed(after_words) or relation_of(words[1], "", words[2])
    if not found and len(words) == 4 and after_words[2].isalpha():
        found = relation_of(words[1], words[2], words[3])
    return found or _russian_apposed(after_words, words) or _child_by_order(words)


# "Zlata, our youngest, she's 5", «Марк — наш старший»: the order of birth
# said alone names one of the user's children (writepath/birth_order.py); an
# English one leaves the sex to a pronoun right after ("she's 5").
_PRONOUN_SAYS = {
    **dict.fromkeys("she she's shes her".split(), "daughter"),
    **dict.fromkeys("he he's hes his".split(), "son"),
}


def _child_by_order(words: Sequence[str]) -> str:
    """The child an owned order of birth apposed to the name says ("our
    youngest"), or "" (not "our eldest son": that names the son itself)."""
    if len(words) < 3 or words[0] not in _APPOSITION or words[1] not in RELATION_OWNERS:
        return ""
    child = BIRTH_ORDER.get(words[2], "")
    following = words[3] if len(words) > 3 else ""
    if not child or following in RELATIONS:
        return ""
    return _PRONOUN_SAYS.get(following, child) if child == "child" else child


_DASHES = frozenset("— – -".split())


def relation_after_verb(before_words: Sequence[str], after_words: Sequence[str]) -> str:
    """ "Kirill called — my younger brother, 22, …", «Кирюша писал — мой
    младший брат»: the sentence's subject, one verb, then a dash and an
    owned relation: the aside says who the subject is (a name inside the
    sentence may be an object: «Видела Машу — мою сестру» is left out)."""
    if before_words and not before_words[-1].endswith((".", "!", "?")):
        return ""
    words = _clean(after_words[:5])
    if len(words) < 4 or words[1] not in _DASHES or not after_words[0].isalpha():
        return ""
    if not after_words[0].islower():
        return ""
    found, end = relation_of(words[2], "", words[3]), 3
    if not found and len(words) == 5 and after_words[3].isalpha():
        found, end = relation_of(words[2], words[3], words[4]), 4
    # the aside closes on the relation ("Tom called — my boss wants it" says
    # what the boss wants, not who Tom is)
    closed = end + 1 == len(after_words) or after_words[end].endswith((",", "."))
    return found if closed or after_words[end + 1] in _DASHES else ""


# "first day with Carmen as the boss", "Tom as my new manager": the name
# takes a role held one at a time ("the boss" of the user's workplace is
# theirs; "as a friend" says no relation held once).
_AS_OWNERS = frozenset("the my our".split())


def relation_as(after_words: Sequence[str]) -> str:
    """The relation held one at a time the name takes "as the <relation>"
    ("Carmen as the boss", "Tom as our new manager")."""
    words = relation_base_forms(_clean(after_words[:4]))
    if len(words) < 3 or words[0] != "as" or words[1] not in _AS_OWNERS:
        return ""
    rest = words[2:]
    if rest[0] in _NEW and len(rest) > 1:
        rest = rest[1:]
    return rest[0] if rest[0] in ONE_AT_A_TIME else ""


def _russian_apposed(after_words: Sequence[str], words: Sequence[str]) -> str:
    """ "Инга, бывшая, позвонила", «Света — сестра — звонила»: a Russian
    relation word alone between commas or dashes (Russian leaves "моя" out,
    or says it after: «Галя, жена моя, сварила»);
    not «Маша, дочка соседей», whose relation goes on to its owner."""
    if words[0] not in {",", "—", "–"} or words[1].isascii():
        return ""
    relation = relation_base_forms([words[1]])[0]
    if _vocative(words[1], relation):
        return ""  # «Можно, мам, в русском магазине»: the mother is spoken to
    # «Галя, жена моя, сварила»: the owner may follow the relation word
    at = 2 if _owner_after(relation, words[2]) and len(words) > 3 else 1
    closed = after_words[at].endswith(",") or words[at + 1] in {"—", "–"}
    closed = closed or _from_a_place(after_words[at + 1 :])
    return relation if closed and relation in RELATIONS else ""


# «Наташа, сестра из Самары, звонила»: where the relative lives, said after
# the relation word, closes the aside as a comma does (a lower-case word
# after «из» is no place: «сестра из нашего двора» says no relation).
def _from_a_place(rest: Sequence[str]) -> bool:
    """The words after the relation are «из» and a place's name that ends
    the aside (a comma or the sentence's end after it)."""
    if len(rest) < 2 or rest[0] != "из":
        return False
    return rest[1][:1].isupper() and rest[1].endswith((",", ".", "!", ";"))


def _vocative(word: str, relation: str) -> bool:
    """«мам», «пап», «бабуль»: the spoken Russian vocative, the relation word
    without its last letter; it calls the person, and the word before it is
    no name of theirs."""
    return word != relation and relation[:-1] == word


# "my new boss Eleni": of a relation held one at a time, the older one is over
_NEW = frozenset("new новый новая новой новую нового новому новым".split())


def said_new(
    relation: str, before_words: Sequence[str], after_words: Sequence[str]
) -> bool:
    """ "my new boss Eleni", "Eleni, my new boss", «моя новая начальница
    Элени»: a relation held one at a time, said new right before its word
    beside the name (not "My boss Eleni has a new car")."""
    if relation not in ONE_AT_A_TIME:
        return False
    return any(
        first in _NEW and second in ONE_AT_A_TIME
        for words in (before_words[-3:], after_words[:4])
        for first, second in itertools.pairwise(relation_base_forms(_clean(words)))
    )


async def file_relation(
    storage: Store, entity: Entity, relation: str, replaces: bool = False
) -> None:
    """Keep `relation` on `entity` and give it the relation's aliases; a
    relation one has once ("boss") is taken from whoever held it before (in
    the same language; in either when it `replaces` them: "my new boss")."""
    if not relation:
        return
    if relation in UNIQUE_RELATIONS:
        await _take_from_others(storage, entity, relation, replaces)
    for alias in relation_aliases(relation):
        holder = await storage.entities.find_entity(alias)
        if holder is None:
            await storage.entities.add_alias(entity.id, alias)
    if entity.attributes.get("relation") != relation:
        await storage.entities.update_entity(
            entity.id, attributes={"relation": relation}
        )


async def guess_fits(storage: Store, entity: Entity, relation: str) -> bool:
    """A guessed relation (Mention.tentative) is filed on a person of no
    relation yet; one held at a time only when someone holds it already,
    in either script (the owner of a workplace is a boss when the user has
    one)."""
    if entity.attributes.get("relation"):
        return False
    if relation not in ONE_AT_A_TIME:
        return True
    aliases = [a for same in same_relation(relation) for a in relation_aliases(same)]
    holders = await storage.entities.entities_by_keys(aliases)
    return any(holder.id != entity.id for holder in holders)


async def _take_from_others(
    storage: Store, entity: Entity, relation: str, both_scripts: bool = False
) -> None:
    """The older holders of this relation lose it (in the words of the same
    script: "моя жена Света" after "my wife Sarah" may be Sarah in Russian;
    in both when the relation is said new: "Eleni, my new boss" ends «мой
    шеф Костас»)."""
    aliases = [
        alias
        for same in same_relation(relation)
        if both_scripts or same.isascii() == relation.isascii()
        for alias in relation_aliases(same)
    ]
    keys = {name_key(a) for a in aliases}
    for holder in await storage.entities.entities_by_keys(aliases):
        if holder.id == entity.id or _same_name(holder, entity):
            continue
        for alias in holder.aliases:
            if name_key(alias) in keys:
                await storage.entities.remove_alias(holder.id, alias)
        held = str(holder.attributes.get("relation") or relation)
        await storage.entities.update_entity(
            holder.id, attributes={"relation": f"former {held}"}
        )
        await _file_former(storage, holder, held)


async def _file_former(storage: Store, holder: Entity, held: str) -> None:
    """ "my former boss", «мой бывший шеф» name the newest holder to lose the
    relation, in either language (taken from an older former one)."""
    for alias in (
        a for q in same_qualified("former", held) for a in relation_aliases(q)
    ):
        other = await storage.entities.find_entity(alias)
        if other is not None and other.id != holder.id:
            await storage.entities.remove_alias(other.id, alias)
        if other is None or other.id != holder.id:
            await storage.entities.add_alias(holder.id, alias)


def _same_name(one: Entity, other: Entity) -> bool:
    """ "Lena" and "Лена", "Jonas" and «Йонас», "Kostas Petrides" and
    «Костас»: one person in the turns of two languages (by the first names,
    spelled each way)."""
    first, second = (e.name.split()[0] if e.name.split() else "" for e in (one, other))
    return name_key(first) in other_script_spellings(second) or name_key(
        second
    ) in other_script_spellings(first)
