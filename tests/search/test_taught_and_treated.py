"""Who teaches the user or treats them now, asked by the doing ("who teaches me
german now?", «с кем я щас учу немецкий?», «кто мне сейчас поясницу лечит?"): the
turns name the tutor, the lesson, the massage, never the verb asked; and
«щас» is «сейчас» (search/spoken_words.py, search/kin_words.py)."""

from __future__ import annotations

from pathlib import Path

from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.search.analysis import analyse
from agent_memory.search.spoken_words import spoken_plain
from agent_memory.search.standing import stance
from day_turns import retriever_over

# A small life: a tutor and a masseuse, told of by their trade, among chores.
LIFE = [
    (1, "скачал приложение для немецкого, буду по 10 минут в день"),
    (20, "взял репетитора по немецкому, Ханс, по средам онлайн"),
    (27, "lesson with Hans today, the dative again"),
    (30, "поясница после рейса деревянная"),
    (33, "хожу к Ирине на массаж, поясница отпускает"),
    (40, "Hans gave me homework about my weekend"),
    *((day, f"купил продукты на неделю, чек {day}") for day in range(41, 61)),
    *((day, f"pick up the parcel from the post office {day}") for day in range(61, 71)),
]


def test_spoken_now_is_the_written_now() -> None:
    assert spoken_plain("какая у нас щас машина?") == "какая у нас сейчас машина?"
    assert spoken_plain("Ща приду") == "сейчас приду"
    assert spoken_plain("щастье, щавель") == "щастье, щавель"  # whole words only
    asked = analyse("какая у нас щас машина?")
    assert "щас" not in asked.terms  # no topic word: it found «щас выезжаю»
    assert stance(asked.text) == "now"


async def _found(retriever: Retriever, question: str) -> list[str]:
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    return [hit.node.content for hit in hits]


async def test_the_teacher_and_the_healer_asked_by_their_doing(tmp_path: Path) -> None:
    async with retriever_over(tmp_path, LIFE) as retriever:
        for question in (
            "who teaches me german now?",
            "с кем я щас учу немецкий?",
            "с кем я сейчас занимаюсь немецким?",
        ):
            found = await _found(retriever, question)
            assert any("Ханс" in t or "Hans" in t for t in found[:3]), question
        found = await _found(retriever, "кто мне сейчас поясницу лечит?")
        assert found and "массаж" in found[0]
        # never said: no one taught the guitar, no one treats a knee
        assert await _found(retriever, "кто учил меня играть на гитаре?") == []
        assert await _found(retriever, "who treats my knee now?") == []


async def test_who_looks_after_a_parent_is_their_carer(tmp_path: Path) -> None:
    carer = [
        (5, "у папы новая сиделка, Роза, приходит по утрам"),
        (9, "Rosa took dad for a walk in the park"),
        *((day, f"paid the water bill, ref {day}") for day in range(10, 40)),
    ]
    async with retriever_over(tmp_path, carer) as retriever:
        for question in ("who looks after dad now?", "кто сейчас ухаживает за папой?"):
            found = await _found(retriever, question)
            assert any("сиделка" in t for t in found[:2]), question
        assert await _found(retriever, "who looks after my sister's kids?") == []
