"""Whether a thing waited for has come: the turn saying it came leads."""

from __future__ import annotations

import datetime as dt

from agent_memory.core.records import EpisodeDraft, SearchHit
from agent_memory.search.arrived import (
    asks_arrival,
    came_after_the_wait,
    says_came,
    thing_stems,
)
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "Long day at work, too many meetings, but the project is going fine.",
    "Tried a new ramen place near the station.",
)
CARD = thing_stems("Has my residence card come yet?")


def test_the_questions_that_ask_an_arrival() -> None:
    assert asks_arrival("Has my residence card come yet?")
    assert asks_arrival("Did the parcel arrive?")
    assert asks_arrival("Карта резидента уже пришла?")
    assert not asks_arrival("Has my sister come to visit?")
    assert not asks_arrival("When did Anna come?")


def test_a_turn_saying_the_thing_came() -> None:
    assert says_came("КАРТА ПРИШЛА!!! лежала в почтовом ящике", CARD)
    assert says_came("Told Marta the card came, she was thrilled.", CARD)
    # a wait, a promise, a negation, another thing arriving
    assert not says_came("The card will come by mail in 2-3 months.", CARD)
    assert not says_came("Карта так и не пришла, жду дальше.", CARD)
    assert not says_came("The card still hasn't arrived.", CARD)
    assert not says_came("Зарплата пришла, русские карты тут не работают.", CARD)


async def test_the_arrival_ranks_above_the_wait(storage: MemoryStorage) -> None:
    """The waiting turns say the question's words more often."""
    wait = [
        "Still no news about my residence card, the portal says in review.",
        "Biometrics done for the residence card! The residence card will come"
        " by mail in 2-3 months, they said.",
        "Mum asked about February; told her I wait for my residence card first.",
    ]
    came = "КАРТА ПРИШЛА!!! Лежала в почтовом ящике, наконец-то."
    texts: list[str] = []
    for text in [*wait, came]:
        texts += [*NOISE, text]
    found = await top_answers(storage, texts, T0, "Has my residence card come yet?")

    assert found[0] == came, found


async def test_an_arrival_the_wait_goes_on_after_is_another_things(
    storage: MemoryStorage,
) -> None:
    bank = "The bank card arrived, contactless works now."
    wait = "Карта резидента так и не пришла, поездку отменяю."
    came = "Told Marta the residence card came, finally!"
    ids = []
    for day, text in enumerate([bank, wait, came]):
        draft = EpisodeDraft(text, f"day-{day}", "user", T0 + day * 86_400)
        ids.append(await storage.nodes.add_episode(draft))
    nodes = await storage.nodes.get_nodes(ids)
    hits = [SearchHit(nodes[i], 1.0, []) for i in ids]

    assert [h.node.content for h in came_after_the_wait(hits, CARD)] == [came]
    assert came_after_the_wait(hits[:2], CARD) == []
