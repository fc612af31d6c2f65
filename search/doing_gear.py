"""A doing told by its gear and its own verbs: «Купили по шоссейнику», "a 60 km ride".

A sport is often started by buying its gear and never named: «Купили с
Серёгой по подержанному шоссейнику», "Bought a second-hand road bike"; its
later turns say what one does with it ("First Saturday ride, 42 km",
«Суббота: 70 км до Авдиму»), never "cycling". Here each such doing has its
gear (bought: a start) and its verbs and measure (a turn of the doing once
it is taken up). Each doing is keyed by the stem of its member in
search/kinds.py ("cycling", "tennis"), as the doing's word would be.
"""

from __future__ import annotations

import re

from .morphology import stem

# "bought", "got myself", «купил», «купили», «взяли», «приобрёл»
_BOUGHT = re.compile(
    r"\b(?:bought|buy(?:ing)?|got (?:myself |ourselves )?|picked up|ordered)\b"
    r"|(?<!\w)(?:купил\w*|купл\w*|покупа\w*|взял\w*|приобр[её]л\w*|заказал\w*)(?!\w)",
    re.I,
)
# A distance said in the turn: "42 km", «70 км», "10 miles"
_DISTANCE = r"\d+(?:[.,]\d+)?\s*(?:km|kilomet\w*|miles?|км|килом\w*|миль)(?!\w)"


# doing (a member of search/kinds.py) → (its gear, its verbs and measure)
def _doing(gear: str, verbs: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    return (
        re.compile(rf"(?<!\w)(?:{gear})(?!\w)", re.I),
        re.compile(rf"(?<!\w)(?:{verbs})(?!\w)", re.I),
    )


_DOINGS = {
    stem("cycling"): _doing(
        r"(?:road |mountain |racing |gravel )?bikes?|bicycles?"
        r"|велосипед\w*|велик\w*|шоссейник\w*",
        r"rode|rides?|riding|cycled|pedall?ed"
        r"|катал\w*|катаюсь|прокатил\w*|поездк\w*|крутил\w* педали|" + _DISTANCE,
    ),
    stem("running"): _doing(
        r"running shoes|trainers|беговые кроссовки",
        r"ran|jogged|пробежал\w*|бегал\w*|" + _DISTANCE,
    ),
    stem("tennis"): _doing(r"(?:tennis )?rackets?|ракетк\w*", r"rall(?:y|ied)"),
    # a bite and the catch tell a fishing day ("ни одной поклёвки", «улов»),
    # and so does the doing's own verb («рыбачили», «порыбачили»)
    stem("fishing"): _doing(
        r"(?:fishing )?rods?|удочк\w*|спиннинг\w*",
        r"caught|поймал\w*|(?:по)?кл[её]в\w*|улов\w*|(?:по)?рыбач\w*",
    ),
    # woodwork is told by its bench, tools and timber, and later by the shed
    # or workshop it is done in and by what was planed or made there ("Made
    # a chopping board from an oak offcut", «Вечер в сарае, строгал доски»);
    # "plane" alone is a flight, so only a hand plane or planing counts
    stem("woodworking"): _doing(
        r"workbench\w*|chisels?|(?:hand|block) planes?|timber|lumber|sandpaper"
        r"|lathe"
        r"|верстак\w*|стамеск\w*|рубан\w*|древесин\w*|пиломатериал\w*",
        r"woodwork\w*|sand(?:ed|ing)|planed|planing|whittl\w*|dovetails?"
        r"|offcuts?|sawdust|(?:in|to) (?:the|my) (?:shed|workshop)"
        r"|(?:вы|по)?строга\w*|шлифова\w*|опилк\w*"
        r"|(?:в|из) (?:сара[ейю]\w*|мастерск\w*)",
    ),
}


def gear_bought(text: str) -> frozenset[str]:
    """The doings whose gear the text buys («Купили по шоссейнику»)."""
    if not _BOUGHT.search(text):
        return frozenset()
    return frozenset(key for key, (gear, _) in _DOINGS.items() if gear.search(text))


def done_by_its_words(text: str, doings: frozenset[str]) -> bool:
    """The text tells one of `doings` by its gear or its verbs and measure
    ("a 60 km ride", «70 км с Серёгой»): only for a doing already taken up,
    as "a ride" or "70 km" alone tell no sport."""
    return any(
        gear.search(text) or verbs.search(text)
        for key, (gear, verbs) in _DOINGS.items()
        if key in doings
    )


def told_by_its_verbs(text: str, doings: frozenset[str]) -> bool:
    """The text tells one of `doings` by its verbs or measure ("a 60 km
    ride"), not its gear alone: "drew me with a racket" plays no tennis."""
    return any(
        verbs.search(text) for key, (_, verbs) in _DOINGS.items() if key in doings
    )


def doings_named(stems: frozenset[str]) -> frozenset[str]:
    """The doings of this module a question names by their word ("cycling")."""
    return frozenset(stems & _DOINGS.keys())
