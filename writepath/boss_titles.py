"""A boss introduced by a work title, never by the word "boss".

"Ingrid Vos, head of primary", "our head of primary Graham Hale", "the
headteacher, Mrs Brown", "my line manager Tom", "team lead Priya",
«директор школы Иван Петрович», «наш тимлид Олег», «завуч Ольга»: the user
later asks "Who's my boss?" / «Кто мой руководитель?», so the person is filed
with the relation "boss" (and a newer title-holder replaces an older boss, as
a newer "my boss" does: writepath/relations.py).

"head" alone is a body part ("my head hurts"): only "head of <something>",
"head teacher" and the one-word titles count. A title owned by someone else
("Lev's headteacher", «его начальник») is no title of the user's boss. The
head of a school or an office is the user's boss only when the user owns
the title ("our head of primary") or the turn is about the user's work
("Interview went well", "came to watch my lesson"): a parent meets their
child's headteacher far more often than a teacher names their own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.relations import RELATION_OWNERS

BOSS = "boss"

# Titles said in one word: the person is the head of the user's workplace.
_ONE_WORD = frozenset(
    """headteacher headmaster headmistress principal director тимлид завуч""".split()
)
# Two-word titles: "line manager", "team lead".
_TWO_WORDS = frozenset(
    [
        ("head", "teacher"),
        ("line", "manager"),
        ("team", "lead"),
        ("team", "leader"),
        # the senior one of the user's own trade: a paramedic's or a
        # junior doctor's "senior doctor", a nurse's "head nurse" (a charge
        # nurse leads a shift, a colleague above the user, no line manager)
        ("senior", "doctor"),
        ("head", "nurse"),
        ("ward", "sister"),
        ("store", "manager"),
        ("shop", "manager"),
        ("старший", "врач"),
        ("старшая", "медсестра"),
    ]
)
# Russian heads of a unit, said with the unit in the genitive or the
# instrumental («директор школы», «руководитель отдела», «заведующий
# отделением», «заведующая кафедрой»), or alone.
_RU_HEADS = ("директор", "заведующ", "руководител", "начальни")
# «руководительница хора», «руководитель кружка»: Russian says the leader of
# a choir or a club with a boss's word; they are no boss of the user's.
PASTIMES = frozenset(
    """хора кружка клуба студии секции ансамбля оркестра труппы театра""".split()
)
# Titles only a workplace has ("line manager", «тимлид»), any owner's;
# the others head a school or an office a parent deals with too.
_WORK_ONLY = frozenset({"тимлид", "line", "team"})
# The turn is about the user's own work: their job, interview, lesson, staff.
_AT_WORK = re.compile(
    r"\b(?:my|our)\s+(?:job|work|lesson|lessons|class|classroom|team|office"
    r"|colleagues?|department|contract)\b|\b(?:interview|job offer|staff|first day"
    r"|new job|trial lesson|at work)\b"
    r"|\b(?:my|our)\s+(?:shift|shifts|rota)\b"
    # applying for a job: the head of the place is the boss to be
    r"|\b(?:my|our)\s+(?:cv|résumé|resume)\b"
    # news from the personnel office is news of the user's workplace; the
    # capitals only ("2 hr walk" is an hour)
    r"|(?-i:\bHR\b)"
    r"|(?<!\w)(?:на работе|на смен[еу]|мо(?:я|ей) смен\w*|мо(?:й|ём|ем) класс\w*"
    r"|мо(?:и|ей) урок\w*|собеседовани\w*"
    r"|коллег\w*|резюме|первый (?:рабочий )?день|новой работе|на работу"
    # the staff's morning meeting is held at the user's own workplace
    r"|планёрк\w*|планерк\w*)(?!\w)",
    re.I,
)
# Possessives that make the title someone else's ("his principal", «его
# начальник»); a name's "'s" too ("Sam's headteacher").
_THEIRS = frozenset(
    """his her their its your его её ее их твой твоя ваш ваша""".split()
)


# A title that ends a sentence is said of someone already named ("he's the
# team lead now."); the capital after it opens the next sentence, no name.
_SENTENCE_ENDS = (".", "!", "?", "…")

# What may stand between a title and the name: «старший врач тут — Ольга»,
# and the present copula, the title as the subject ("the new head of IT is
# Priya Nair"); "was" is left out: it names the one who held it before.
_BETWEEN = frozenset("— – - тут здесь is это".split())


# A new holder announced, then named in the next sentence: «первый день
# новой начальницы. Прия Наир (41, …)», "the new head of IT. Priya Nair, ex-
# Zalando". Only a NEW title does so (the one already named is told "he's the
# team lead now."), and only a full name or a name with its aside follows:
# one capital alone is as likely the next sentence's verb («Спросил…»).
_NEW = re.compile(r"^(?:new|нов(?:ый|ая|ой|ого|ую|ому|ым|ое))$", re.I)
_NAME_OPENS = r"[.!…]\s+[A-ZА-ЯЁ][\w-]+(?:\s+[A-ZА-ЯЁ][\w-]+|\s*\()"


def _new_title_then_name(raw: Sequence[str], text: str) -> bool:
    """The sentence ends with a new title and the next one opens with a
    person's full name, or a name and an aside about them."""
    words = _clean(raw)
    for at in range(1, len(words)):
        length = _title_length(words, at)
        if length and at + length == len(words) and _NEW.match(words[at - 1]):
            last = re.escape(raw[-1].rstrip(".!…"))
            return re.search(last + _NAME_OPENS, text) is not None
    return False


