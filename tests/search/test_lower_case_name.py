"""The one reading of a word a question types in lower case as a name
(search/lower_case_name.py), shared by the person question ("who's jamie?")
and the owner of a birthday or a job ("jamie's birthday"), and written once
by the query analysis for every reader, the relevance gate too."""

from __future__ import annotations

import pytest
from agent_memory.search.analysis import analyse
from agent_memory.search.lower_case_name import as_name, may_be_name


@pytest.mark.parametrize("word", ["jamie", "priya", "петрович", "айка", "matěj"])
def test_a_name_may_be_a_name(word: str) -> None:
    assert may_be_name(word)
    assert may_be_name(word, owner=True)


@pytest.mark.parametrize(
    "word",
    ["what", "when", "the", "mum", "маму", "сестра", "boss"],
)
def test_no_function_question_or_relatives_word_is_a_name(word: str) -> None:
    assert not may_be_name(word)
    assert not may_be_name(word, owner=True)  # "mum's birthday" is the relative's


@pytest.mark.parametrize(
    "word", ["mark", "rose", "вера", "football", "футбол", "yesterday", "everyone"]
)
def test_a_word_asked_about_alone_is_the_word(word: str) -> None:
    """ "who was mark", "tell me about football", «расскажи про вчера»: the
    word, unless a frame says a person owns it ("mark's birthday")."""
    assert not may_be_name(word)


@pytest.mark.parametrize("word", ["mark", "rose", "вера"])
def test_a_word_that_owns_a_birthday_is_a_name(word: str) -> None:
    assert may_be_name(word, owner=True)


def test_a_name_is_written_with_its_capital() -> None:
    assert as_name("jamie") == "Jamie"
    assert as_name("петрович") == "Петрович"


@pytest.mark.parametrize(
    ("question", "read"),
    [
        ("when's marek's birthday?", "when's Marek's birthday?"),
        ("what does callum do for a living?", "what does Callum do for a living?"),
        ("who's jamie?", "who's Jamie?"),
        ("кто такой петрович?", "кто такой Петрович?"),
    ],
)
def test_the_analysis_writes_the_names_once_for_every_reader(
    question: str, read: str
) -> None:
    assert analyse(question).text == read
