"""A turn led by the former holder of the asked relation ("Jordi announced
he is moving… leaves the studio to his partner Carmen") is the old boss's
news: asked "Who's my boss?", the new boss's own turns rank above it
(search/former_first.py), and a turn that names the new boss first keeps its
weight."""

from __future__ import annotations

import datetime as dt

from agent_memory.core.records import Entity
from agent_memory.retrieval import SearchFilters
from agent_memory.search.former_first import (
    FORMER_FIRST_WEIGHT,
    former_first,
    former_holders,
)
from agent_memory.storage import MemoryStorage
from day_turns import answers, linked_days

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
NEWS = (
    "Jordi announced he is moving to Barcelona to his grandchildren and leaves"
    " the studio to his partner. The partner is Carmen (Carmen Ferrer, 42,"
    " worked for Foster in London, strict)."
)
OWN = [
    "Carmen put me on the new warehouse project: I do the facade and the"
    " entrance, Pablo does the coworking floor, and we show it on Friday.",
    "Кармен разбирала со мной планы по складу, про каждую линию спрашивает,"
    " зачем она там, и в конце сказала, что фасад у меня вышел честный.",
    "Carmen took me to the client meeting in the old warehouse and let me"
    " present the plans myself, then bought us both coffee on the way back.",
]
TURNS = [
    "My boss Jordi runs a small architecture studio near the old port.",
    "Jordi praised my drawings for the library competition.",
    NEWS,
    "Carmen is my new boss now, first week without Jordi.",
    *OWN,
]


def _person(id_: int, name: str, relation: str, *aliases: str) -> Entity:
    return Entity(
        id=id_,
        name=name,
        type="person",
        aliases=list(aliases),
        attributes={"relation": relation},
        summary="",
        mention_count=1,
        created_at=T0,
        updated_at=T0,
    )


def test_a_turn_led_by_the_former_holder_counts_less() -> None:
    jordi = _person(1, "Jordi", "former boss", "Хорди", "my former boss")
    former = former_holders([jordi], "начальник", asked={2})
    assert former == [jordi]
    carmen = {"carmen", "кармен"}
    assert former_first(NEWS, carmen, former) == FORMER_FIRST_WEIGHT
    assert former_first("Хорди уезжает, студию берёт Кармен.", carmen, former) < 1
    assert (
        former_first(
            "First day with Carmen as the boss; Jordi's desk is empty.", carmen, former
        )
        == 1.0
    )
    assert former_first(NEWS, carmen, []) == 1.0
    assert former_holders([_person(3, "Mila", "former neighbour")], "boss", {2}) == []


async def test_the_new_boss_own_turns_come_before_the_old_boss_news(
    storage: MemoryStorage,
) -> None:
    retriever = await linked_days(storage, TURNS, T0)
    for question in ("Who's my boss?", "Кто мой начальник?"):
        found = await answers(retriever, question, SearchFilters(limit=5))
        assert NEWS not in found[:3], (question, found)
        assert set(OWN) & set(found[:3]), (question, found)


OLD_BOSS_TURNS = [
    "My boss Jordi runs a small architecture studio near the old port.",
    "Jordi wants the library drawings by Friday, no pressure.",
    "Jordi rang me at nine in the evening about tomorrow's site visit. Again.",
    "Went climbing with Pablo after work, my arms are dead.",
    "Jordi had a go at me for the printer jam. As if I broke it.",
    "Carmen is my new boss now, first week without Jordi.",
    "Carmen put me on the new warehouse project.",
    "Carmen took me to the client meeting and let me present the plans.",
    "Carmen bought us both coffee on the way back from the site.",
]


async def test_my_old_boss_is_the_former_one_with_the_turns_naming_him(
    storage: MemoryStorage,
) -> None:
    # "old" of a relation held one at a time is "former": "my old boss" is
    # Jordi, whose turns name him alone ("Jordi rang me…"); "my old friend"
    # stays a friend of long standing
    retriever = await linked_days(storage, OLD_BOSS_TURNS, T0)
    for question in ("Who was my old boss?", "who was my old manager"):
        found = await answers(retriever, question, SearchFilters(limit=5))
        jordi = [text for text in found if text.startswith("Jordi")]
        assert len(jordi) == 3, (question, found)
        # the new boss's own turns are no answer (the change naming both is)
        assert not any("Jordi" not in text for text in found), (question, found)
