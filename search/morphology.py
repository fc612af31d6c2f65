"""Russian and CJK words as the full-text index can find them.

The FTS index (porter over unicode61) stems English only: a Russian word is
stored as written, so "сервер", "сервера" and "серверу" are three different
tokens. Rather than a second index, a Russian query word is cut to its stem
by a small suffix stripper (no Snowball stemmer exists in the host) and
searched as an FTS5 prefix ("сервер"*), which matches every ending.

Chinese and Japanese are written without spaces, so unicode61 stores
"我的猫叫小白" as one token and "小白" cannot match it. Such query words are
searched as substrings of the node text instead (see store/index.py).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from ..core.relations import (
    LOANED_RELATIONS,
    RELATION_OWNERS,
    RELATIONS,
    owner_word,
)
from ..core.text import strip_accents

_CYRILLIC = re.compile(r"[а-яё]")
# A name made a possessive, «Полиного учителя», «Светиной машины» ("Polina's
# teacher"): its full cases; its short ones («Сонин папа», «Сонину
# учительницу», «Сонины друзья») only before a lower-case word of the same
# case that is no verb, as «Марина сказала», «Мартин пришёл» are names.
_SHORT_POSSESSIVE = {"": "бвгджзкмнпрстфхцчшщьйа", "а": "аяь", "у": "уюь", "ы": "ыия"}
_SHORT_POSSESSIVE |= {"о": "оеё"}
_VERB_END = r"(?:л|ла|ли|ло|лся|лась|ет|ит|ут|ют|ят|ёт|аю|яю|ую)"
NAME_POSSESSIVE = (
    r"[А-ЯЁ]\w+[иы]н(?:ого|ому|ыми|ым|ых|ой|ом|ую|"
    + "|".join(
        rf"{end}(?=\s+(?![а-яё]*{_VERB_END}(?!\w))[а-яё]*[{agreeing}](?!\w))"
        for end, agreeing in _SHORT_POSSESSIVE.items()
    )
    + ")"
)
_CJK = re.compile(
    r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]"
)
_REFLEXIVE = ("ся", "сь")
# Noun, adjective and verb endings, longest first; a stem keeps 3 letters.
# "ью" is the instrumental of a noun in -ь: «осенью», «ночью» are «осень».
_ENDINGS = tuple(
    sorted(
        """иями ями ами иях ях ах ией ией ием ями ого его ому ему ыми ими ая яя
        ое ее ие ые ой ей ий ый ым им ом ем ую юю ов ев ёв ам ям ешь ете ите ут
        ют ит ат ят ла ло ли ть ти ет а я о е ё ы и у ю ь й л ёт ём ёшь ёте
        ью""".split(),
        key=len,
        reverse=True,
    )
)
MIN_STEM = 3
# «билет», «балет», «пакет», «самолёт» in any case: nouns end in these far
# more often than verbs do (колет, мелет are rare; -вет, -нет, -тет, -рет,
# -жет, -шет are left out: живет, станет, растет, берет, может, пишет), so
# their "-ет" is no verb's ending and «балете» is not «бал».
_NOUN_IN_ET = re.compile(r"(\w{2,}(?:лет|кет|мет|фет|лёт))(?:а|у|е|ом|ы|ов|ам|ами|ах)?")


def is_russian(word: str) -> bool:
    return bool(_CYRILLIC.search(word))


def is_cjk(word: str) -> bool:
    return bool(_CJK.search(word))


# The same few hundred words are stemmed over and over (a person's names and
# the capitalised words of every turn that mentions them, ~650 a question
# about a person: ~10 ms CPU at 100k memories), so a word's stem is kept.
STEMS_KEPT = 16384


@functools.lru_cache(maxsize=STEMS_KEPT)
def russian_stem(word: str) -> str:
    """`word` without its inflection ending: "серверу" -> "сервер"."""
    stem = word.lower()
    for ending in _REFLEXIVE:
        if stem.endswith(ending) and len(stem) - len(ending) >= MIN_STEM + 1:
            stem = stem[: -len(ending)]
            break
    noun = _NOUN_IN_ET.fullmatch(stem)
    if noun is not None:
        return noun[1]
    for ending in _ENDINGS:
        if stem.endswith(ending) and len(stem) - len(ending) >= MIN_STEM:
            stem = stem[: -len(ending)]
            break
    # An agent noun and its feminine are one word: начальник, начальница.
    if stem.endswith(("ник", "ниц")) and len(stem) >= MIN_STEM + 3:
        return stem[:-1]
    # So are a follower or a native and hers: вегетарианец, вегетарианка,
    # вегетарианцы; американец, американка ("банк" is too short for it).
    follower = _FOLLOWER.match(stem)
    return follower.group(1) if follower else stem


_FOLLOWER = re.compile(r"^([а-яё]{3,}[ая]н)(?:ец|ц|к)$")


# A stem of three letters or fewer starts too many other words («хор»:
# хорошо; «кот»: котлета; «мам»: мамонт): such a word is searched by its
# noun forms, not by the stem as a prefix, the hard or the soft endings by
# how the word ends («хор», «мама»; «чай», «дядя»).
SHORT_STEM = 3
_HARD_ENDINGS = "а о у е ы и ом ой ов ам ами ах".split()
_SOFT_ENDINGS = "я ю е и ь ей ем ев ям ями ях ью".split()
# «лет» counts years («пять лет»): its look-alikes are the summer's forms
# («лета», «летом»), so it is searched as itself.
_OWN_FORMS = {"лет": ("лет",)}


# A three-letter stem that is another word as it stands: «лет» counts years
# («двадцать лет»), while «лето», «летом» is the summer, so the summer's
# forms are searched as themselves (and its adjective «летний» by "летн")
# and matched by a stem of their own: its word.
# «кафа» (the Balkans' coffee) shares its stem with «кафе» (a café): its
# forms, without the café's «кафе», are its own (no adjective: None).
# So do the unprefixed forms of flying, «летим», «летал»: «Когда мы летим в
# Омск?» searched «лет*» and found «тридцать лет» (the prefixed ones,
# «полетим», «прилетят», have stems of their own; «лечу» is also "I treat",
# left to its stem «леч»).
_SHADOWED: dict[str, tuple[list[str], str | None]] = {
    "лето": ("лето лета лету летом лете".split(), "летн"),
    "кафа": ("кафа кафы кафу кафой".split(), None),
    "лететь": (
        "лететь летишь летит летим летите летят летел летела летело летели"
        " летать летаю летаешь летает летаем летаете летают летал летала летало"
        " летали".split(),
        None,
    ),
}
_SHADOWED_FORMS = {
    form: word for word, (forms, _) in _SHADOWED.items() for form in forms
}


def shadowed_word(word: str) -> str | None:
    """The word whose short stem another word shadows, for any of its forms
    or its adjective ("летом", "летний" -> "лето"); None for other words."""
    word = word.casefold()
    if word in _SHADOWED_FORMS:
        return _SHADOWED_FORMS[word]
    found = russian_stem(word) if is_russian(word) else ""
    return next((w for w, (_, adj) in _SHADOWED.items() if adj and found == adj), None)


def shadowed_terms(word: str) -> tuple[tuple[str, ...], str | None] | None:
    """A shadowed word's forms and its adjective's prefix, to search it by
    ("летом": лето, лета, … and летн*); None for other words."""
    found = shadowed_word(word)
    return None if found is None else (tuple(_SHADOWED[found][0]), _SHADOWED[found][1])


def short_stem_forms(word: str) -> tuple[str, ...] | None:
    """The noun forms a Russian word with a short stem is searched by
    ("хор": хор, хора, хору, хором, ...); None for a longer stem."""
    word = word.lower()
    found = russian_stem(word)
    if len(found) > SHORT_STEM or not is_russian(word):
        return None
    if word in _OWN_FORMS:
        return _OWN_FORMS[word]
    if word[-1] in "йья":
        forms = [word[:-1] + end for end in _SOFT_ENDINGS]
    else:
        forms = [found + end for end in _HARD_ENDINGS]
    return tuple(dict.fromkeys([word, found, *forms]))


# A noun of an action in -ание / -яние ("вязание", "плавание", any case) is
# its verb's stem and "н": "вязание" asks for "вязала", "довязала" no.
_ACTION_NOUN = re.compile(r"^([а-яё]{3,}[ая])ни(?:е|я|ю|ем|и)$")


def action_verb(word: str) -> str | None:
    """The verb of a Russian action noun in -ание / -яние, as an infinitive
    ("вязание" -> "вязать", "рисованием" -> "рисовать"); None for any other
    word. The user tells what they did ("весь вечер вязала") and asks by
    the activity ("вязание"); -ение is left out, its verbs end otherwise
    ("лечение", "лечить")."""
    match = _ACTION_NOUN.match(word.casefold())
    return match.group(1) + "ть" if match else None


def action_noun_stems(word: str) -> set[str]:
    """The stem a Russian action noun's state is told by, in any case: its
    verb's («до плавания»: «плавала», «плаваю»); empty for any other word.
    (Not its nominative's twins: "climbing" of «до скалолазания» weighed
    the English turns of the later state down too, and a stray turn led.)"""
    match = _ACTION_NOUN.match(word.casefold())
    if match is None:
        return set()
    return {stem(match.group(1) + "ть")}


# A noun in -жка names an action whose verb says «г» where the noun says «ж»
# («стрижка»: «стриглась», «пробежка»: «пробегала»); a root of two letters
# and «г» («ложка»: «лог») is left out, it names a thing, not an action.
_ZH_NOUN = re.compile(r"^([а-яё]{3,})жк(?:а|и|е|у|ой|ою|ами|ах|ам)$")
MIN_G_STEM = 4
# The prefixes a finished action takes («довязала», «подстриглась»); «с-» and
# «за-» are left out, their words are other words («связь», «завязать»).
_DONE_PREFIXES = ("до", "пере", "по", "под")


# A noun of a move by vehicle («переезд», «приезд», «выезд», any case) says
# «ех» / «езж» in its verbs («переехала», «переезжаем»); other prefixes name
# things («подъезд» is an entrance, «съезд» a congress).
_RIDE_NOUN = re.compile(r"^(пере|при|вы)езд(?:а|у|ом|е|ы|ов|ами|ах|ам)?$")


def ride_verbs(word: str) -> tuple[str, ...]:
    """The verbs of a Russian noun of moving («переезд»: «переехать»,
    «переезжать»); empty for any other word."""
    match = _RIDE_NOUN.match(word.casefold())
    if match is None:
        return ()
    return (match.group(1) + "ехать", match.group(1) + "езжать")


# A verb's imperfective in -ыва- / -ива- («созваниваемся», «опаздываю»,
# «заканчивается») is asked of turns that tell the finished act: its
# perfective drops the suffix and often says «о» where it says «а»
# («созвонились», «опоздал», «закончилось»; «выиграл», «показал» keep it).
_IMPERFECTIVE = re.compile(r"^([а-яё]{4,})[ыи]ва$")
_LAST_A = re.compile(r"а(?=[^аеёиоуыэюя]*$)")


def perfective_stems(word: str) -> tuple[str, ...]:
    """The perfective's stems of a Russian imperfective in -ыва- / -ива-
    ("созваниваюсь": "созван", "созвон"); empty for any other word."""
    if not is_russian(word):
        return ()
    match = _IMPERFECTIVE.match(russian_stem(word.casefold()))
    if match is None:
        return ()
    root = match.group(1)
    return tuple(dict.fromkeys((root, _LAST_A.sub("о", root, count=1))))


def action_stems(word: str) -> tuple[str, ...]:
    """The words a Russian action noun's turns say instead: its verb
    (action_verb) or, for a noun in -жка, its «г» stem, each also with the
    prefixes of a finished action («вязание»: «вязать», «довязать», …;
    «стрижка»: «стриг», «подстриг», …); a noun of moving, its verbs
    (ride_verbs: «переезд»: «переехать», «переезжать»). Empty for any other
    word: the user asks by the activity and tells what they did, in a form
    that never shares the noun's stem."""
    ridden = ride_verbs(word) or perfective_stems(word)
    if ridden:
        return ridden
    base = action_verb(word)
    if base is None:
        match = _ZH_NOUN.match(word.casefold())
        g_stem = match.group(1) + "г" if match else ""
        base = g_stem if len(g_stem) >= MIN_G_STEM else None
    if base is None:
        return ()
    return (base, *(prefix + base for prefix in _DONE_PREFIXES))


