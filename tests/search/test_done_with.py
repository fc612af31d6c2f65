"""What was done with someone named, in a time, is that person's
(search/done_with.py): «что мы с Тимуром делали?» has the shape of "what
did I do", yet the user's other days of the window («сварила суп») are no
answer; the days with Timur are, in either language."""

from __future__ import annotations

import datetime as dt

from agent_memory.retrieval import SearchFilters
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

DAY = 86_400.0
T0 = dt.datetime(2026, 9, 1, tzinfo=dt.UTC).timestamp()
OWN_DAYS = (
    "Сварила суп с фрикадельками на всю неделю.",
    "Finished the statistics homework at 2 am.",
    "Перестирала все полотенца, сушилка забита.",
    "Went for a long walk along the river alone.",
    "Сдала библиотечные книги, штраф 40 рублей.",
)
WITH_TIMUR = [
    "Мы с Тимуром ходили на каток, он падал чаще меня.",
    "Timur and I cooked plov for his flatmates.",
    "Тимур починил мне полку, взамен накормила его блинами.",
]


async def test_done_with_someone_in_a_window_is_their_days(
    storage: MemoryStorage,
) -> None:
    texts: list[str] = []
    for said in WITH_TIMUR:
        texts += [*OWN_DAYS, said]
    retriever = await linked_days(storage, texts, T0)
    window = SearchFilters(after=T0, before=T0 + 40 * DAY, limit=5)
    for question in ("что мы с Тимуром делали?", "what did I do with Timur?"):
        hits = await retriever.search(question, window, reinforce=False)
        found = [hit.node.content for hit in hits]
        assert set(found[: len(WITH_TIMUR)]) == set(WITH_TIMUR), (question, found)
