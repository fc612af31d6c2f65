"""A plan called off and replaced in a turn of its own (search/replacing_plan.py):
"Am I still going to Lisbon?" after "cancelled the Lisbon trip" and «Вместо
Лиссабона поедем в Эдинбург» is answered by the end, the replacing turn and
the new plan's later turns, though those share no word with the question."""

from __future__ import annotations

import datetime as dt

from agent_memory.search.replacing_plan import replaces_thing
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "Long day at work, too many meetings, but the project is going fine.",
    "Tried a new ramen place near the station.",
)
OLD_PLAN = [
    "Decided with Misha to go to Lisbon in November, just the two of us.",
    "Booked flights to Lisbon for me and Misha, 14 to 18 November.",
]
END = "Misha can't get time off, so we cancelled the Lisbon trip."
REPLACING = "Вместо Лиссабона поедем с Мишей на выходные в Эдинбург."
NEW_PLAN = "Booked the train to Edinburgh for me and Misha, 27 to 29 November."


def test_a_turn_leaving_the_thing_behind_in_either_script_replaces_it() -> None:
    lisbon = frozenset({"lisbon"})
    assert replaces_thing(REPLACING, lisbon)
    assert replaces_thing("Booked Porto instead of Lisbon.", lisbon)
    assert not replaces_thing("Вместо кофе теперь чай.", lisbon)
    assert not replaces_thing(NEW_PLAN, lisbon)


async def test_the_new_plan_follows_the_end(storage: MemoryStorage) -> None:
    texts = [*OLD_PLAN, *NOISE, END, *NOISE, REPLACING, *NOISE, NEW_PLAN, *NOISE]
    found = await top_answers(storage, texts, T0, "Am I still going to Lisbon?")

    # the replacing turn names Lisbon in the other script («Лиссабона»), so it
    # is the newest end and may lead; the cancelling turn is an end too
    assert found[0] in (END, REPLACING), found
    assert set(found[:3]) == {END, REPLACING, NEW_PLAN}, found
