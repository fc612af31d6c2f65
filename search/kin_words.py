"""General verbs a question uses, and the specific words its answers use.

"Что я готовил?" is answered by "Сварил борщ" and "Пёк хлеб", "Did I work
out this week?" by "Swam 2 km" and "Back from bouldering": people ask with
the general verb and tell with the specific one. Without an embedder no
word of such a question meets its answer (the FTS leg then fills a window
with its newest small talk), so an everyday family's specific words,
in both languages, join its search words (like a slot's words,
search/slots.py). Only families whose general word has no other common
sense: "готовиться к экзамену" is not cooking.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .query_text import INNER_NAME

# "Who do I live with?", «С кем я живу?»: a question about the people of the
# home, not about where it is (search/slots.py leaves its home slot out).
LIVE_WITH = re.compile(
    r"\blive\s+with\b|\blives?\s+with\s+(?:me|us)\b"
    r"|(?<!\w)с\s+кем\s+(?:\w+\s+){0,3}жив[уёе]\w*"
    r"|(?<!\w)жив[уёе]\w*\s+(?:вместе\s+)?с\s+кем\b",
    re.I,
)

_LIVING = re.compile(r"liv(?:e|es|ed|ing)|жив\w*|жил\w*", re.I)


def without_frame(text: str, terms: list[str]) -> list[str]:
    """`terms` without the verb of "Who do I live with?": the answer is a
    flatmate, and «левая рука живёт своей жизнью» shares only the verb. Not
    beside a name ("Who did I live with before Giorgi?"): the name alone
    would make it a question about that person (search/people.py)."""
    if not LIVE_WITH.search(text) or INNER_NAME.search(text):
        return terms
    return [term for term in terms if not _LIVING.fullmatch(term)]


# A language (a subject learnt in classes) asked with a time word, and not
# who teaches it («С кем я сейчас занимаюсь английским?» asks the tutor),
# nor when the question names its options («онлайн или в VHS?»: their own
# words answer it, search/topic_things.py names_what_it_asks).
ASKED_CLASS = re.compile(
    r"^(?!\W*(?:who|whom|кто|с\s+кем)(?!\w))(?!.*(?:\bor\b|(?<!\w)или(?!\w)))"
    r"(?=.*\b(?:now|these\s+days|nowadays|currently|any\s?more)\b"
    r"|.*(?<!\w)(?:сейчас|теперь|нынче)(?!\w))"
    r"(?=.*\b(?:english|german|french|spanish|italian|portuguese|serbian|greek"
    r"|polish|dutch|turkish|arabic|chinese|mandarin|japanese|korean)\b"
    r"|.*(?<!\w)(?:английск|немецк|французск|испанск|итальянск|португальск"
    r"|сербск|греческ|польск|голландск|турецк|арабск|китайск|японск|корейск)\w*)",
    re.I | re.S,
)

# "give up", "stayed off", "kicked the habit": the quitting said by a phrase,
# whose words ("give", "off") no turn of the end shares; asked as "quit",
# the end's family below reads it.
_QUITTING_PHRASE = re.compile(
    r"\b(?:give|gave|given|giving)\s+up\b|\bstay(?:ed|ing|s)?\s+off\b"
    r"|\bkick(?:ed|ing)?\s+the\s+habit\b",
    re.I,
)


def quitting_plain(text: str) -> str:
    """`text` with a phrase of quitting said as "quit": "Have I given up
    cigarettes?" -> "Have I quit cigarettes?"."""
    return _QUITTING_PHRASE.sub("quit", text)


# "did I stop smoking?", «я бросил пить?»: the end is told by any of its
# words ("quit today", «всё, бросаю», «завязала», "a week without"), rarely
# by the asked verb (search/end_words.py reads them). A family of its own:
# its words say only its verb, not the thing ended ("Quit the gym" says no
# "smoking"), so search/support.py pairs them apart (`ending_kin`).
_ENDING = re.compile(
    r"\b(?:stop|stopped|quit|quitting)\b"
    r"|(?<!\w)(?:брос(?:ил[аи]?|ать|аю|ить)|завязал[аи]?|перестал[аи]?"
    r"|перестать)(?!\w)",
    re.I,
)
_ENDING_WORDS = (
    "quit", "quitting", "stopped", "gave", "without", "бросил", "бросила",
    "бросаю", "бросать", "бросить", "завязал", "завязала", "без",
)  # fmt: skip


