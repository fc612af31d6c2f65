"""A Russian verb asked in the past, found where it was told in the present.

The index keeps a Russian word whole and a question's word is searched by
its stem as a prefix (search/morphology.py, query_text.fts_term). The
stripper cuts «курил» to "кури" and keeps «курю» whole: a past question
(«Я раньше курил?», «Что я учила?») missed what was told while it was
true, in the present («20 лет курю», «учу итальянский»), as did «ходил» /
«хожу», «любила» / «люблю», «тренировалась» / «тренируюсь», «видел» /
«вижу».

So a past form adds its present to the search, built by the regular rules
of its class:
- a past in -ил (2nd conjugation): the present's first person, with the
  consonant that alternates there (ходил → хожу, любил → люблю, платил →
  плачу), and the third plural (ходят, учат);
- in -ел the same (видел → вижу, видят, видит); the 1st conjugation's
  present (болел → болею) already shares the past's prefix;
- in -овал / -евал: the present in -у- (рисовал → рису*, танцевала →
  танцу*).
A generated form that is no word matches nothing and costs nothing.
1st-conjugation verbs in -ать / -ять (работала / работаю) already meet:
their stem keeps the vowel in both tenses.

Only the past asks so. A present question («Что я пью?», «Куда я хожу?»)
asks what holds now, and the past forms of its verb are what held before:
searched, they ranked the older state above the new one in every life. An
infinitive («курить») is how a twin or a category names a doing, not a
time. Irregular verbs (живу / жил, пишу / писал, пью / пил) share no stem
a rule can find; their questions are the state questions of drinking,
driving and living, where the tense is the time asked: left as they are.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from .morphology import is_russian, stem
from .twin_table import TABLE

_CONSONANTS = "бвгджзклмнпрстфхцчшщ"
_HUSHING = "жшчщ"
_PAST = r"(?:л|ла|ло|ли)(?:ся|сь)?"
# A past of a verb in -и- / -е-, the root before the vowel at least two
# letters with a vowel, ending in a consonant («пил», «жил», «ел» are too
# short to tell a verb from other words).
_PAST_I_E = re.compile(rf"^([а-яё]*[{_CONSONANTS}])([ие]){_PAST}$")
_PAST_OVA = re.compile(rf"^([а-яё]{{3,}})[ое]ва{_PAST}$")
MIN_ROOT = 2
_VOWELS = frozenset("аеёиоуыэюя")
# After these an -ева- verb says «у» in the present: танцевать, танцую.
_HARD_BEFORE_U = _HUSHING + "ц"

# The Russian words of the twin table (twin_table.py) are searched as the
# table writes them: a twin of an English question ("did I ever quit
# smoking?": «бросил») is no past the user asked, and the table's pasts are
# mostly perfective, whose "present" is a future («брошу», «куплю»).
_TABLE_WORDS = frozenset(
    word
    for line in TABLE.splitlines()
    if "|" in line
    for word in line.split("|")[1].split()
)

# «хотел» asks the plan first made («куда мы сначала хотели поехать?»), and
# «хочу» says the plan that replaced it: a wish's present is no older truth.
_WANTING = "хот"

# The first person's consonant where the past's alternates with it.
_ALTERNATION = (
    ("ст", ("щ",)),
    ("д", ("ж",)),
    ("з", ("ж",)),
    ("с", ("ш",)),
    ("т", ("ч", "щ")),
    *((labial, (labial + "л",)) for labial in "бпвфм"),
)


def _first_person_roots(root: str) -> tuple[str, ...]:
    """The root as its first person says it («ход» → «хож», «люб» → «любл»)."""
    for plain, changed in _ALTERNATION:
        if root.endswith(plain):
            return tuple(root[: -len(plain)] + end for end in changed)
    return (root,)


def _ending(root: str, hushed: str, soft: str) -> str:
    return hushed if root[-1] in _HUSHING else soft


def _present_of(root: str, vowel: str) -> list[str]:
    """Prefixes of the present of a 2nd-conjugation verb in -ить / -еть."""
    firsts = [r + _ending(r, "у", "ю") for r in _first_person_roots(root)]
    third = root + _ending(root, "ат", "ят")
    return [*firsts, third, *([root + "ит"] if vowel == "е" else [])]


def _is_root(root: str) -> bool:
    """A verb's root has a vowel («учил»: «уч»; «Джили» is a car)."""
    return len(root) >= MIN_ROOT and not _VOWELS.isdisjoint(root)


@functools.lru_cache(maxsize=4096)
def present_of_past(word: str) -> tuple[str, ...]:
    """FTS prefixes of the present of a Russian past form («курил» → курю,
    курят; «рисовала» → рису); empty for any other word."""
    word = word.casefold()
    if word in _TABLE_WORDS:
        return ()
    match = _PAST_OVA.match(word)
    if match:
        hard = "ова" in word[len(match[1]) :] or match[1][-1] in _HARD_BEFORE_U
        return (match[1] + ("у" if hard else "ю"),)
    match = _PAST_I_E.match(word)
    if match and _is_root(match[1]) and not match[1].endswith(_WANTING):
        return tuple(dict.fromkeys(_present_of(match[1], match[2])))
    return ()


def tense_kin(terms: Iterable[str]) -> list[tuple[frozenset[str], frozenset[str]]]:
    """For each Russian past verb of the question, (its stem, the stems of
    its present): a turn saying the present says the verb («Я раньше
    курил?» is answered by «20 лет курю»), as support.py's kin pairs read."""
    pairs = []
    for term in terms:
        forms = present_of_past(term) if is_russian(term) else ()
        if forms:
            pairs.append((frozenset({stem(term)}), frozenset(map(stem, forms))))
    return pairs
