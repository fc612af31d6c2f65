"""«Во что я играл до велосипеда?»: a Russian past tense before a named state.

English says "before boxing" with a first-person past ("What sport did I
play before boxing?", search/before_own.py); Russian says «до»
with the thing in the genitive, a common noun as often as a name or a verbal
noun: «Чем Лёва занимался до хоккея?», «Чем я занималась по вечерам до
керамики?». With a past-tense verb in the question and «до X» closing it,
X is the later state and the question asks what came before it. Not a
destination: «Как я добиралась до работы?» (a verb of reaching, до-), «до
дома»; not a time: «до обеда», «до понедельника», «до двух».
"""

from __future__ import annotations

import re

from .morphology import stem

# A past-tense verb (masculine, feminine, neuter, plural; reflexive too):
# «играл», «занималась», «ходила», «были». Not one of reaching, prefixed
# до- («добиралась», «доехал»): its «до X» is where one got to.
_PAST_VERB = (
    r"(?<!\w)(?!до)[а-яё]{2,}(?:ал|ял|ел|ил|ыл|ол|ул)(?:а|о|и)?(?:ся|сь)?(?!\w)"
)

# Words after «до» that are a time or a place one goes to, not a state.
_NOT_A_STATE = (
    r"(?:обеда|ужина|завтрака|утра|вечера|ночи|полуночи|конца|начала|сих|того"
    r"|этого|недавнего|дома|работы|офиса|школы|садика|метро|станции|центра"
    r"|понедельника|вторника|среды|четверга|пятницы|субботы|воскресенья"
    r"|января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября"
    r"|ноября|декабря|лета|осени|зимы|весны|двух|трёх|трех|пяти|десяти)"
)

_BEFORE_STATE = re.compile(
    _PAST_VERB + rf".*?(?<!\w)до (?!{_NOT_A_STATE}(?!\w))([а-яёa-z]\w*)\s*[?.!]*$",
    re.I,
)


def state_before(text: str) -> str | None:
    """The later state a Russian question about before it names («до
    хоккея?» → «хоккея»), None when it asks no such thing."""
    found = _BEFORE_STATE.search(text)
    return found[1] if found else None


def later_stems(text: str) -> set[str]:
    """Stems of the later state such a question names: words its answer, the
    older state, need not share («Футзал в Закаки» answers «до велосипеда»)."""
    named = state_before(text)
    return {stem(named)} if named else set()