def ending_kin(terms: Iterable[str]) -> tuple[frozenset[str], frozenset[str]]:
    """(the terms that are a verb of ending, the words a turn says it by),
    both empty without one."""
    verbs = frozenset(term for term in terms if _ENDING.fullmatch(term))
    return verbs, frozenset(_ENDING_WORDS) if verbs else frozenset()


# (what marks the general verb in a question, the words the answers use)
_FAMILIES: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (
        re.compile(
            r"\b(?:cook|cooked|cooking|cooks)\b"
            r"|(?<!\w)(?:при)?готов(?:ил[аи]?|ить|лю|ишь|ит|им|ят)(?!\w)",
            re.I,
        ),
        (
            "cook", "bake", "boil", "fry", "roast", "grill", "stew",
            "готовил", "приготовил", "варил", "сварил", "пёк", "испёк", "пекла",
            "испекла", "жарил", "пожарил", "тушил", "запёк", "запекла",
        ),
    ),
    (
        re.compile(
            r"\b(?:work(?:ed)?\s+out|exercis\w*|sports?|train(?:ed|ing))\b"
            r"|(?<!\w)(?:спорт\w*|тренир\w*|тренировк\w*)(?!\w)",
            re.I,
        ),
        (
            "run", "swam", "swim", "gym", "yoga", "bouldering", "climbing",
            "hike", "бегал", "пробежал", "плавал", "спортзал", "йога", "скалодром",
            "поход", "тренировка",
        ),
    ),
    (
        re.compile(
            r"\b(?:smok(?:e|es|ed|ing)|vap(?:e|es|ed|ing))\b"
            r"|(?<!\w)(?:за|по)?кур(?:ю|ишь|ит|ил[аи]?|ить|ение|ения)(?!\w)",
            re.I,
        ),
        (
            "cigarette", "cigarettes", "vape", "vaping", "nicotine", "сигарета",
            "сигареты", "сигарет", "вейп", "никотин", "курилка",
        ),
    ),
    (
        # the thing smoked names the habit: "am I still off the cigarettes?"
        # is answered by "yeah I'm smoking again", «опять курю» (not by the
        # infinitive: «хочу курить», «бросаю курить» want or quit it)
        re.compile(r"\bcigarettes?\b|(?<!\w)сигарет\w*", re.I),
        (
            "smoke", "smokes", "smoking", "cigarette", "cigarettes", "сигарета",
            "сигареты", "сигарет", "курю", "перекур",
        ),
    ),
    (
        # the parents are told of one by one: "Dad called", «мама прислала»
        re.compile(r"\bparents\b|(?<!\w)родител(?:и|ей|ям|ями|ях)(?!\w)", re.I),
        (
            "mum", "mom", "dad", "mother", "father", "мама", "маме", "маму",
            "папа", "папе", "папу", "родители", "родителями",
        ),
    ),
    (
        # "Who does Mark train with?", «С кем Марк тренируется?»: the coach,
        # told of by the word ("Тренер Эоин, молодой парень"); not «С кем я
        # занимаюсь английским?», a tutor
        re.compile(
            r"\bwho\b(?:\s+\w+){0,3}\s+(?:train|practi[cs]e)\w*\s+with\b"
            r"|\bwho\s+coach(?:es)?\b"
            r"|(?<!\w)с\s+кем\s+(?:\w+\s+){0,3}тренир\w*"
            r"|(?<!\w)кто\s+(?:\w+\s+){0,2}тренир\w*",
            re.I,
        ),
        ("coach", "coaches", "тренер", "тренера", "тренеру", "тренером"),
    ),
    (
        # "who teaches me english now?", «с кем я сейчас учу английский?»,
        # «кто меня учит водить?»: the teacher asked by the teaching, told of
        # as the tutor or the lesson ("lesson with Kate", «репетитор Маша»)
        re.compile(
            r"\bwho\s+(?:\w+\s+){0,2}teach\w*"
            r"|\bwho\s+(?:do|did)\s+(?:i|we)\s+(?:\w+\s+){0,2}(?:learn|stud)\w*"
            r"\s+(?:\w+\s+){0,2}with\b"
            r"|(?<!\w)с\s+кем\s+(?:\w+\s+){0,3}(?:учу|учим|учил[аи]?|занимаюсь"
            r"|занимаемся|занимал[аи]?сь)(?!\w)"
            r"|(?<!\w)кто\s+(?:\w+\s+){0,3}(?:учит|учил[аи]?|преподава?л?\w*)(?!\w)"
            # the verb alone, as `family_verbs` reads a term (never a question);
            # in the present only: "who taught me guitar?" is no lesson's
            r"|^(?:teach|teaches|учу|учим|учит|занимаюсь|занимаемся)$",
            re.I,
        ),
        (
            "tutor", "teacher", "lesson", "lessons", "репетитор", "репетитора",
            "репетитором", "учитель", "учительница", "преподаватель", "урок",
            "занятие",
        ),
    ),
    (
        # "who treats my back now?", «кто мне сейчас спину лечит?»: the one
        # who treats, told of by the treatment ("massage with Ira", «к Эльвире
        # на массаж», «физиотерапевт», «уколы у невролога»)
        re.compile(
            r"\bwho\s+(?:\w+\s+){0,2}(?:treat|treats|treated|treating)\b"
            r"|(?<!\w)кто\s+(?:\w+\s+){0,3}лечи(?:т|л|ла)(?!\w)"
            r"|^(?:treat|treats|лечит)$",  # the verb alone, as above
            re.I,
        ),
        (
            "doctor", "massage", "physio", "physiotherapist", "therapist",
            "врач", "доктор", "массаж", "массажа", "массаже", "массажист",
            "массажистка", "физиотерапевт", "невролог", "мануальщик",
        ),
    ),
    (
        # "who looks after mum now?", «кто сейчас ухаживает за мамой?»: the
        # carer, told of as such ("mum's new carer Rosa", «сиделка Валя»); not
        # «смотрит за папой», whose answer may be no carer (it lowered life 23)
        re.compile(
            r"\bwho\s+(?:\w+\s+){0,2}(?:looks?|looking|takes?|taking)\s+"
            r"(?:after|care\s+of)\b"
            r"|(?<!\w)кто\s+(?:\w+\s+){0,3}(?:ухаживает|присматривает)"
            r"(?!\w)",
            re.I,
        ),
        (
            "carer", "caregiver", "nurse", "nanny", "babysitter", "сиделка",
            "сиделку", "сиделкой", "медсестра", "няня", "няню",
        ),
    ),
    (
        # "which days is my spanish now", «В какие дни у меня теперь
        # испанский?»: a language asked alone with a time word is its class,
        # whose turns say the class ("saturday spanish class", «пара
        # испанского», "back at the VHS course"); not who teaches it
        ASKED_CLASS,
        (
            "class", "classes", "lesson", "lessons", "course", "курсы", "курс",
            "занятие", "занятия", "урок", "уроки",
        ),
    ),
    (
        # "who am I married to?", "my spouse", «на ком я женат?», «за кем я
        # замужем?»: the spouse, told of as the wife or the husband
        re.compile(
            r"\bmarried\s+to\b|\bspouse\b"
            r"|(?<!\w)на\s+ком\s+(?:\w+\s+){0,2}женат\w*"
            r"|(?<!\w)за\s+кем\s+(?:\w+\s+){0,2}замужем(?!\w)",
            re.I,
        ),
        ("wife", "husband", "жена", "муж", "супруг", "супруга"),
    ),
    (
        LIVE_WITH,  # the people of a home: a flatmate, a partner
        (
            "flatmate", "roommate", "housemate", "partner", "girlfriend",
            "boyfriend", "wife", "husband", "сосед", "соседка", "соседом",
            "соседкой", "квартире", "въехал", "въехала", "въезжает", "девушка",
            "парень", "жена", "муж",
        ),
    ),
)  # fmt: skip


def kin_terms(text: str) -> tuple[str, ...]:
    """The specific words of the everyday families whose general verb `text`
    uses, in both languages: a bilingual user tells what they did in either
    ("What sport did I use to do?": «Утренняя йога»)."""
    found: list[str] = []
    families = (*_FAMILIES, (_ENDING, _ENDING_WORDS))
    for pattern, words in families:
        if pattern.search(text):
            for word in words:
                # "пёк" is often typed "пек"; the index keeps ё apart from е
                found.extend((word, word.replace("ё", "е")))
    return tuple(dict.fromkeys(found))


def family_verbs(terms: Iterable[str]) -> frozenset[str]:
    """The terms that are the general verb of a family ("готовил", "smoke"):
    a turn saying one of the family's words says the verb."""
    return frozenset(
        term for term in terms for pattern, _ in _FAMILIES if pattern.fullmatch(term)
    )
