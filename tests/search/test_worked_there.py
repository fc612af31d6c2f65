"""Where the user worked in a place is told by a turn saying the place and
the user's own work (search/worked_there.py): the parents' jobs in the home
town, the move away, the weather there are no answer to «где я работал в
Тбилиси?»; a turn telling the user's own job there is."""

from __future__ import annotations

import datetime as dt

from agent_memory.search.morphology import stem
from agent_memory.search.worked_there import work_place_asked
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 2, 9, tzinfo=dt.UTC).timestamp()
NEVER_WORKED_THERE = [
    "Мама до сих пор работает учительницей в Тбилиси, в той же школе.",
    "Dad's company in Tbilisi is hiring engineers again.",
    "Переехал из Тбилиси в Вильнюс в августе, всё ещё привыкаю.",
    "Rainy week in Tbilisi, mum says the roads are flooded.",
    "Сдал первый зачёт в университете, ура.",
    "Bought a winter coat, Vilnius is cold.",
]
WORKED_THERE = "В Тбилиси я два года работал в турагентстве, возил группы в горы."
WORKED_THERE_EN = "Back in Tbilisi I worked at a bakery on weekends."


async def test_a_job_in_a_town_needs_a_turn_telling_the_users_work_there(
    storage: MemoryStorage,
) -> None:
    for question in (
        "где я работал в Тбилиси до Вильнюса?",
        "where did I work in Tbilisi?",
    ):
        found = await top_answers(storage, NEVER_WORKED_THERE, T0, question)
        assert found == [], question
    later = T0 + 40 * 86400
    found = await top_answers(
        storage, [WORKED_THERE], later, "где я работал в Тбилиси?"
    )
    assert WORKED_THERE in found
    found = await top_answers(
        storage, [WORKED_THERE_EN], later + 86400, "where did I work in Tbilisi?"
    )
    assert WORKED_THERE_EN in found


def test_a_month_or_a_present_job_asks_no_place() -> None:
    assert work_place_asked("где я работала в Тбилиси?") == {stem("Тбилиси")}
    assert not work_place_asked("where did I work in March?")
    assert not work_place_asked("где я работал в мае?")
    # the job one has now, in the town one lives in, seldom names the town
    assert not work_place_asked("where do I work in Vilnius?")
