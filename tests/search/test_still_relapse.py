"""A still-question naming what is smoked ("Am I still off the cigarettes?")
asks of the habit: the turns that tell it say its verb ("smoking again",
«опять курю»), and a relapse after the quit is the present
(search/kin_words.py, search/still.py)."""

from __future__ import annotations

import datetime as dt

from agent_memory.search.kin_words import kin_terms
from agent_memory.storage import MemoryStorage
from day_turns import among_noise, top_answers

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "Fixed the leaking tap in the bathroom, took all evening.",
    "Кино с детьми, мультик про драконов, все уснули.",
)
QUIT = [
    "Day three with no cigarettes, chewing gum like mad.",
    "Неделя без сигарет, держусь.",
]
RELAPSE = [
    "Сорвался на корпоративе, потом опять курю каждый день.",
    "Grabbed a pack at the petrol station, yes I'm smoking again.",
]


def test_the_thing_smoked_names_the_habit() -> None:
    assert {"smoking", "курю"} <= set(kin_terms("am I still off the cigarettes?"))
    assert "курю" in kin_terms("Я ещё без сигарет?")
    # the infinitive wants or quits the habit, it does not tell it
    assert "курить" not in kin_terms("am I still off the cigarettes?")


async def test_a_relapse_answers_a_question_of_the_cigarettes(
    storage: MemoryStorage,
) -> None:
    texts = among_noise(NOISE, QUIT, RELAPSE)
    found = await top_answers(storage, texts, T0, "Am I still off the cigarettes?")

    assert found[0] in RELAPSE, found
    assert set(RELAPSE) <= set(found[:3]), found
