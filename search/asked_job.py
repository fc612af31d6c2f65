"""What someone does for a living, asked of them by name: "what does callum
do for a living?", "what's Callum's job?", «кем работает Каллум?».

Every turn naming a friend (a dinner, a football team) names him, and none
of those is his job: a turn answers only by saying work ("Callum works at
the yard", «Каллум работает в банке») or an occupation ("Callum's a
plumber"). The person is read from the question's own shape, as a name
even in lower case (the slot of "what does ___ do for a living"); the
user's own job ("what do I do for a living?") is the slots' (slots.py).
"""

from __future__ import annotations

import re

from ..core.workplaces import OCCUPATIONS
from .morphology import stem
from .query_text import STOP_WORDS
from .slots import asks_work

# the person is the group named "who"; "my", "I" and the like are no one
_JOB_ASKED = re.compile(
    r"\bwhat\s+(?:does|did)\s+(?P<who>\w+)\s+do\s+for\s+(?:a\s+living|work|money)\b"
    r"|\b(?P<whose>\w+)['’]s\s+(?:job|occupation|profession|line\s+of\s+work)\b"
    r"|(?<!\w)кем\s+(?:сейчас\s+|теперь\s+)?работа\w*\s+(?P<ru>\w+)"
    r"|(?<!\w)кем\s+(?P<ru_before>\w+)\s+(?:сейчас\s+|теперь\s+)?работа\w*"
    r"|(?<!\w)(?:какая\s+)?професси\w*\s+(?:у\s+)?(?P<ru_of>\w+)",
    re.I,
)
_NO_ONE = frozenset("i me my you your we our я ты мы мой моя меня у".split())
# the words of work a turn says it by, in both languages: a new job is told
# by its first shift or by being taken on ("hired", «устроился», «перешёл в
# диспетчеры»), as often as by the word "job"
_WORK_SAID = frozenset(
    stem(word)
    for word in """work works worked working job jobs career employed employer
    occupation profession shift shifts hired работа работы работу работе
    работает работал работала работают профессия профессии должность смена
    смены устроился устроилась перешёл перешел перешла""".split()
)
_WORK = _WORK_SAID | frozenset(map(stem, OCCUPATIONS))
# the user's own job asked by its noun ("what is my job now?", "what job do I
# have?", «какая у меня сейчас работа?», «моя профессия»), not where one works
_JOB_NOUN = re.compile(
    r"\b(?:job|occupation|profession|line\s+of\s+work|for\s+a\s+living)\b"
    r"|(?<!\w)(?:работа|работу|професси\w*|должность)(?!\w)",
    re.I,
)


def job_asked_of(text: str) -> str | None:
    """The word naming whom the question asks the job of ("callum" of "what
    does callum do for a living?"), None when it asks no one's job."""
    for match in _JOB_ASKED.finditer(text):
        who = next((w for w in match.groups() if w), None)
        if who and who.casefold() not in _NO_ONE and who.casefold() not in STOP_WORDS:
            return who
    return None


def asked_job(text: str) -> frozenset[str]:
    """The stems a turn must say a job by, when the question asks someone's
    job (`job_asked_of`); empty otherwise."""
    return _WORK if job_asked_of(text) else frozenset()


def own_job_words(text: str) -> frozenset[str]:
    """The stems a turn tells the user's job by, when the question asks it by
    the job's noun: "what is my job now?" frames by "job" (a generic word,
    frame_words.py) and is answered by "new job at the Royal" or «первая
    смена диспетчером», which the work slot's own words (slots.py) miss;
    empty for any other question, someone else's job included."""
    if not _JOB_NOUN.search(text) or not asks_work(text):
        return frozenset()
    return _WORK_SAID
