"""Slots of the user's life that change over time: home, work, what they drink.

A question about the present or the past state ("Where's home for me these
days?", "Где я сейчас работаю?") rarely shares a word with the turn that
answers it ("we moved to Vienna", "первый день в новой компании"), and without
an embedder the FTS leg finds only the turns that repeat the question's words.
When a question about the user's own state asks about a slot, the slot's
words, in English and Russian, join the FTS terms and the words a hit may
support the question with (search/support.py): the turns that state the slot
in other words become candidates, and the stance's recency weighting
(search/standing.py) orders old and new states. Only the user's own state:
"Where does my boss live?" is about the boss, whose words it already carries.
"""

from __future__ import annotations

import re

from .frame_words import asks_what_is_held
from .kin_words import LIVE_WITH
from .leisure import WORKING_OUT

# «Что я пью по утрам?», «Что я пила раньше?»: the Russian verb asks the
# drink after «что» only; with a thing named it is that thing's («Какой статин
# я пью?», «Сколько мг бисопролола я пью?» ask a pill, as "taking" would)
RU_DRINK_ASKED = r"(?<!\w)что\s+(?:\w+\s+){0,3}(?:пь[юеё]\w*|пил[аи]?)(?!\w)"
# «Я пью чай или кофе?», «Я сейчас пью вино?»: a drink named by its word
_DRINK_NAMED = (
    r"(?<!\w)(?:кофе|ча[йяюе]|напит\w*|вин[оау]|пив[оау]|водк\w*|коньяк\w*"
    r"|виски|алкогол\w*|кол[аыуе]|лимонад\w*|газировк\w*|энергетик\w*"
    r"|вод[аыу]|сок\w*|молок\w*|кефир\w*|какао|смузи)(?!\w)"
)

# slot: (what marks a question about it, the words its statements use)
_SLOTS: dict[str, tuple[re.Pattern[str], tuple[str, ...]]] = {
    "home": (
        re.compile(
            # "where am I living?", not "for a living" (a job) nor "the living room";
            # "what's my address now?" asks the home (an address in a turn is
            # as often an email's, so it is no home word below)
            r"\b(?:live|(?<!\ba\s)living(?!\s+room)|home|city|moved?|address)\b"
            r"|(?<!\w)(?:жив[уеёи]\w*|жил\w*|дом|город\w*|переех\w*|адрес\w*)(?!\w)",
            re.I,
        ),
        (
            "live", "living", "home", "moved", "moving", "flat", "apartment",
            "house", "lease", "neighbourhood", "живём", "живу", "переехали",
            "переезжаем", "переезд", "квартира", "дом", "доме", "районе",
        ),
    ),
    # the hours of a shift worker's job, a narrower slot than "work" (whose
    # words, "job", "company", are anyone's): a nurse's or a driver's shifts,
    # not the ward or the depot (what the work's own words find)
    "shifts": (
        re.compile(
            # "on evenings", «по вечерам»: a shift named by its hours
            r"\b(?:shifts?|nights|on (?:evenings|days|earlies|lates))\b"
            r"|(?<!\w)(?:смен(?:а|ы|е|у|ой)?|ночам|работа\w* по вечерам)(?!\w)",
            re.I,
        ),
        (
            "shift", "shifts", "nights", "смена", "смену", "смены", "смене",
            "ночная", "дневная", "вечерняя",
        ),
    ),
    "work": (
        re.compile(
            r"\b(?:work|working|job|company|office|for a living|employer"
            r"|teach\w*)\b"
            r"|(?<!\w)(?:работ\w*|компани\w*|офис\w*|препода\w*)(?!\w)",
            re.I,
        ),
        # «заявление (об уходе)» is the Russian "handed in my notice": the
        # turn that leaves a job names the job only by its firm
        (
            "work", "job", "company", "office", "colleague", "joining",
            "notice", "startup", "interview", "работа",
            "работаю", "компании", "офис", "собеседование", "заявление",
        ),
    ),
    "drink": (
        re.compile(
            # not "favourite" alone: "my favourite film" is no drink
            rf"\b(?:drink\w*|coffee|tea)\b|{_DRINK_NAMED}|{RU_DRINK_ASKED}",
            re.I,
        ),
        (
            "drink", "coffee", "tea", "espresso", "prefer", "favourite",
            "пью", "кофе", "чай", "любимый", "предпочитаю",
        ),
    ),
    # a plan as first made, asked without its topic ("Where was I originally
    # going?", «Куда я сначала собиралась поехать?»): the turns that call it
    # off or replace it name it, in words of their own
    "original plan": (
        re.compile(
            r"^(?=.*\b(?:originally|at first|original)\b"
            r"|.*(?<!\w)(?:сначала|изначально|первоначальн\w*)(?!\w))"
            r"(?=.*\b(?:plan\w*|going|supposed|meant)\b"
            r"|.*(?<!\w)(?:собира\w*|планир\w*|план\w*)(?!\w))",
            re.I,
        ),
        (
            "plan", "trip", "instead", "cancelled", "план", "поездку",
            "поездка", "вместо", "отменяю", "отменяется", "отменили",
        ),
    ),
}  # fmt: skip
_USER = re.compile(
    r"\b(?:i|i'm|we|we're|me|my|our)\b|(?<!\w)(?:я|мы|мне|меня|нас|мо[йяеи]\w*|наш\w*)(?!\w)",
    re.I,
)
# Someone else's state ("my boss", "моя мама", "does Lena"), unless the word
# after "my" is the slot itself ("my job", "моя работа").
_OTHERS = re.compile(
    r"\b(?:my|his|her|their|does)\s+(\w+)|(?<!\w)(?:мо[йяеи]\w*|его|её|их)\s+(\w+)",
    re.I,
)

