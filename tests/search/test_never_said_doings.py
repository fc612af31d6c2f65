"""Saying nothing of a doing the life never mentions: a sport named by an
"-ing" whose root is a common thing ("boxing" is no box of a move, "fishing"
no fish for dinner), and a Russian frame verb whose English twin is a word of
its own («езжу» is "go", not the "drive" of "driving her mad"). Each told
doing is still found."""

from __future__ import annotations

from pathlib import Path

import pytest
from agent_memory.search.frame_words import frame_twins
from agent_memory.search.morphology import stem
from day_turns import retriever_over

NOISE = [
    (1, "Galya and I packed the last boxes. The cat is sitting in a box."),
    (2, "Помогал Саше паковать коробки, у него оказалось четыре коробки книг."),
    (3, "Galina sent a parcel from Samara: dried fish and a knitted scarf."),
    (4, "Буду есть мясо и рыбу, без фанатизма."),
    (5, "Lucy rang, tired, the baby monitor is driving her mad."),
    (6, "Note to self: the dentist is on the 9th at 4pm. Graham will drive me."),
    (7, "Took the kids to the pool, then pizza."),
]

NEVER_SAID = [
    "Do I still go to boxing?",
    "я всё ещё хожу на бокс?",
    "Where do I go fishing?",
    "куда я езжу на рыбалку?",
]


@pytest.mark.parametrize("question", NEVER_SAID)
async def test_a_doing_never_said_finds_nothing(tmp_path: Path, question: str) -> None:
    async with retriever_over(tmp_path, NOISE) as retriever:
        assert await retriever.search(question, reinforce=False) == []


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("Do I still go to boxing?", "Signed up at a boxing gym, the coach is Valera."),
        ("я всё ещё хожу на бокс?", "Signed up at a boxing gym, the coach is Valera."),
        ("Where do I go fishing?", "Went fishing at Kolka with Jānis at dawn."),
        ("куда я езжу на рыбалку?", "Ездили на рыбалку на озеро, поймал двух щук."),
        ("What car do I drive?", "Drove the Skoda to work, the car park was full."),
    ],
)
async def test_the_doing_told_is_found(
    tmp_path: Path, question: str, said: str
) -> None:
    async with retriever_over(tmp_path, [*NOISE, (8, said)]) as retriever:
        found = await retriever.search(question, reinforce=False)
    assert said in [hit.node.content for hit in found]


def test_a_doing_keeps_its_whole_word() -> None:
    assert stem("boxing") != stem("boxes")
    assert stem("fishing") != stem("fish")
    assert stem("Boxing") == stem("boxing")
    assert stem("climbing") == stem("climb")  # a doing of its own root's sense


def test_a_frame_verbs_twin_frames_unless_the_question_says_it() -> None:
    assert stem("drive") in frame_twins(["езжу", "рыбалку"])
    assert stem("drive") not in frame_twins(["езжу", "drive"])
    assert frame_twins(["рыбалку"]) == set()
