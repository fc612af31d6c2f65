"""A question naming the later holder of the user's relation asks the one
before ("Who was my boss before Carmen?", «Кто был моим начальником до
Кармен?»): the old boss's turns answer, not the named new boss's
(search/holder_before.py); "What was my hobby before X?" reads as the past."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.retrieval import SearchFilters
from agent_memory.search.standing import later_state, stance
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
OLD_BOSS = [
    "My boss Jordi runs a small architecture studio near the old port.",
    "Jordi praised my drawings for the library competition.",
    "Хорди опять задержал нас до восьми, разбирали чертежи библиотеки.",
]
CHANGE = "Jordi retired and Carmen is my new boss now."
NEW_BOSS = [
    "Carmen put me on the new warehouse project, I do the facade.",
    "Кармен разбирала со мной планы по складу, спрашивала про каждую линию.",
    "Carmen took me to the client meeting and let me present the plans.",
    "Carmen bought coffee for the whole team on Friday.",
    "Кармен отпустила меня пораньше в пятницу.",
]


@pytest.mark.parametrize(
    "question",
    ["Who was my boss before Carmen?", "Кто был моим начальником до Кармен?"],
)
async def test_the_boss_before_the_named_one_is_answered(
    storage: MemoryStorage, question: str
) -> None:
    retriever = await linked_days(storage, [*OLD_BOSS, CHANGE, *NEW_BOSS], T0)
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    found = [hit.node.content for hit in hits]
    assert found[:1] and found[0] in [*OLD_BOSS, CHANGE], found
    assert not set(NEW_BOSS) & set(found[:3]), found


def test_what_my_thing_was_before_a_later_one_is_the_past() -> None:
    question = "What was my hobby before table tennis?"
    assert stance(question) == "past"
    assert "tabl" in later_state(question)
    assert stance("What was my boss doing before lunch?") is None


# One word of the relation's group for two places of a life: the manager
# at the bakery is filed as the user's manager; the thesis supervisor is
# never filed ("Dr." stands between), and the new one names the one she
# replaced.
BAKERY = [
    "My manager is Olga, she runs the bakery on Vítkova street.",
    "Olga gave me the Saturday morning shift again.",
]
SUPERVISOR = [
    "My thesis supervisor is Dr. Weber, the topic is urban heat islands.",
    "Weber wants the literature review by Friday.",
    "Dr. Weber told us he retires in February.",
]
NEW_SUPERVISOR = [
    "My new supervisor is Dr. Ortiz, she took over Weber's students.",
    "Ortiz wants a new chapter plan by Monday.",
]


async def test_the_holder_replaced_is_named_at_the_change(
    storage: MemoryStorage,
) -> None:
    texts = [*BAKERY, *SUPERVISOR, *NEW_SUPERVISOR]
    retriever = await linked_days(storage, texts, T0)
    question = "Who was my supervisor before Ortiz?"
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    found = [hit.node.content for hit in hits]
    assert set(SUPERVISOR) <= set(found), found
    assert not set(BAKERY) & set(found[:3]), found