# Words between "my" and the slot that keep the state the user's own.
_OWN = re.compile(r"favou?rite|usual|current|preferred|любим\w*|обычн\w*", re.I)


def about_user(text: str) -> bool:
    """The question speaks of the user ("I", "my", "мы", "мой")."""
    return bool(_USER.search(text))


def slot_terms(text: str) -> tuple[str, ...]:
    """The words of the slots a question about the user's own state asks about."""
    # "what do you know about work?" asks the user's own as "tell me about
    # work" does, though no "me" says so (search/frame_words.py)
    if not about_user(text) and not asks_what_is_held(text):
        return ()
    for other in _OTHERS.finditer(text):
        word = other[1] or other[2]
        if _OWN.fullmatch(word):
            continue  # "my favourite drink": the user's own
        if not any(pattern.fullmatch(word) for pattern, _ in _SLOTS.values()):
            return ()
    found: list[str] = []
    for slot, (pattern, words) in _SLOTS.items():
        if slot == "home" and LIVE_WITH.search(text):
            continue  # who the user lives with, not where (kin_words.py)
        if slot == "work" and found and _SLOTS["shifts"][0].search(text):
            continue  # "What shifts am I working?": the shifts, not the job
        if slot == "work" and not pattern.search(WORKING_OUT.sub(" ", text)):
            continue  # "Where do I work out?": exercising, not the job
        if slot == "original plan" and not asks_original_plan(text):
            continue  # a topic named: its own words find the plan
        if pattern.search(text):
            found.extend(words)
    return tuple(dict.fromkeys(found))


def asks_home(text: str) -> bool:
    """The question asks about the user's own home ("Where do we live now?",
    «Где мы жили раньше?»): its slot words are the home's."""
    return set(_SLOTS["home"][1]) <= set(slot_terms(text))


def asks_work(text: str) -> bool:
    """The question asks about the user's own work ("What job do I have
    now?", «Где я сейчас работаю?»), not someone else's."""
    return set(_SLOTS["work"][1]) <= set(slot_terms(text))


# The most words of a question about the original plan that names no topic:
# a question word, a pronoun, the marker and one or two verbs ("Where was I
# originally going?", «Куда я сначала собиралась поехать?»); one naming its
# topic ("…with Misha", "…in November") is found by those words.
_BARE_WORDS = 5


def asks_original_plan(text: str) -> bool:
    """The question asks about a plan as first made and names no topic
    ("Where was I originally going?", «Куда мы сначала собирались?»): no
    more than _BARE_WORDS words, no name after the first."""
    words = re.findall(r"\w+", text)
    return (
        len(words) <= _BARE_WORDS
        and not any(word[0].isupper() and word != "I" for word in words[1:])
        and bool(_SLOTS["original plan"][0].search(text))
    )