# The past of frequent irregular verbs, as their present: "What car do I
# drive?" is answered by "Drove to work", "Do I eat meat?" by "ate a steak".
_IRREGULAR = {
    past: verb
    for verb, forms in (
        ("drive", "drove driven"), ("eat", "ate eaten"), ("buy", "bought"),
        ("sell", "sold"), ("go", "went gone"), ("take", "took taken"),
        ("ride", "rode ridden"), ("swim", "swam swum"), ("run", "ran"),
        ("fly", "flew flown"), ("give", "gave given"), ("meet", "met"),
        ("send", "sent"), ("spend", "spent"), ("teach", "taught"),
        ("bring", "brought"), ("think", "thought"), ("leave", "left"),
        ("make", "made"), ("write", "wrote written"), ("see", "saw seen"),
    )
    for past in forms.split()
}  # fmt: skip


# Doings named by an "-ing" whose root is a common thing: "boxing" is no
# "box" of a move, "fishing" no fish for dinner, "fencing" no garden fence.
# They keep the whole word, as their twins do («бокс», «рыбалка»).
_DOINGS = frozenset("boxing fishing bowling rowing fencing curling".split())


@functools.lru_cache(maxsize=65536)  # pure, and called ~3k times a question
def stem(word: str) -> str:
    """A light stem for matching: Russian by its suffix stripper, English by
    plural and verb endings ("cats" → "cat", "lives" → "liv"), an irregular
    past as its verb ("drove" → "driv"), a doing as itself ("boxing")."""
    word = word.casefold()
    if is_russian(word):
        found = russian_stem(word)
        return shadowed_word(word) or _POSSESSIVE_OF.get(found, found)
    word = _IRREGULAR.get(word, word)
    if word.endswith("'s") or word.endswith("’s"):
        word = word[:-2]
    if word in _DOINGS:
        return word
    for suffix in ("ies", "ing", "ed", "es", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)] + ("y" if suffix == "ies" else "")
    return word


