"""Names asked of the people around the user, told by place or by meeting.

"What's our next door neighbour called?" is answered by "maggie next door
lent us a ladder" (search/next_door.py): the neighbour is said by where they
live, and a diary in lower case still names her. "What was my ankle
physio's name?" is answered by "ankle physio with Priya": a person asked is
met *with* someone, named right after their word (search/asked_name.py).
Each question about a neighbour or a physio the memory never named still
finds nothing.
"""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.retrieval import SearchFilters
from agent_memory.search.asked_name import asked_name_of, gives_name
from agent_memory.search.next_door import named_beside, says_beside
from agent_memory.search.support import subjects
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 2, 1, tzinfo=dt.UTC).timestamp()

NOISE = [
    "walked the dog round the reservoir, muddy",
    "the boiler is making that noise again",
    "made a big pot of soup for the week",
    "bought a new kettle, the old one leaked",
]
NEIGHBOUR = "maggie next door lent us her ladder for the gutters"
PHYSIO = "ankle physio with Priya at the sports clinic, new band exercises"
RU_NEIGHBOUR = "Вера из соседней квартиры занесла нам пирог"


def _contents(hits: list) -> list[str]:
    return [hit.node.content for hit in hits]


@pytest.mark.parametrize(
    ("told", "question"),
    [
        (NEIGHBOUR, "what's our next door neighbour called?"),
        (NEIGHBOUR, "what's the name of my next-door neighbour?"),
        (PHYSIO, "what was my ankle physio's name?"),
        (PHYSIO, "what's my physio called?"),
    ],
)
async def test_the_person_named_by_place_or_meeting_is_found(
    storage: MemoryStorage, told: str, question: str
) -> None:
    retriever = await linked_days(storage, [*NOISE, told, *NOISE], T0)
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    assert told in _contents(hits)


@pytest.mark.parametrize(
    "question",
    ["what's our next door neighbour called?", "what was my ankle physio's name?"],
)
async def test_no_neighbour_or_physio_named_finds_nothing(
    storage: MemoryStorage, question: str
) -> None:
    unnamed = [
        "the couple next door were shouting again",
        "did my ankle physio exercises, the band ones",
        "ankle still stiff after the physio",
    ]
    retriever = await linked_days(storage, [*NOISE, *unnamed], T0)
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    assert hits == []


def test_next_door_says_which_neighbour_is_asked() -> None:
    assert subjects("what's our next door neighbour called") == {"neighbour"}
    assert subjects("what's the name of my next-door neighbour?") == {"neighbour"}


@pytest.mark.parametrize(
    ("text", "beside"),
    [
        ("doreen next door took in our parcel", True),
        ("Stan from the next plot gave me rhubarb", True),
        ("the family over the road got a puppy", True),
        ("Нина за стенкой опять сверлит", True),
        ("Вера из соседней квартиры занесла пирог", True),
        ("next year we go to Crete", False),
        ("knocked on the door next to the lift", False),
    ],
)
def test_a_place_beside_the_user(text: str, beside: bool) -> None:
    assert says_beside(text) is beside


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("doreen next door took in our parcel", True),
        ("Had tea with Joan from next door", False),  # "with Joan": gives_name's
        ("the couple next door were shouting", False),
        ("the house next door is for sale", False),
        ("my neighbour next door is lovely", False),
    ],
)
def test_a_name_right_before_next_door(text: str, named: bool) -> None:
    assert named_beside(text) is named


@pytest.mark.parametrize(
    ("question", "text", "named"),
    [
        ("what's my physio called?", PHYSIO, True),
        ("what's my physio called?", "physio at Priya Sports Clinic today", False),
        (
            "как зовут моего физиотерапевта?",
            "Сегодня физиотерапия у Ирины, легче",
            True,
        ),
        # the one met is not right after the person's word: no name of theirs
        ("what's my coach's name?", "the coach paired me with Dima today", False),
        ("как зовут моего тренера?", "Тренер поставил меня в пару с Димой", False),
    ],
)
def test_a_physio_met_with_someone_is_named(
    question: str, text: str, named: bool
) -> None:
    assert gives_name(text, asked_name_of(question), set(), []) is named
