"""A standing state asked in the plain present, without "now" ("Which school
is Lev at?", «В какой школе Лёва?", "Who's our internet with?"): read as a
question about the present (search/present_plain.py), the newest state
ranks above the old one's introduction."""

from __future__ import annotations

from pathlib import Path

import pytest
from agent_memory.retrieval import SearchFilters
from agent_memory.search.standing import stance
from day_turns import retriever_over


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("Which school is Lev at?", "now"),
        ("What team are the Hoffmanns in?", "now"),
        ("Who's our internet with?", "now"),
        ("Who is my car insured with?", "now"),
        ("В какой школе Лёва?", "now"),
        ("В каком классе Соня?", "now"),
        ("Кто у нас провайдер?", "now"),
        # what a held thing is about, how long a held document runs
        ("Про что у меня диплом?", "now"),
        ("О чём у нас договор?", "now"),
        ("До какого числа мой ВНЖ?", "now"),
        ("До какого срока у меня виза?", "now"),
        # a single event or no standing state: no stance
        ("What did Lev eat?", None),
        ("Which school did Lev go to?", None),
        ("Who is my sister?", None),
        ("В какой день у нас ужин?", None),
        ("В какой школе учился Лёва?", None),
        ("Про что был фильм?", None),
        ("До какого числа ты в отпуске?", None),
    ],
)
def test_stance_of_a_plain_present(question: str, asked: str | None) -> None:
    assert stance(question) == asked


LIVES = {
    "en": (
        "Which school is Lev at?",
        [
            (1, "Lev is seven and goes to school at De Regenboog in Noord, "
             "group 4; the school has a garden and his teacher adores him."),
            (3, "Dinner with Tomek's parents, Lev showed them his drawings."),
            (40, "Decided: Lev is moving to Het Kompas, the school in Haarlem."),
            (60, "Lev's first day at Het Kompas, he did not even look back."),
            (70, "Parents' evening at Het Kompas: Lev is doing fine at school."),
        ],
        "Kompas",
    ),
    "ru": (
        "В какой школе Лёва?",
        [
            (1, "Лёве семь, он ходит в школу De Regenboog в Норде, группа 4, "
             "в школе огород, и учительница его обожает."),
            (3, "Ужинали у родителей Томека, Лёва показывал рисунки."),
            (40, "Решили: Лёва переходит в школу Het Kompas в Харлеме."),
            (60, "Первый день Лёвы в школе Het Kompas, он даже не оглянулся."),
            (70, "Родительский вечер в школе Het Kompas: у Лёвы всё хорошо."),
        ],
        "Kompas",
    ),
}  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_new_school_over_the_old_ones_introduction(
    lang: str, tmp_path: Path
) -> None:
    question, turns, new = LIVES[lang]
    async with retriever_over(tmp_path, turns) as retriever:
        hits = await retriever.search(question, SearchFilters(limit=5))
    assert hits, question
    assert new in hits[0].node.content