def cjk_needles(terms: Sequence[str]) -> list[str]:
    """Substrings to look for: a short CJK word whole, a longer run (a whole
    unsegmented question) as its overlapping two-character pieces."""
    needles: list[str] = []
    for term in terms:
        if not is_cjk(term):
            continue
        if len(term) <= 3:
            needles.append(term)
        else:
            needles += [term[i : i + 2] for i in range(len(term) - 1)]
    return list(dict.fromkeys(needles))


# Forms the suffix stripper does not bring back to the relation's stem.
_DECLINED_APART_FORMS = {
    **dict.fromkeys("дочери дочерью дочерей".split(), "дочь"),
    **dict.fromkeys("отца отцу отцом отце".split(), "отец"),
    **dict.fromkeys("матери матерью".split(), "мать"),
}
_IRREGULAR_RELATIONS = {**_DECLINED_APART_FORMS, **LOANED_RELATIONS}
# ... so a word sharing only their short stem is none of them: «Матей» and
# «Матя» (names) are cut to «мат» as «мать» is, «Дочи» to «доч»
_DECLINED_APART = frozenset(_DECLINED_APART_FORMS.values())
# A stem may be shared ("начальни": начальник, начальница): each stem keeps
# all its relations, and a form takes the one it shares most letters with.
_RELATIONS_BY_STEM: dict[str, list[str]] = {}
# The case endings of a noun by its last letter: a form the stripper cuts
# short of the base's stem («попугая» to "попуг", «кореллу» to "корелл" where
# «корелла» is "корел") is filed under its own stem too.
_CASE_ENDINGS = {
    "а": "ы и е у ю ой ей",
    "я": "и е ю ей",
    "й": "я ю ем е",
    "ь": "и я ю ем ей ью",
}


