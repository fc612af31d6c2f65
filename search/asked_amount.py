"""A question asking what something costs is answered only by an amount.

"How much is our rent?", "How much did the car cost?", «Сколько мы платим
за новую квартиру?»: a turn on the new flat («Мама осматривала новую
квартиру») or the car tells of it without its price, and is no answer. A
turn answers by saying an amount in the sentence that says the thing: a
number of two digits or more (not a clock time: "at 7:30", «в 10», nor a
date: «на 12 мая»), a number with
"k" ("8k"), a currency ("€", "euros", «рублей»), or a number word ("a
thousand", «тысячу двести»).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet

from ..core.records import SearchHit
from ..core.relations import RELATIONS, same_relation
from .asked_name import sentences
from .asked_of import says_name
from .morphology import relation_base_forms, stem
from .query_text import STOP_WORDS
from .twin_words import twin_stems

# "how much" / «сколько» with a word of paying or of what one pays
_MONEY = (
    r"cost\w*|pay\w*|paid|rent\w*|price\w*|charg\w*|spen[dt]\w*|earn\w*|"
    r"salary|wage\w*|owe\w*|worth|fee\w*|mortgage|"
    r"сто(?:ит|ил\w*|ят|или)|плат\w*|плач\w*|заплат\w*|аренд\w*|ипотек\w*|"
    r"цен\w*|зарабат\w*|зарплат\w*|получа\w*|потрат\w*|трат\w*|долж\w*"
)
_ASKED = re.compile(
    r"\bhow\s+much\b[^?.!]*?\b(?:" + _MONEY + r")\b"
    r"|(?<!\w)сколько(?!\w)[^?.!]*?(?<!\w)(?:" + _MONEY + r")(?!\w)",
    re.I,
)
# the signs of money, said before or after digits
CURRENCY_SIGNS = "€$£₽"
_AMOUNT = re.compile(
    # 1200, 1 200, 85.50; not an hour ("10 pm") nor years («10 лет в Берлине»)
    r"(?<![\d:.,])\d[\d,. ]*\d(?![\d:])(?!\s*(?:am|pm|years?|лет|года?)(?!\w))"
    r"|\d+\s?[kк](?!\w)"  # 8k
    rf"|[{CURRENCY_SIGNS}]"
    r"|(?<!\w)(?:euros?|eur|dollars?|pounds|quid|bucks|grand|hundreds?|"
    r"thousands?|million\w*|евро|рубл\w*|доллар\w*|фунт\w*|тысяч\w*|"
    r"сотн\w*|миллион\w*|двести|триста|четыреста|пятьсот|шестьсот|семьсот|"
    r"восемьсот|девятьсот)(?!\w)",
    re.I,
)
_WORD = re.compile(r"\w+", re.UNICODE)
# a day of a month ("12 May", "May 12th", «12 мая»): a date, no amount
_MONTH = (
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*"
    r"|(?:январ|феврал|апрел|ма|июн|июл|сентябр|октябр|ноябр|декабр)[яеьй]"
    r"|(?:март|август)[ае]?"  # «14 марта», «10 августа»: hard-stemmed months
)
_DATE = re.compile(
    rf"(?<!\w)\d{{1,2}}(?:st|nd|rd|th|-?го)?\s+(?:of\s+)?(?:{_MONTH})(?!\w)"
    rf"|(?<!\w)(?:{_MONTH})\s+\d{{1,2}}(?:st|nd|rd|th)?(?!\w)",
    re.I,
)

# an hour of the day said by its preposition («в 10», «с 10 до 12», "at 10"):
# when, not what it cost (a currency said with it is still read)
_HOUR = re.compile(
    r"(?<!\w)(?:в|во|с|со|до|к|at|from|until|till)\s+(?:[01]?\d|2[0-4])"
    r"(?!\d|[:.,]\d|\s?[kк](?!\w))",
    re.I,
)


def with_amounts(
    question: str, hits: Sequence[SearchHit], thing: AbstractSet[str]
) -> Sequence[SearchHit]:
    """The hits that may answer: all, unless the question asks an amount,
    then those giving one (`gives_amount`)."""
    if not asks_amount(question):
        return hits
    owner = asked_owner(question)
    # the owner is whose the thing is, not the thing: «Ерлан (брат, 40)» says
    # an age beside the name, not what his tickets cost
    priced = set(thing) - {stem(owner.casefold())} if owner else thing
    return [
        hit
        for hit in hits
        if gives_amount(hit.node.content, priced or thing)
        and says_owner(hit.node.content, owner)
    ]


# whose the priced thing is: "mum's tickets", "Ana's car" ("what's", "it's"
# own nothing); «билеты мамы», «машина Кости»: a genitive after a noun (after
# a preposition it is a place: «билеты в Омск»)
_OWNER_EN = re.compile(
    r"\b(?!(?i:what|who|that|it|he|she|there|where|how|here|today|tomorrow)['’])"
    r"(\w+)['’]s\s+\w+"
)
_OWNER_RU = re.compile(r"(?<!\w)([а-яё]+)\s+(?=([а-яё]+|[А-ЯЁ][а-яё]+)(?!\w))")


def asked_owner(question: str) -> str:
    """The person whose thing's price is asked ("How much did mum's tickets
    cost?" → mum, «Сколько стоили билеты мамы?» → мама, «машина Кости» →
    Кости), as a relation's base form or a name as written; "" for the
    user's own or no one's."""
    english = _OWNER_EN.search(question)
    if english:
        return _as_relation(english[1]) or english[1]
    pairs: list[tuple[str, str]] = _OWNER_RU.findall(question)
    for before, word in pairs:
        if before.casefold() in STOP_WORDS:
            continue
        relation = _as_relation(word)
        if relation and relation != word.casefold():  # a genitive: «мамы»
            return relation
        if word[:1].isupper():
            return word
        if _GENITIVE_PLURAL.search(word) and word.casefold() not in STOP_WORDS:
            return word.casefold()  # «билеты родителей», «машина соседей»
    return ""


# a lower-case owner said in the genitive plural: «родителей», «соседей»,
# «друзей», «коллег» is too short to tell from other forms and stays out
_GENITIVE_PLURAL = re.compile(r"(?:ей|ов|ев)$")


def _as_relation(word: str) -> str:
    base = relation_base_forms([word.casefold()])[0]
    return base if base in RELATIONS else ""


def says_owner(text: str, owner: str) -> bool:
    """The text says the owner: a relation by any of its words («мама» by
    "mum", «мамы»), a name in either script; any text when none is asked."""
    if not owner:
        return True
    if owner in RELATIONS:
        words = [w.casefold() for w in _WORD.findall(text)]
        return not same_relation(owner).isdisjoint(relation_base_forms(words))
    if owner.islower():  # «родителей»: the word itself, in any form
        return _says_word(text, stem(owner))
    return says_name([text], {owner})


def asks_amount(text: str) -> bool:
    """The question asks what something costs or pays ("How much is our
    rent?", «Сколько мы платим за аренду?»), not how much of a thing
    ("How much coffee do I drink?")."""
    return bool(_ASKED.search(text))


def gives_amount(text: str, thing: AbstractSet[str]) -> bool:
    """Some sentence of the text says an amount and one of the `thing`'s
    stems, in either language."""
    return any(
        _AMOUNT.search(without_dates(sentence)) and says_stem(sentence, thing)
        for sentence in sentences(text)
    )


def without_dates(sentence: str) -> str:
    """The sentence with its dates, hours and ages blanked: «Купили билеты в
    Омск на 12 мая», «В воскресенье в 10 Тимур показал билет» say when, not
    what the tickets cost; «Прия Наир (Priya, 41, из Бангалора)» how old."""
    return _ASIDE.sub(_without_ages, _HOUR.sub(" ", _DATE.sub(" ", sentence)))


# an aside introducing a person, an age one of its items: "(Priya, 41, from
# Bangalore)", «(брат, 40)»; a price keeps its sign or word ("(€40)")
_ASIDE = re.compile(r"\([^()]*\)")
_AGE_ITEM = re.compile(r"(?<=[(,])\s*\d{1,2}\s*(?=\)|,(?!\s*\d))")


def _without_ages(aside: re.Match[str]) -> str:
    return _AGE_ITEM.sub(" ", aside.group(0))


def _says_word(text: str, word_stem: str) -> bool:
    """Some word of the text is a form of the word: the light stemmer cuts
    «родители» to "родите" and «родителей» to "родител", so one stem
    beginning the other (five letters or more) is the same word."""
    for said in {stem(word) for word in _WORD.findall(text)}:
        short, long = sorted((said, word_stem), key=len)
        if len(short) >= 5 and long.startswith(short):
            return True
    return False


def says_stem(sentence: str, thing: AbstractSet[str]) -> bool:
    """The sentence says one of the stems, in either language."""
    said = {stem(word) for word in _WORD.findall(sentence)}
    return any(s in thing or not twin_stems(s).isdisjoint(thing) for s in said)
