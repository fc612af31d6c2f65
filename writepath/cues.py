"""What the words around a name say about it, for the offline linker.

Capitalisation finds a name; its type needs the words next to it. The cues are
kept few and strong, because a wrong type misleads every "who"/"where"
question after it, and an entity left a concept is only unspecific:

- a place: after a verb or noun of living or travel and its preposition
  ("moved to Vienna", "staying in Ribeira", "trip to Porto", "from Graz to
  Vienna", "переехала в Казань"); a bare "in" is not enough ("in Python");
- a person: the subject of a verb only people do ("Tomasz moved",
  "Priya said", "Лена сказала");
- not a name at all: a word that opens a sentence as an adverb, an ordinal or
  an imperative ("First, my dog...", "Book Lello tickets..."), or the past
  tense of a diary line that leaves out its "I" ("Cleaned Kiwi's cage",
  "Drove Tom to work", "Отвёз Соню в лагерь").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.workplaces import OCCUPATIONS
from ..search.morphology import is_russian
from ..search.name_cases import nominatives
from ..search.twin_words import twins
from .names import GIVEN_NAMES

# Words of living and travel, right before the place's preposition.
_PLACE_VERBS = frozenset(
    """move moved moves moving relocate relocated relocating live lives lived
    living stay stays stayed staying trip trips flight flights fly flies flew
    flying travel travels traveled travelled traveling travelling drive drove
    driving went go goes going holiday holidays vacation vacations based born
    raised grew settled visit visiting visited arrived arriving landed landing
    commute commuting
    переехал переехала переехали переезжает переезжаем живу живёт живет живут
    жил жила жили поездка поездку едем еду поехали поеду летим лечу летал
    летала улетаю вернулся вернулась родился родилась вырос выросла""".split()
)
_PLACE_PREPS = frozenset("in to from into near в во из на".split())

# Verbs whose subject is a person ("Tomasz moved to the payments team").
_PERSON_VERBS = frozenset(
    """said says told tells texted texts asked asks replied moved prefers
    preferred wants wanted thinks thought feels felt promised agreed laughed
    mentioned complained apologized apologised phoned rang emailed lent
    сказал сказала говорит написал написала позвонил позвонила переехал
    переехала хочет хотел хотела думает считает предпочитает обещал обещала
    попросил попросила звонил звонила одолжил одолжила""".split()
)
# "Stan and me built …", "Gareth and I went …": the user's companion in a deed.
_THE_USER = frozenset("i me".split())

# Words that open a sentence without naming anything: adverbs and ordinals
# ("First, ...", "Finally, ...") and imperatives glued to the name after them
# ("Book Lello tickets ahead"). Only at a sentence's start.
SENTENCE_OPENERS = frozenset(
    """first second third fourth firstly secondly thirdly lastly finally besides
    meanwhile however therefore otherwise instead plus overall afterwards
    additionally furthermore moreover altogether
    book call ask buy bring send check visit try meet email text remind pick
    grab order invite message ping pack feed walk read watch plan help find
    make give put pay cancel schedule reserve
    во-первых во-вторых в-третьих сначала потом кстати впрочем однако итак
    короче позвони купи напомни забронируй спроси напиши""".split()
)
# A Russian sentence often opens on an adverb or on its verb, the subject
# left out ("Вечером позвонил Вите", "Подарил Лене цветы"): the capitalised
# word after it is a name in mid-sentence, not a word capitalised as a start.
_RU_ADVERBS = frozenset(
    """сегодня вчера завтра позавчера послезавтра утром вечером днём днем ночью
    тогда сейчас теперь наконец опять снова ещё уже вообще
    вместо после перед для без про около возле кроме
    на в во с со к ко по из о об у от до за под над при через""".split()
)  # the prepositions too: "На Рождество поедем…", "В Pebble мне дали…"
# A diary line's opening past tense, its "I" left out: a regular "-ed" (not a
# name: "Alfred", "Ahmed" are given names) or a frequent irregular one.
_EN_IRREGULAR_PAST = frozenset(
    """drove took sent made sold spent went bought brought caught taught found
    told gave met left ran swam saw ate wrote rode flew built paid fed lent
    showed sang won lost held kept""".split()
)
_EN_NOT_PAST = frozenset(
    "alfred ahmed mohammed muhammed mahmoud ned ted fred jed reed united allied".split()
)
# Its opening gerund, "I'm" left out ("Knitting Oscar a jumper", "Rewatching
# Call the Midwife"): a word in -ing, not a name or place that ends so.
_EN_NOT_GERUND = frozenset(
    """beijing nanjing viking sterling darling ealing woking worthing kettering
    epping barking dorking kipling browning manning fielding""".split()
)
# (the masculine past of -зти/-сти/-чь verbs has no -л: "отвёз", "принёс", "испёк")
_RU_PAST_VERB = re.compile(
    r"^[а-яё]{2,}(?:л|ла|ло|ли|лся|лась|лось|лись)$|^[а-яё]{1,}(?:ёз|ёс|ёк|ёг|вез|нес|пек|мог)$"
)
# The present tense's first and second person and its reflexive forms ("Жду
# Лену", "Люблю Москву", "Встречаюсь с Леной"). Not the endings names share:
# -ат/-ет/-ит/-им/-ем (Марат, Ахмет, Максим, Артем).
_RU_PRESENT_VERB = re.compile(
    r"^[а-яё]{2,}(?:у|ю|усь|юсь|ешь|ёшь|ишь|ется|ётся|ится|ются|утся|атся|ятся)$"
)


def opens_russian_sentence(words: Sequence[str], given_names: frozenset[str]) -> bool:
    """The first of a sentence's capitalised `words` is a Russian adverb, or a
    verb before a name (alone it may be a name: "Мила", "Карл"). A name in
    another case ("Лену Витя встретил") is not a verb."""
    folded = words[0].casefold()
    if folded in _RU_ADVERBS:
        return True
    verb = _RU_PAST_VERB.match(folded) or _RU_PRESENT_VERB.match(folded)
    if not verb or len(words) < 2 or folded in given_names:
        return False
    return not nominatives(folded) & given_names


def russian_verb(word: str, given_names: frozenset[str]) -> bool:
    """`word` ends like a Russian verb's past or present ("Придумали",
    "Ответила", "Жду") and is no given name nor one's case form."""
    folded = word.casefold()
    verb = _RU_PAST_VERB.match(folded) or _RU_PRESENT_VERB.match(folded)
    return (
        bool(verb)
        and folded not in given_names
        and not (nominatives(folded) & given_names)
    )


