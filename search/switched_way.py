"""A way of getting about given up for a car or a bike: "Do I still get the bus?".

A bus, a tram or the metro is rarely ended in words ("quit the bus" is
not said): the user buys a car and drives from then on ("Test drove a
Nissan Micra", «Купила Микру!», "Drove myself to St Gemma's in the
Micra"), or a bike or a scooter and rides it ("Bought a second-hand bike",
"Cycled to the office", «на велике в офис»). Asked whether they still go
the old way, the answer is that switch: the first turn taking up a car or a
bike after the user's newest ride of the way, then the later turns riding
it. None when nothing is taken up after the newest ride (the bus is still
ridden, or the car came first).
"""

from __future__ import annotations

import re

from ..core.records import NodeWindow, SearchHit
from ..store.interface import Store
from .getting_about import NO_CARS
from .kinds import kind_stems
from .morphology import stem
from .standing import told_of_other
from .windowed import USER_ROLE, own_turns_after, turns_as_hits

# The ways one rides without owning them, that a car replaces.
_RIDDEN = frozenset(
    stem(w)
    for w in "bus buses tram streetcar train metro subway tube coach "
    "автобус трамвай метро электричка маршрутка поезд".split()
)
_NO_CAR = frozenset(map(stem, NO_CARS))
# A verb that has the user get or drive the car the turn names: "Bought a
# Fiesta", "Test drove a Micra", "Drove to Morrisons in the Micra", "Took
# the Micra up to Otley", «Купила Микру», «на Микре», «взяли Шкоду».
_WITH_CAR = re.compile(
    r"\b(?:bought|got|test[-\s]?drove|drove|driving|took|parked)\b"
    r"|(?<!\w)(?:купил\w*|взял\w*|на|(?<!не\s)водил\w*|езжу|ездил\w*|съездил\w*)(?!\w)",
    re.I,
)
# The user getting or riding a bike or a scooter, a way one owns: "Bought
# a used electric scooter", "Cycled to the office", "Biked to Fernway",
# "bike to work in the rain", «Купила б/у велосипед», «на велике в офис»,
# «На самокате до работы»; not «на велике туда не наездишься» (a bike
# ruled out), «пора мне на велосипед» (advice), «на великах» (an outing),
# "Bought Sonya a bike" (a present).
_WHEELS = r"(?:e-?)?(?:bike|bicycle|scooter)s?"
_WORD_BEFORE = r"(?!(?:on|in|at|for|to)\b)[\w-]+"
_WITH_BIKE = re.compile(
    r"\b(?:cycled|biked|scootered)\b"
    r"|\b(?:bought|got)\s+(?:myself\s+)?(?:a|an|my)\s+"
    rf"(?:{_WORD_BEFORE}\s+){{0,3}}?{_WHEELS}\b"
    rf"|\b{_WHEELS}\s+(?:to|into|home|commute)\b"
    r"|\b(?:by|on\s+(?:the|my|a))\s+(?:e-?)?(?:bike|bicycle|scooter)\b"
    r"|(?<!\w)купил\w*\s+(?:себе\s+)?(?:(?:б/у|\w+(?:ый|ий|ой|ую|ое))\s+){0,3}"
    r"(?:электро)?(?:велосипед|велик|самокат)"
    r"|(?<!\w)на\s+(?:электро)?(?:велосипеде|велике|самокате)(?!\w)"
    r"(?!\s+(?:\w+\s+)?не(?!\w))",
    re.I,
)
# A ride said of the way: "took the bus", "on the tram", "Bus into town",
# «на автобусе», «Автобус 16 не пришёл»; not "two buses from Headingley"
# (a distance) nor «а автобусом было час» (the old way, compared).
_RIDE = re.compile(
    r"\b(?:took|take|taking|get|got|getting|catch|caught|missed|on|by|off)\s+"
    r"(?:the\s+|a\s+|my\s+)?(?:\d+\s+)?(\w+)"
    r"|\b(\w+)\s+(?:into|to|home|back)\b"
    r"|(?<!\w)(?:на|в|из)\s+(?:\w+\s+)?(\w+)"
    r"|(?<!\w)(\w+)\s+\d+",
    re.I,
)
# Quoted words name a title, not a ride: «Wheels on the bus».
_QUOTED = re.compile(r"«[^»]*»|\"[^\"]*\"|“[^”]*”")
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
# At most this many turns lifted, as many as a context block shows: the
# question's own best hits stay within the depth the relevance gate reads
# (retrieval.GATE_DEPTH), and the car's turns share no word of the bus.
LIFTED = 5


def ridden_way(thing: frozenset[str]) -> bool:
    """The asked thing is a way one rides (a bus, the metro), not a car."""
    return not thing.isdisjoint(_RIDDEN)


def _stems(text: str) -> set[str]:
    return {stem(word) for word in _WORD.findall(_QUOTED.sub(" ", text))}


def takes_car(text: str) -> bool:
    """The turn has the user get or drive a car it names (a make, a model,
    "car", «машина»)."""
    cars = kind_stems("car") - _NO_CAR
    return bool(_stems(text) & cars) and bool(_WITH_CAR.search(text))


def takes_bike(text: str) -> bool:
    """The turn has the user get or ride a bike or a scooter."""
    return bool(_WITH_BIKE.search(text))


def _switches(text: str) -> bool:
    return takes_car(text) or takes_bike(text)


def _rides(hit: SearchHit, thing: frozenset[str], question: str) -> bool:
    """The user's turn says the way itself, outside quotes and not of
    someone else ("Timur says Alma sings a song about a bus")."""
    if hit.node.source_role != USER_ROLE or told_of_other(hit, asked=question):
        return False
    text = _QUOTED.sub(" ", hit.node.content)
    return any(
        stem(word) in thing
        for match in _RIDE.finditer(text)
        for word in match.groups()
        if word
    )


async def switched_way(
    storage: Store,
    about: list[SearchHit],
    thing: frozenset[str],
    window: NodeWindow | None,
    question: str,
) -> list[SearchHit]:
    """The first turn taking up a car or a bike after the newest of `about`
    riding the way `thing`, and the later turns with it; none when the
    thing is no ridden way or nothing is taken up after its newest ride."""
    if not ridden_way(thing):
        return []
    rides = [
        hit
        for hit in about
        if _rides(hit, thing, question) and not _switches(hit.node.content)
    ]
    if not rides:
        return []
    newest = max(rides, key=lambda hit: (hit.node.when, hit.node.id))
    after = await own_turns_after(storage, newest.node, window)
    driven = [node for node in after if _switches(node.content)]
    return await turns_as_hits(storage, driven[:LIFTED])
