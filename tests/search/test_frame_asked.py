"""A frame word is what a question about the time before asks when nothing
else is left of it (search/frame_asked.py): "where did I work before Lumo?"
got nothing though "ok work mode. I'm a junior UX designer at Onda Studio"
was said (life 22), "work" being dropped as a frame word."""

from __future__ import annotations

import pytest
from agent_memory.search.analysis import analyse
from agent_memory.search.frame_asked import question_wanted
from agent_memory.search.morphology import stem
from agent_memory.storage import MemoryStorage
from day_turns import top_answers  # the memory's turns, one a day


def test_the_work_before_is_asked() -> None:
    assert stem("work") in question_wanted(analyse("where did I work before Lumo?"))


@pytest.mark.parametrize(
    "question",
    ["Which company did I work for before Lumo?", "Which company do I work for?"],
)
def test_a_thing_named_beside_the_frame_is_asked(question: str) -> None:
    assert stem("work") not in question_wanted(analyse(question))


async def test_the_old_job_answers(storage: MemoryStorage) -> None:
    old = "ok work mode. I'm a junior UX designer at Onda Studio, a design agency"
    new = "first week at Lumo done, the product team is lovely"
    noise = ["my flatmate bought me a pastel de nata", "read a portuguese kids book"]
    top = await top_answers(
        storage, [old, *noise, new], 1_709_251_200.0, "where did I work before Lumo?"
    )
    assert old in top, top