def opens_english_sentence(words: Sequence[str], given_names: frozenset[str]) -> bool:
    """The first of a sentence's capitalised `words` is a past-tense verb whose
    subject, the user, is left out ("Cleaned Kiwi's cage", "Drove Tom to
    Stockport"): the name after it is in mid-sentence."""
    folded = words[0].casefold()
    if len(words) < 2 or folded in given_names or folded in _EN_NOT_PAST:
        return False
    regular = folded.endswith("ed") and len(folded) >= 5 and folded.isalpha()
    return regular or folded in _EN_IRREGULAR_PAST


def opens_on_gerund(words: Sequence[str], given_names: frozenset[str]) -> bool:
    """The first of a sentence's capitalised `words` is a gerund, "I'm" left
    out ("Knitting Oscar a jumper"): the name after it is in mid-sentence."""
    folded = words[0].casefold()
    return len(words) >= 2 and folded not in given_names and _gerund(folded)


def _gerund(folded: str) -> bool:
    """ "knitting", "rewatching": a verb's -ing form, not "king" or "Beijing"."""
    stem = folded.removesuffix("ing")
    return (
        stem != folded
        and len(folded) >= 6
        and folded.isalpha()
        and any(ch in "aeiouy" for ch in stem)
        and folded not in _EN_NOT_GERUND
    )


def _clean(word: str) -> str:
    return word.strip(",.!?;:()\"'“”").casefold()


