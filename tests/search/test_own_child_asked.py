""" "Which school is Lev at?" of a son asks of the user's life, as "Which
school is my son at now?" does (search/own_child_asked.py): the school named
with him in turns about school is the category's thing, the newest one
first; a question naming someone who is no child of the user's names no
category of the user's, as LoCoMo's questions about others do."""

from __future__ import annotations

import datetime as dt

from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.search.question import read_question
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
FAMILY = [
    "My son Lev is seven and thinks he speaks Dutch better than me.",
    "My friend Olga's daughter Nika is twelve, a robotics fan.",
]
OLD = [
    "Lev is at De Regenboog school in Noord, group 4, and loves his teacher.",
    "Sports day at De Regenboog, Lev came third in the sack race.",
]
MOVE = [
    "Lev got a place at Het Kompas in Haarlem, group 5."
    " The school is three minutes from the house.",
    "Lev's first day at Het Kompas, he said bye and never looked back.",
    "Parents' evening at Het Kompas after school, Lev already runs his group.",
]
NEWER = [
    "Lev's first hockey training at HC Spaarne, the stick is bigger than him.",
    "Cycled to school along the Spaarne with wet hair after the pool.",
    "Lev's hockey at HC Spaarne again, he scored in his own goal.",
]
NOISE = (
    "Long day at work, too many meetings.",
    "Tried a new ramen place near the station.",
)


async def _life(storage: MemoryStorage) -> Retriever:
    noise = [NOISE[i % 2] for i in range(10)]
    texts = [*FAMILY, *OLD, *noise, *MOVE, *noise[:4], *NEWER, *noise[:2]]
    return await linked_days(storage, texts, T0)


async def test_a_sons_school_asked_by_his_name_is_the_newest_named_with_him(
    storage: MemoryStorage,
) -> None:
    retriever = await _life(storage)
    question = "Which school is Lev at?"
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    top = [hit.node.content for hit in hits[:3]]
    assert all("Het Kompas" in text for text in top), top


async def test_a_child_of_the_users_names_the_category_another_does_not(
    storage: MemoryStorage,
) -> None:
    await _life(storage)
    lev = await read_question(storage, "Which school is Lev at?", None)
    assert lev.of_own_child and lev.kinds.kinds
    nika = await read_question(storage, "Which school is Nika at?", None)
    assert not nika.of_own_child and not nika.kinds.kinds
