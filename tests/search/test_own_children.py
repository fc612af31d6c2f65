""" "The kids", «дети» in a question are the user's own children, whom the
memory knows by name (search/own_children.py): "What school are the kids
in?" is answered by the turns that name the school with them ("Enrolled Leo
and Ava at Oakfield"), not by the newest turn saying "school" ("night shifts
at St James's, so I'm on the school run")."""

from __future__ import annotations

import datetime as dt

from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.search.own_children import asks_own_children
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
FAMILY = [
    "My son Leo is nine and wants to be a footballer.",
    "My daughter Ava is five, she drew me a dragon.",
]
OLD = [
    "Dropped Leo at Hillside Primary on the way to work.",
    "Leo forgot his lunch at Hillside Primary again.",
]
MOVE = [
    "Enrolled Leo and Ava at Oakfield, Leo goes into 4th class there.",
    "First day at Oakfield! Leo in 4th class, Ava cried only a little.",
    "Ava's teacher at Oakfield is Ms Byrne, Ava loves her already.",
]
NEW = [
    "School run to Oakfield then the motorway to work.",
    "Nina switched to night shifts at St James's, so I'm on the school run.",
]
NOISE = (
    "Long day at work, too many meetings.",
    "Tried a new ramen place near the station.",
)


async def _life(storage: MemoryStorage) -> Retriever:
    noise = [NOISE[i % 2] for i in range(10)]
    texts = [*FAMILY, *OLD, *noise, *MOVE, *noise[:4], *NEW, *noise[:2]]
    return await linked_days(storage, texts, T0)


async def test_the_kids_school_is_the_one_named_with_them(
    storage: MemoryStorage,
) -> None:
    retriever = await _life(storage)
    question = "What school are the kids in?"
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    top = [hit.node.content for hit in hits[:3]]
    assert MOVE[0] in top, top  # the enrolment, which says no "school"
    assert all("Oakfield" in text for text in top), top


def test_the_kids_are_the_users_own() -> None:
    assert asks_own_children("What school are the kids in?")
    assert asks_own_children("Что у детей в школе?")
    assert asks_own_children("How are my children doing?")
    assert not asks_own_children("How old are Vova's kids?")
    assert not asks_own_children("Как зовут детей Вовы?")
    assert not asks_own_children("Where does Anna live?")


def test_the_kids_school_is_asked_in_the_present() -> None:
    from agent_memory.search.standing import stance

    assert stance("What school are the kids in?") == "now"
    assert stance("В какой школе дети?") == "now"
    assert stance("What school were the kids in before?") == "past"
