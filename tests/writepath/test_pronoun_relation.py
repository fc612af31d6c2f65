"""A relation said by a pronoun after the clause naming the person is filed
on that person (writepath/pronoun_relation.py)."""

from __future__ import annotations

from agent_memory.storage import MemoryStorage
from agent_memory.writepath.mentions import extract_mentions
from filed import said


def _relations(text: str) -> dict[str, str]:
    return {m.name: m.relation for m in extract_mentions(text) if m.relation}


def test_the_pronoun_names_the_one_person_before_it() -> None:
    """ "Misha is fourteen; he's my son", «Мише четырнадцать, он мой сын»
    (the sentence before names someone else: the pronoun's own sentence
    names its person), "Lunch with Anna. She is my best friend." (the
    sentence before, when its own names nobody)."""
    assert _relations("Misha is fourteen; he's my son from my first marriage.") == {
        "Misha": "son"
    }
    assert _relations(
        "Соне девять, она в четвёртом классе. Мише четырнадцать, он мой сын."
    ) == {"Мише": "сын", "Соне": "дочь"}  # her age and class: writepath/child_ages.py
    assert _relations("Lunch with Anna. She is my best friend.") == {
        "Anna": "best friend"
    }


def test_two_candidates_file_nothing() -> None:
    """ "Anna and Misha came over. He is my brother.": either may be meant."""
    assert _relations("Anna and Misha came over. He is my brother.") == {}
    assert _relations("Misha called. We talked. He is my brother.") == {}


async def test_the_relation_finds_the_person(storage: MemoryStorage) -> None:
    """ "my son" is an alias of the person the pronoun's relation is said of."""
    await said(storage, "Мише четырнадцать, он мой сын от первого брака.")

    misha = await storage.entities.find_entity("мой сын")
    assert misha is not None and misha.type == "person"


def test_a_sentence_of_a_qualified_relation_alone_is_said_of_the_one_before() -> None:
    """«Сегодня год как нет Толи. Первый муж, отец Веры.», "Today is a year since
    Tolya died. My first husband." name him by the relation; a sentence
    opened by an adverb («Вчера муж, как всегда, опоздал») or a relation
    alone («Муж, конечно, против») says no qualified relation."""
    assert _relations("Сегодня год как нет Толи. Первый муж, отец Веры.") == {
        "Толи": "первый муж"
    }
    assert _relations("Today is a year since Tolya died. My first husband.") == {
        "Tolya": "first husband"
    }
    assert _relations("Сегодня звонила Тоне. Моя лучшая подруга.") == {
        "Тоне": "лучшая подруга"
    }
    assert _relations("Видела Лену. Вчера муж, как всегда, опоздал.") == {}
    assert _relations("Видела Лену. Муж, конечно, против.") == {}


def test_a_child_called_by_a_kin_word_is_the_users_child() -> None:
    """«сказал нет, сынок», «Спасибо, сынок, очень тонко»: the user speaks to
    the one person the turn names before the word, their son or daughter;
    not «Катя, дочка, звонила» (said of Катя, as an aside), a quoted
    speaker's word, or a turn naming two people."""
    assert _relations("Тимурка в 10. он спросил про гуппи. сказал нет, сынок") == {
        "Тимурка": "сын"
    }
    assert _relations(
        "Костя прислал ссылку на статью. Спасибо, сынок, очень тонко."
    ) == {"Костя": "сын"}
    assert _relations("Звонила Катя. Ну что ж, доча, держись.") == {"Катя": "дочь"}
    assert _relations("Лёша и Вова пришли. сказал нет, сынок") == {}
    assert _relations("Вова рассказал, как мама кричит «нет, сынок»") == {}


async def test_the_called_child_is_found_by_the_relation(
    storage: MemoryStorage,
) -> None:
    """ "my son" names the one the user calls «сынок»."""
    await said(storage, "созвон с Тимурой в 10. он спросил про июль. точно, сынок")

    timur = await storage.entities.find_entity("мой сын")
    assert timur is not None and "Тимур" in timur.name


def test_one_named_by_a_relation_word_takes_no_other_relation() -> None:
    """«Соседка забрала папу. золотая сестра», "Took Dad to the clinic. My
    old friend.": the relative named by their relation word (mum, dad) is
    not given the relation the next sentence praises someone with."""
    assert "Mum" not in _relations("Called Mum tonight. My best friend.")
    assert "Dad" not in _relations("Took Dad to the clinic. My old friend.")
    assert "Папа" not in _relations("Соседка забрала папу. золотая сестра")