# "moving to Marta's", "at Marta's place": a person's home, not a place's name
_HOME_OF = re.compile(
    r"['’]s(?:\s+(?:place|flat|house|apartment|home)\b|\s*[,.;:!?)]|\s*$)"
)


def home_of(text: str, end: int) -> bool:
    """Whether the name ending at `end` is said as someone's home ("Marta's")."""
    return _HOME_OF.match(text, end) is not None


def at_a_place(before: Sequence[str]) -> bool:
    """ "moved to X", "staying in X", "from Graz to X": X is a place."""
    last = [_clean(w) for w in before[-3:]]
    if not last or last[-1] not in _PLACE_PREPS or before[-1][-1:] in ",.!?":
        return False
    if len(last) >= 2 and last[-2] in _PLACE_VERBS:
        return True
    # "from Graz to Vienna": a capitalised word between the two
    return (
        len(last) == 3
        and last[-1] == "to"
        and last[0] == "from"
        and before[-2][:1].isupper()
    )


def acts_as_person(after: Sequence[str], previous: str = "") -> bool:
    """ "Tomasz moved ...", "Лена сказала ...", "papa (Oleg, 61, engineer)":
    the name is someone's, by what they do or, opening brackets, by the age
    said right after it (a numbered thing has no comma: "Ward 4, cardiology";
    "at TSU, 22)" and "Sophie Clarke, 38," outside brackets are left as they
    were: an acronym, or a full name the linker keeps apart from "Sophie")."""
    aside = previous == "(" and len(after) >= 2 and after[0] == ","
    if aside and _AGE.fullmatch(after[1]):
        return True
    if _apposed_occupation(after) or _with_the_user(after):
        return True
    return bool(after) and after[0].rstrip(",.!?").casefold() in _PERSON_VERBS


_ARTICLES = frozenset("the a an".split())


def _with_the_user(after: Sequence[str]) -> bool:
    """ "Stan and me built a frame": someone doing a thing together with the
    user is a person. (Russian «мы с Тёмой» is left out: in a life where the
    name was a nickname joined to a person it lost that person's turns.)"""
    return len(after) >= 2 and after[0] == "and" and after[1].casefold() in _THE_USER


def _apposed_occupation(after: Sequence[str]) -> bool:
    """ "Michal, the social worker …", "Geoff, a retired surveyor, …": a
    comma, an article, and an occupation within two words; "Monday, the
    other day" and "Tom, the kids and I" name no work."""
    return (
        len(after) >= 3
        and after[0] == ","
        and after[1].casefold() in _ARTICLES
        and any(w.rstrip(",.;)").casefold() in OCCUPATIONS for w in after[2:4])
    )


_AGE = re.compile(r"[1-9]\d?[,)]")


# A Russian patronymic in the nominative: «Михайловна», «Петрович»,
# «Ильинична», «Кузьмич» (another case, «Галине Петровне», is filed as a
# thing and renamed to its nominative by writepath/inflections.py first).
_PATRONYMIC = re.compile(r"[а-яё]{2,}(?:(?:ов|ев)?ич|(?:ов|ев|ич|инич)на)")


def patronymic(words: Sequence[str]) -> bool:
    """ "Зоя Михайловна", "Иван Петрович": a first name and a patronymic,
    a person."""
    return len(words) == 2 and bool(_PATRONYMIC.fullmatch(words[1].casefold()))


_CONTRACTION = re.compile(r"['’](?:re|ll|ve|t|d|m)$")


def everyday_word(word: str) -> bool:
    """A word of everyday life (search/twin_words.py: "Pottery", «Ветеринар»)
    that is no given name: opening a sentence, it is that word."""
    folded = word.casefold()
    return folded not in GIVEN_NAMES and bool(twins(folded))


def russian_word(word: str) -> bool:
    """A Russian everyday word ("Билеты", «Ветеринар»), no given name."""
    return is_russian(word) and everyday_word(word)


def not_a_name(word: str) -> bool:
    """A sentence's first word that is plainly a word: "You're", "Making"."""
    if _CONTRACTION.search(word):
        return True
    return word.casefold().endswith("ing") and word.casefold() not in GIVEN_NAMES