_VOWELS = frozenset("аеёиоуыэюя")
# A short stem of a form is some other word's too: «тестя» and «теста» (a
# father-in-law's, a test's) are both "тест".
_MIN_FORM_STEM = 5


def _case_forms(word: str) -> list[str]:
    """The noun's case forms ("корелла": кореллы, корелле, кореллу, ...);
    none for a word that does not decline ("какаду", "хаски")."""
    last = word[-1]
    if word.endswith(("ая", "яя", "ий", "ый", "ой")):  # an adjective's: the stripper's
        return []
    if last in _CASE_ENDINGS:
        return [word[:-1] + end for end in _CASE_ENDINGS[last].split()]
    if last.isalpha() and last not in _VOWELS:
        return [word + end for end in "а у ом е".split()]
    return []


for _word in sorted(RELATIONS):
    if not is_russian(_word) or " " in _word:
        continue
    _RELATIONS_BY_STEM.setdefault(russian_stem(_word), []).append(_word)
    _form_stems = {russian_stem(form) for form in _case_forms(_word)}
    for _stem in sorted(_form_stems - {russian_stem(_word)}):
        if len(_stem) >= _MIN_FORM_STEM:
            _RELATIONS_BY_STEM.setdefault(_stem, []).append(_word)


# A relative's possessive adjective is the relative: «папин юбилей» is dad's
# birthday, «мамину машину» mum's car (any case: "папиной", "папиного").
_POSSESSIVE_OF = {stem + "ин": stem for stem in _RELATIONS_BY_STEM}


