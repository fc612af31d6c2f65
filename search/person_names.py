"""The other names a turn about someone can open with: "Kir got the BBC job"
is the news of Кирилл, whom the user also calls Kir and «Кирюша», and
«Кирюше дали визу» is his too.

Only an alias that is a form of the person's own name counts: one the name
table joins to it (core/name_forms.py) or one of those in another case
(search/name_cases.py). Every other alias stays out: a relation ("my wife",
«жена», "Mum"), a place filed on them ("St Patrick's"), a nickname that
may be a common word. A person moving in ("Giorgi moved in", «Гоша
переехал к нам») moves into the user's home: that stays the user's news."""

from __future__ import annotations

import functools
import re

from ..core.name_forms import forms_of, same_name
from ..core.records import Entity, SearchHit
from ..core.relations import RELATIONS
from ..core.text import fold
from .morphology import stem
from .name_cases import case_forms, is_case_form
from .stem_sets import text_stems

# "Lena and I", «Лена и я»: the user is in the subject too
_WORD = re.compile(r"\w+")
_WITH_USER = re.compile(r"\s+(?:and|&|и)\s", re.I)
_MOVES_IN = re.compile(
    r"\s+(?:has\s+|just\s+)?(?:moved|moves|is\s+moving)\s+in(?!\w)"
    r"|\s+(?:переехал\w*|въехал\w*|заехал\w*)\s+(?:к\s+(?:нам|мне)|в\s+нашу)",
    re.I,
)


def told_by_name_form(hit: SearchHit, question: str) -> bool:
    """The turn opens with another form of a person's name than the one it
    is filed under ("Kir got the BBC job", «Кирюше дали визу»): their news,
    unless the question asks of them or of another person the turn names,
    by a name or by their relation («В какой садик ходит внук?»)."""
    found = _form_opener(hit, hit.node.content.lstrip())
    if found is None:
        return False
    _, said = found
    rest = hit.node.content.lstrip()[len(said) :]
    if _WITH_USER.match(rest) or _MOVES_IN.match(rest):
        return False
    people = [e for e in hit.entities if e.type == "person"]
    return not any(_asks_of(question, person) for person in people)


def _form_opener(hit: SearchHit, text: str) -> tuple[Entity, str] | None:
    """The person whose name form (not their filed name) opens `text`."""
    for entity in hit.entities:
        if entity.type != "person" or text.startswith(entity.name):
            continue
        forms = _name_forms(entity.name, entity.aliases)
        said = next((form for form in forms if _whole_word(form).match(text)), None)
        if said is not None:
            return entity, said
    return None


@functools.lru_cache(maxsize=4096)
def _name_forms(name: str, aliases: tuple[str, ...]) -> tuple[str, ...]:
    """The aliases that are forms of `name`: kept per entity, the stance
    rules ask it of every hit's every entity."""
    own = fold(name)
    if " " in own:
        return ()
    forms = forms_of(own) | {own}
    return tuple(
        alias
        for alias in aliases
        if alias[:1].isupper()
        and (
            same_name(fold(alias), own)
            or any(is_case_form(fold(alias), form) for form in forms)
        )
    )


def _asks_of(question: str, person: Entity) -> bool:
    """The question names `person` by any name, or by a relation word filed
    on them (bare: "внук" of «мой внук»)."""
    if any(_whole_word(n).search(question) for n in (person.name, *person.aliases)):
        return True
    forms = _every_form(fold(person.name))
    if forms and not forms.isdisjoint(fold(w) for w in _WORD.findall(question)):
        return True  # "Where does Kirill work?" of the Кирилл written "Kir"
    kin = {stem(word) for word in _relation_words(person.aliases)}
    return bool(kin) and not kin.isdisjoint(text_stems(question))


@functools.lru_cache(maxsize=4096)
def _every_form(own: str) -> frozenset[str]:
    """Every form of the folded name `own` the table knows, in every case."""
    forms = forms_of(own)
    return frozenset(forms).union(*(case_forms(form) for form in forms))


@functools.lru_cache(maxsize=4096)
def _relation_words(aliases: tuple[str, ...]) -> frozenset[str]:
    return frozenset(
        word for alias in aliases for word in alias.lower().split() if word in RELATIONS
    )


@functools.lru_cache(maxsize=4096)
def _whole_word(name: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w){re.escape(name)}(?!\w)", re.I)
