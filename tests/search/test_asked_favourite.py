"""Saying nothing of a favourite never said: a question asking the user's
favourite thing is answered only by a turn saying a liking of it
(search/asked_favourite.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from agent_memory.search.asked_favourite import favourite_asked, says_liking
from day_turns import retriever_over


@pytest.mark.parametrize(
    ("question", "thing"),
    [
        ("What's my favourite football team?", {"football", "team"}),
        ("What is my favourite colleague on the ward called?", {"colleagu"}),
        ("Which film do I like best?", {"film"}),
        ("Какой у меня любимый фильм?", {"фильм"}),
        ("Кто моя любимая коллега?", {"коллег"}),
        ("Какая музыка мне больше всего нравится?", {"музык"}),
        # a best friend is a relation; a choice of two, someone else's liking
        ("Who is my best friend?", set()),
        ("Do I drink tea or coffee?", set()),
        ("What's Caroline's favorite book?", set()),
    ],
)
def test_the_favourite_thing_asked(question: str, thing: set) -> None:
    assert favourite_asked(question) == thing


@pytest.mark.parametrize(
    ("text", "likes"),
    [
        ("Precious is my favourite colleague on AMU.", True),
        ("Обожаю этот фильм, пересматривала три раза.", True),
        ("I support Leeds, the team of my childhood.", True),
        ("Ходили в кино, он весь фильм комментировал звук.", False),
        ("Played five-a-side with the data team, we lost 7-4.", False),
        # the liking in another sentence than the thing
        ("Loved the weather. Watched a film with Dima.", False),
    ],
)
def test_a_liking_said_of_the_thing(text: str, likes: bool) -> None:
    thing = favourite_asked("Which film do I like best?") | {"team", "colleagu"}
    assert says_liking(text, frozenset(thing)) is likes


async def test_a_favourite_never_said_finds_nothing(tmp_path: Path) -> None:
    """Turns that name films say no favourite one: nothing is found; a turn
    saying the user's favourite film answers."""
    turns = [
        (0, "Ходили с Димой в кино на «Дюну», он весь фильм комментировал звук."),
        (1, "Watched an old film with Dima, fell asleep halfway."),
    ]
    question = "Какой у меня любимый фильм?"
    async with retriever_over(tmp_path, turns) as retriever:
        assert await retriever.search(question) == []
    liked = [*turns, (2, "Мой любимый фильм — «Амели», пересматриваю каждую зиму.")]
    async with retriever_over(tmp_path / "liked", liked) as retriever:
        assert await retriever.search(question) != []