def _clean(words: Sequence[str]) -> list[str]:
    return [w.strip(',.!?;:()«»"').casefold() for w in words]


def _title_length(words: Sequence[str], at: int) -> int:
    """How many words from `at` make a boss title (0 for none)."""
    word = words[at]
    after = words[at + 1] if at + 1 < len(words) else ""
    if word == "head" and after == "of" and at + 2 < len(words):
        return 3  # "head of primary"
    if (word, after) in _TWO_WORDS:
        return 2
    if word in _ONE_WORD:
        return 1
    if word.startswith(_RU_HEADS):
        # the unit in the genitive may follow: «руководитель отдела»
        unit = after.isalpha() and after.endswith(
            ("а", "ы", "и", "я", "ем", "ой", "ом")
        )
        if after in PASTIMES:
            return 0
        return 2 if unit else 1
    return 0


def _owned_by_another(raw: Sequence[str], at: int) -> bool:
    """The title at `at` follows another's possessive ("Sam's", "his")."""
    if at == 0:
        return False
    previous = raw[at - 1]
    return previous.casefold() in _THEIRS or previous.endswith(("'s", "’s"))


def _users_title(words: Sequence[str], at: int, text: str) -> bool:
    """The title at `at` is the user's boss's: a workplace's own, owned by
    the user ("our head of primary"), or said in a turn about their work."""
    owned = at > 0 and words[at - 1] in RELATION_OWNERS
    return words[at] in _WORK_ONLY or owned or bool(_AT_WORK.search(text))


def boss_before(before_words: Sequence[str], text: str) -> str:
    """ "our head of primary Graham Hale", "the headteacher, Mrs Brown" (the
    title word "Mrs" already cut), «директор школы Иван Петрович»."""
    return BOSS if _title_before(before_words, text) else ""


def _title_before(before_words: Sequence[str], text: str) -> int:
    """The length of the user's boss's title ending right before the name
    (0 for none); a dash or "here" may stand between («старший врач тут —
    Ольга Викторовна»)."""
    raw = list(before_words[-7:])
    while raw and raw[-1].casefold() in _BETWEEN:
        raw.pop()
    if raw and raw[-1].endswith(_SENTENCE_ENDS) and not _new_title_then_name(raw, text):
        return 0  # «он теперь тимлид. Спросил…»: the title ends a sentence
    raw = raw[-5:]
    words = _clean(raw)
    for at in range(len(words)):
        length = _title_length(words, at)
        if not length or at + length != len(words) or _owned_by_another(raw, at):
            continue
        return length if _users_title(words, at, text) else 0
    return 0


def boss_after(after_words: Sequence[str], text: str) -> str:
    """ "Ingrid Vos, head of primary there", "Tom, my line manager"."""
    words = _clean(after_words[:5])
    if not words or words[0] not in ("", "is", "—", "–", "-", "это"):
        return ""
    at = 2 if words[1:2] and words[1] in ("my", "our", "the", "наш", "наша") else 1
    if at < len(words) and _title_length(words, at) and _users_title(words, at, text):
        return BOSS
    return ""


def boss_over_qualified(relation: str, before_words: Sequence[str], text: str) -> str:
    """The relation read before the name, unless it is a qualified one a
    title makes the boss ("my line manager" is no "line manager" of its own)
    or the last word of a title of two («наш старший врач Ольга»: no врач of
    the user's); a bare relation word stays itself ("мой начальник Оливер":
    начальник)."""
    length = _title_before(before_words, text)
    if relation and " " not in relation and length < 2:
        return relation
    return BOSS if length else relation
