"""A return to an earlier state is the latest change (search/returned.py):
after a term on Zoom, "Went back to the VHS" or «Вернулась в VHS!» tells
where German is taken now, above the interlude; and after the user's change
only the user's own turns rise for a question about now
(search/change_side.py), not what a colleague said of the place."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.retrieval import SearchFilters
from agent_memory.search.changes import tells_change
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "Long day, too many meetings.",
    "Made soup for the kids, they ate it all.",
    "Rain again, the bus was late.",
    "Watched a film with Dani, fell asleep halfway.",
)

LIVES = {
    "en": (
        [
            "My German class is at the VHS on Mondays, Frau Hoffmann teaches it.",
            "German at the VHS tonight, we practised the subjunctive.",
        ],
        [
            "Switched my German class to Zoom on Wednesdays, the VHS is too far.",
            "I take my German lessons on Zoom now, Wednesdays at 7:30.",
        ],
        "Went back to the VHS for German! Zoom at 7:30 was not for me.",
        "Where do I take German lessons now?",
    ),
    "ru": (
        [
            "Немецкий у меня в VHS по понедельникам, ведёт фрау Хоффман.",
            "Немецкий в VHS вечером, учили конъюнктив.",
        ],
        [
            "Перешла на немецкий в Zoom по средам, до VHS слишком далеко.",
            "Теперь занимаюсь немецким в Zoom по средам.",
        ],
        "Вернулась в VHS на немецкий! Zoom в 7:30 не для меня.",
        "Где я сейчас занимаюсь немецким?",
    ),
}


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_return_ranks_above_the_interlude(
    storage: MemoryStorage, lang: str
) -> None:
    before, interlude, back, question = LIVES[lang]
    noise = [NOISE[i % 4] for i in range(12)]
    texts = [*before, *noise, *interlude, *noise, back]
    retriever = await linked_days(storage, texts, T0)
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    top = [hit.node.content for hit in hits]
    assert top and top[0] == back, top


@pytest.mark.parametrize(
    "text",
    [
        "I'm back at Anjos Cowork, the home office was too lonely.",
        "Back in the classroom. Real people again.",
        "Вернулся на теннис к Левану.",
    ],
)
def test_a_return_is_read_as_a_change(text: str) -> None:
    assert tells_change(text)


@pytest.mark.parametrize(
    "text",
    [
        "Came back home late, the kids were asleep.",
        "Back at Dr Smit's with my sleep diary.",  # a visit, no state
        "Back to work after the holidays.",  # the same job
        "Вернулась домой из Москвы.",
    ],
)
def test_a_trip_home_or_a_visit_is_no_return(text: str) -> None:
    assert not tells_change(text)


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_a_colleagues_word_about_the_place_does_not_rise(
    storage: MemoryStorage, lang: str
) -> None:
    before, interlude, back, question = LIVES[lang]
    colleague, own = {
        "en": (
            "Lilya says the VHS is chaos without me, the group misses me.",
            "German homework done, the subjunctive finally makes sense.",
        ),
        "ru": (
            "Лиля говорит, что в VHS без меня хаос, группа скучает.",
            "Сделала домашку по немецкому, конъюнктив наконец понятен.",
        ),
    }[lang]
    noise = [NOISE[i % 4] for i in range(12)]
    texts = [*before, *noise, *interlude, *noise, back, own, colleague]
    retriever = await linked_days(storage, texts, T0)
    hits = await retriever.search(question, SearchFilters(limit=10), reinforce=False)
    top = [hit.node.content for hit in hits]
    assert own in top, top
    assert colleague not in top or top.index(own) < top.index(colleague), top


async def test_someone_elses_return_stays_theirs(storage: MemoryStorage) -> None:
    mine = "I train at the climbing gym on Tuesdays now."
    noise = [NOISE[i % 4] for i in range(8)]
    lev = "Lev is back at judo, his coach took him back without a word."
    texts = [mine, *noise, "Lev switched from judo to chess club.", *noise, lev]
    retriever = await linked_days(storage, texts, T0)
    hits = await retriever.search(
        "Where do I train now?", SearchFilters(limit=5), reinforce=False
    )
    top = [hit.node.content for hit in hits]
    assert top and top[0] == mine, top
