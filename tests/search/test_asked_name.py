"""A question asking for a name is answered only by a turn that gives one
(search/asked_name.py): turns on the thing that never name it are nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from agent_memory.search.asked_name import asked_name_of, gives_name
from agent_memory.search.asked_of import names_in
from day_turns import retriever_over


@pytest.mark.parametrize(
    ("question", "thing"),
    [
        ("What's my ward manager's name?", "manager"),  # the compound's noun
        ("What's the name of Sonya's climbing coach?", "coach"),
        ("What's my grandma's cat called?", "cat"),
        ("Как зовут нашего соседа?", "сосед"),
        ("Как зовут воспитательницу Тёмы?", "воспитательни"),
        # the noun phrase ends where its clause begins
        ("What was the name of the pet that John had to say goodbye to?", "pet"),
        ("What is the name of Maria's puppy she got two weeks before May?", "puppy"),
    ],
)
def test_the_thing_whose_name_is_asked(question: str, thing: str) -> None:
    assert thing in asked_name_of(question)


def test_a_question_asking_no_name_has_no_thing() -> None:
    assert asked_name_of("Where does my ward manager live?") == frozenset()
    assert asked_name_of("Что сказал сосед?") == frozenset()


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("Как зовут соседку из Граси?", "Dona Fernanda, our neighbour, is 82."),
        ("What's Owen's mom's name?", "Мама Оуэна, Линда, живёт в Гелфе."),
        ("Как зовут маму?", "Мама (Лариса Ивановна) звонила из Минска."),
        ("Как зовут ветеринара?", "Saw our vet, Dra. Ana Sousa, today."),
        ("What's my dog's name?", "Our dog Pepper is a beagle who steals socks."),
        ("Как звали Костиного тренера?", "Костя ушёл от своего тренера Олега."),
    ],
)
def test_a_name_next_to_the_thing_names_it(question: str, text: str) -> None:
    assert gives_name(text, asked_name_of(question), names_in(question), [])


@pytest.mark.parametrize(
    ("question", "text"),
    [
        # a place after a preposition, the person the question names
        ("Как зовут воспитательницу Тёмы?", "Воспитательница в «Zīļuks» хвалит Тёму."),
        # the name is in another sentence
        (
            "Как зовут воспитательницу Тёмы?",
            "Отвёл Тёму в садик. Воспитательница строгая.",
        ),
        # a place's run of capitals, a weekday, an acronym
        (
            "What's the name of Sonya's climbing coach?",
            "Climbing at Vertigo Climbing, coach was nice.",
        ),
        (
            "What's the name of Sonya's climbing coach?",
            "Climbing coach, Tuesday session.",
        ),
        ("What's my ward manager's name?", "On the ward the CQC manager came."),
        # the owner the question names by a possessive adjective, in another
        # form near the thing's word, is not its name
        ("Как звали Костиного тренера?", "Вчера Костя ушёл от своего тренера."),
        ("Как звали Юлиного начальника?", "Вчера Юля опять спорила с начальником."),
        ("What was Kostya's coach called?", "Вчера Костя ушёл от своего тренера."),
    ],
)
def test_a_turn_naming_no_one_gives_no_name(question: str, text: str) -> None:
    assert not gives_name(text, asked_name_of(question), names_in(question), [])


def test_the_turns_own_person_may_be_named_past_an_apposition() -> None:
    # the landlady's description stands between her word and her name: five
    # words off, too far for any capitalised word, near enough for the name
    # of the person the turn is linked to
    question = "Как зовут хозяйку нашего дома?"
    text = "Хозяйка — киприотка на пенсии, кирия Андрула (Androula Michael), ура."
    asked = asked_name_of(question)
    assert gives_name(text, asked, names_in(question), ["Androula Michael"])
    assert not gives_name(text, asked, names_in(question), [])
    far = "Хозяйка — киприотка на пенсии, и вот что: через год Андрула уедет."
    assert not gives_name(far, asked, names_in(question), ["Androula Michael"])


async def test_a_name_question_about_an_unnamed_one_finds_nothing(
    tmp_path: Path,
) -> None:
    """The turns on the new ward manager never name her: "What's my ward
    manager's name?" found them before; once one names her, it answers."""
    turns = [
        (0, "My new ward manager wants us through the competencies by May."),
        (1, "The ward manager moved my shifts again."),
        (2, "Bought milk"),
    ]
    async with retriever_over(tmp_path, turns) as retriever:
        assert await retriever.search("What's my ward manager's name?") == []
        assert await retriever.search("Where does my ward manager work?") != []
    named = [*turns, (3, "Met the new ward manager, Joanne, very kind.")]
    async with retriever_over(tmp_path / "named", named) as retriever:
        hits = await retriever.search("What's my ward manager's name?")
        assert any("Joanne" in hit.node.content for hit in hits), hits


@pytest.mark.parametrize(
    ("question", "text", "answers"),
    [
        # the thing said by a word of its phrase, the name given outright
        (
            "What is the name of John's one-year-old child?",
            "They're doing great. Our one-year-old is so cute, his name is Kyle!",
            True,
        ),
        ("Как зовут хозяйку нашего дома?", "Хозяйку дома зовут Андрула.", True),
        # no name given outright, and the head word is not said
        (
            "What is the name of John's one-year-old child?",
            "Our one-year-old is so cute, he loves Kyle's toys.",
            False,
        ),
        # a name after "named" is not a name outright when it is the asked one
        (
            "What is the name of John's one-year-old child?",
            "Our one-year-old is so cute, we named the cake John.",
            False,
        ),
    ],
)
def test_a_name_given_outright_answers_by_any_word_of_the_thing(
    question: str, text: str, answers: bool
) -> None:
    asked = asked_name_of(question)
    assert gives_name(text, asked, names_in(question), []) is answers


def test_a_possessive_opening_the_sentence_is_no_name_of_a_known_one() -> None:
    """ "Her husband's colleagues sang": "Her" is no name, though its loose
    spelling is the start of one the turn's entities carry ("Hebrew")."""
    question = "What's Dina's husband's name?"
    text = "Dinner at Dina's. Her husband's colleagues sang in Hebrew all night."
    known = ["Dina", "Hebrew"]
    assert not gives_name(text, asked_name_of(question), names_in(question), known)


def test_a_title_before_a_name_is_no_thing_asked() -> None:
    """«внука кирии Андрулы» asks for a grandson: «кирия» is a title, which a
    turn on "Kyria Androula" says without naming her grandson."""
    asked = asked_name_of("Как зовут внука кирии Андрулы?")
    assert "внук" in asked and "кири" not in asked
    assert not gives_name(
        "Kyria Androula came over and showed Marina the lemon tree.",
        asked,
        names_in("Как зовут внука кирии Андрулы?"),
        ["Androula", "Marina"],
    )