def _relation_by_stem(word: str) -> str | None:
    """The relation whose stem `word` has ("начальнику" → "начальник")."""
    found = _RELATIONS_BY_STEM.get(russian_stem(word))
    found = [r for r in found or () if r == word or r not in _DECLINED_APART]
    if not found:
        return None
    return max(found, key=lambda relation: _shared_start(relation, word))


def _shared_start(one: str, other: str) -> int:
    return next(
        (i for i, (a, b) in enumerate(zip(one, other, strict=False)) if a != b),
        min(len(one), len(other)),
    )


# «мой», «моего», «нашим», «моё» (of «моё начальство»): the stems of the
# Russian owner words in any case
_OWNER_CASES = "мое моё моег моем моим мою мои наше нашег наш".split()
OWNER_STEMS = {russian_stem(w) for w in RELATION_OWNERS if is_russian(w)} | {
    *_OWNER_CASES
}


def relation_base_forms(words: Sequence[str]) -> list[str]:
    """The words with inflected Russian relation words in their base form, the
    possessive before one matched to it: "с моей женой" -> "с моя жена", so
    the aliases "моя жена" and "жена" match the question. A Latin relation
    loses its accents ("my fiancé" -> "my fiance"): written either way, it
    files and finds the same alias."""
    out = list(words)
    for i, word in enumerate(words):
        lower = word.lower()
        if not is_russian(lower):
            bare = strip_accents(lower)
            if bare != lower and bare in RELATIONS:
                out[i] = bare
            if i and bare in RELATIONS and _russian_owner(words[i - 1]):
                out[i - 1] = "мой"  # «у нашего Hausarzt»: a local word, our own
            continue
        base = _IRREGULAR_RELATIONS.get(lower) or _relation_by_stem(lower)
        if base is None:
            continue
        out[i] = base
        if i and russian_stem(words[i - 1].lower()) in OWNER_STEMS:
            out[i - 1] = owner_word(base)
    return out


def _russian_owner(word: str) -> bool:
    lower = word.lower()
    return is_russian(lower) and russian_stem(lower) in OWNER_STEMS


def declined_name(word: str) -> bool:
    """A capitalised word that reads as a relation only in another form
    («Жени», Женя's genitive, as «жена»): a name, the relative's owner, not
    the relation; "Dad", «Мама» written as themselves stay relations."""
    written = word.casefold()
    base = relation_base_forms([written])[0]
    return word[:1].isupper() and base in RELATIONS and base != written
