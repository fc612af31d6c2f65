"""Reading the user's text: safe FTS5 queries, time filters, dates and names.

Pure functions, no I/O, so every rule here is cheap to test on any input.
User text is never handed to FTS5 as syntax: each kept word becomes a quoted
term and the terms are OR-ed (AND-ing the words of a question finds almost
nothing, see design.md). Stop words are dropped because bm25 over OR-ed terms
otherwise rewards turns that merely say "what" and "did" often.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from ..core.errors import InputError
from ..core.relations import in_law_names
from ..core.text import UPPER_LETTERS
from .morphology import (
    is_russian,
    relation_base_forms,
    russian_stem,
    shadowed_terms,
    short_stem_forms,
)
from .verb_forms import present_of_past

# A capitalised word inside the question, after another word: a name ("Who
# did I live with before Giorgi?", «Как зовут отца Оськи?»); its first word
# is capitalised as any is.
INNER_NAME = re.compile(rf"(?<=\w[\s,])[{UPPER_LETTERS}]\w+")

DAY = 86_400.0
_WORD = re.compile(r"\w+", re.UNICODE)
_WORD_POSSESSIVE = re.compile(r"(\w+)(?:['’]s\b)?", re.UNICODE)
_SPACES = re.compile(r"[ \t]{2,}")

# Russian takes its function words in every case ("у нас", "какую", "этой");
# "том" (of "тот") is left out: it is also the name Tom.
STOP_WORDS = frozenset(
    """
    a about after again all also am an and any are as at be because been before
    being both but by can could did do does doing done during each either ever
    few for from had has have having he her here hers him his how i if in into
    is it its itself just kind like may me might more most much must my near
    no nor not now of off on once only or other our ours out over own same
    shall she should so some such than that the their theirs them then there
    these they this those through to too under until up upon us very was we
    were what whatever when where whether which while who whom whose why will
    with would yet you your yours likely something anything thing things one ones
    type types sort sorts ways many often still else another someone whats
    hi hello hey thanks thank ok okay please yeah yes
    и в во на с со что как это то а но или же ли бы не ни по к у о об от до
    за из для при про я ты он она мы вы они мне меня мой моя мои твой его её
    ее их был была были было есть ещё еще уже когда где кто почему зачем какой
    какая какие который которая привет спасибо пожалуйста
    сейчас теперь нынче
    нас нам нами вас вам вами им ими ему ей ею него нему ним них нее неё тебя
    тебе тобой себя себе собой мной мною моё мое моего моему моей моим моих мою
    твоя твоё твое твои твоего твоей наш наша наше наши нашего нашей нашему нашим
    наших нашу ваш ваша ваше ваши вашего вашей свой своя своё свое свои своего
    своей своим своих свою этот эта эти этого этой этом этих тот та те того той
    тех такой такая такое такие какое какую каком каких каким какого какой
    какому какими которому которую которым которых которыми
    которое которые которого которой котором чей чья чьё чье чьи сколько куда
    откуда тут там здесь вот ну да нет же бы ли чем чего чему кого кому кем очень
    все всё весь вся всех всем всеми тоже также ведь быть будет буду будем будут
    был бывает можно надо нужно если чтобы потому
    """.split()  # noqa: SIM905 - a word list reads better as text
)


class TimeFilterError(InputError):
    """A time filter the memory does not understand; the message says what works."""


def parse_time_filter(value: str, *, now: float | None = None) -> float:
    """Unix time for `last_week`, `last_month`, `YYYY-MM-DD` (UTC midnight) or an
    ISO 8601 date-time (`2024-05-01T14:30`, `...Z`, `...+02:00`; UTC if no zone)."""
    now = time.time() if now is None else now
    text = value.strip().lower()
    if text == "last_week":
        return now - 7 * DAY
    if text == "last_month":
        return now - 30 * DAY
    try:
        day = dt.date.fromisoformat(text)
    except ValueError:
        return _parse_moment(value)
    return dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC).timestamp()


def _parse_moment(value: str) -> float:
    try:
        moment = dt.datetime.fromisoformat(value.strip())
    except ValueError:
        raise TimeFilterError(
            f"unknown time filter {value!r}: use last_week, last_month or YYYY-MM-DD"
            " (or a date-time like 2024-05-01T14:30)"
        ) from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    return moment.timestamp()


def day_window(value: str) -> tuple[float, float]:
    """(start, end) unix seconds of the UTC day `YYYY-MM-DD`."""
    try:
        day = dt.date.fromisoformat(value.strip())
    except ValueError:
        raise TimeFilterError(f"unknown day {value!r}: use YYYY-MM-DD") from None
    start = dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC).timestamp()
    return start, start + DAY


# "these days" says when, not what: its "days" is no word to look for ("What
# sport do I do these days?" is not answered by "Long day at work"). So does
# the day a question asks ("What day is my class now?", «В какой день у меня
# теперь сербский?»): "день" found «день рождения», never the class's turns.
_THESE_DAYS = re.compile(
    r"\bthese\s+days\b|\b(?:what|which)\s+days?\b"
    r"|(?<!\w)(?:в|по)\s+как(?:ой|ие|им)\s+(?:день|дни|дням)(?!\w)",
    re.IGNORECASE,
)


def query_terms(text: str) -> list[str]:
    """Lower-cased words of `text` without stop words, in order, each once."""
    words = (w.lower() for w in _WORD.findall(_THESE_DAYS.sub(" ", text)))
    return list(
        dict.fromkeys(
            w for w in words if w not in STOP_WORDS and (len(w) > 1 or w.isdigit())
        )
    )


def without_words(text: str, words: Collection[str]) -> str:
    """`text` without the given lower-case words (and their possessive "'s");
    `text` itself when nothing else would be left."""
    if not words:
        return text
    kept = _WORD_POSSESSIVE.sub(lambda m: "" if m[1].lower() in words else m[0], text)
    kept = _SPACES.sub(" ", kept).strip()
    return kept if _WORD.search(kept) else text


def build_fts_query(text: str) -> str | None:
    """A MATCH expression that OR-s the quoted terms; None when nothing is left.

    Every term is a quoted string, so no user text can be read as FTS5 syntax.
    """
    return fts_match(query_terms(text))


def fts_match(
    terms: Sequence[str], *, short_forms: bool = False, formed: Collection[str] = ()
) -> str | None:
    """The OR of the quoted terms; None for no terms.

    A Russian word is searched by its stem as a prefix, so any ending matches
    (search/morphology.py); with `short_forms`, a stem of three letters or
    fewer by its noun forms instead (fts_term), and so are the terms of
    `formed` whatever `short_forms` says (a twin's: search/twin_words.py
    formed_twins). CJK words stay too (they match where the text has
    spaces); inside unsegmented text the substring search finds them.
    """
    quoted = [
        fts_term(term, short_forms=short_forms or term in formed) for term in terms
    ]
    return " OR ".join(dict.fromkeys(quoted)) or None


def fts_term(term: str, *, short_forms: bool = False) -> str:
    """A quoted term; a term of several words is an FTS5 phrase of them
    (search/twin_phrases.py: "новый год" is `"нов"* + "год"*`).

    With `short_forms`, a Russian word whose stem is three letters or fewer
    is the OR of its noun forms: as a prefix, «хор» is «хорошо» too. A time
    window's search asks so (its topic word is all it has) and so does a
    twin's (the question never said it, its prefix's matches would be
    noise); elsewhere the prefix's many matches keep the question's own
    word's weight low beside its other words (bm25's idf), which their
    ranking was tuned on."""
    if " " in term.strip():
        # a phrase's words are prefixes: an OR group cannot stand in one
        return " + ".join(_fts_word(word) for word in term.split())
    shadowed = shadowed_terms(term)
    if shadowed:  # «летом» is not «лет» (years): its forms, not the prefix
        own, adjective = shadowed
        prefix = [_quoted(adjective) + "*"] if adjective else []
        return "(" + " OR ".join([*map(_quoted, own), *prefix]) + ")"
    forms = short_stem_forms(term) if short_forms and is_russian(term) else None
    said = [_quoted(form) for form in forms] if forms else [_fts_word(term)]
    # «курил» was told as «курю»: a past verb's present (search/verb_forms.py)
    said += [_quoted(prefix) + "*" for prefix in present_of_past(term)]
    return "(" + " OR ".join(said) + ")" if len(said) > 1 else said[0]


def _fts_word(word: str) -> str:
    if is_russian(word):
        return _quoted(fts_prefix(word)) + "*"
    return _quoted(word)


def _quoted(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def fts_prefix(word: str) -> str:
    """The prefix a Russian word is searched by: its stem, less a verb's
    theme vowel ("работает" → "работ", as "работу" and "работы" are)."""
    found = russian_stem(word)
    if found != word.lower() and found[-1] in _THEME_VOWELS and len(found) >= 5:
        return found[:-1]
    return found


_THEME_VOWELS = frozenset("аяеи")


def name_candidates(text: str, *, max_words: int = 3) -> list[str]:
    """Word n-grams (1..max_words) that could name an entity, longest first.

    Capitalised words are where names usually are, but a lower-case alias
    ("mom", "vitya") must work too, so every n-gram not made only of stop
    words is a candidate; the entity table decides.
    """
    words = _WORD.findall(text)
    out = _ngrams(words, max_words)
    based = relation_base_forms(words)  # "моей жене" also as "моя жена"
    if based != words:
        out += _ngrams(based, 2)
    in_laws, _ = in_law_names(text)  # "my mother-in-law", split by _WORD
    return list(dict.fromkeys([*in_laws, *out]))


def _ngrams(words: Sequence[str], max_words: int) -> list[str]:
    out: list[str] = []
    for size in range(max_words, 0, -1):
        for start in range(len(words) - size + 1):
            gram = words[start : start + size]
            if all(w.lower() in STOP_WORDS for w in gram):
                continue
            if size == 1 and len(gram[0]) < 2:
                continue
            out.append(" ".join(gram))
    return out


@dataclass(frozen=True, slots=True)
class DateSpan:
    """A day, month or year named in a query, as a UTC [start, end) window."""

    start: float
    end: float


_MONTHS = {
    name.lower(): index for index, name in enumerate(calendar.month_name) if name
} | {name.lower(): index for index, name in enumerate(calendar.month_abbr) if name}
_MONTH_RE = "|".join(sorted(_MONTHS, key=len, reverse=True))
_DAY_MONTH_YEAR = re.compile(
    rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+({_MONTH_RE})\.?,?\s+(\d{{4}})\b", re.I
)
_MONTH_DAY_YEAR = re.compile(
    rf"\b({_MONTH_RE})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b", re.I
)
_MONTH_YEAR = re.compile(rf"\b({_MONTH_RE})\.?,?\s+(\d{{4}})\b", re.I)
_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")


def _utc(year: int, month: int, day: int) -> float:
    return dt.datetime(year, month, day, tzinfo=dt.UTC).timestamp()


def _day_span(year: int, month: int, day: int) -> DateSpan | None:
    try:
        start = _utc(year, month, day)
    except ValueError:
        return None
    return DateSpan(start, start + DAY)


def _month_span(year: int, month: int) -> DateSpan:
    last = calendar.monthrange(year, month)[1]
    return DateSpan(_utc(year, month, 1), _utc(year, month, last) + DAY)


def query_dates(text: str) -> list[DateSpan]:
    """Days and months written in the text ("8 May 2023", "May 8, 2023", ...)."""
    spans: list[DateSpan] = []
    for m in _ISO.finditer(text):
        spans.append(_day_span(int(m[1]), int(m[2]), int(m[3])) or DateSpan(0, 0))
    for m in _DAY_MONTH_YEAR.finditer(text):
        spans.append(
            _day_span(int(m[3]), _MONTHS[m[2].lower()], int(m[1])) or DateSpan(0, 0)
        )
    for m in _MONTH_DAY_YEAR.finditer(text):
        spans.append(
            _day_span(int(m[3]), _MONTHS[m[1].lower()], int(m[2])) or DateSpan(0, 0)
        )
    if not spans:
        for m in _MONTH_YEAR.finditer(text):
            spans.append(_month_span(int(m[2]), _MONTHS[m[1].lower()]))
    return [s for s in spans if s.end > s.start]


_NOT_PLURAL = frozenset("is was does has this his its yours hers ours theirs".split())
_MANY_PHRASES = re.compile(
    r"\b(?:kinds? of|types? of|sorts? of|how many|what are|which are|"
    r"what (?:has|have)|where (?:has|have))\b",
    re.IGNORECASE,
)


def asks_for_many(question: str) -> bool:
    """True for questions whose answer is a list gathered from several places
    ("What activities does Melanie do?", "How many times...", "kinds of")."""
    if _MANY_PHRASES.search(question):
        return True
    words = [w.lower() for w in _WORD.findall(question)[:4]]
    if not words or words[0] not in ("what", "which"):
        return False
    return any(
        len(w) > 3 and w.endswith("s") and not w.endswith("ss") and w not in _NOT_PLURAL
        for w in words[1:3]
    )
