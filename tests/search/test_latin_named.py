"""A person's Russian name written in lower-case Latin letters in English turns
(search/latin_named.py): a question about «Марина» also finds "had coffee
with marina", which the offline extractor linked to nobody."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.search.latin_named import latin_spellings
from agent_memory.storage import MemoryStorage
from day_turns import names_among_noise

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
RUSSIAN = (
    "Марина пригласила нас на дачу в субботу.",
    "Марина работает в библиотеке, она очень спокойная.",
    "Вчера с Мариной гуляли по парку.",
)
ENGLISH = (
    "marina lent me a book about birds, she reads a lot",
    "coffee with marina after work, she's moving flats soon",
)
NOISE = (
    "the boiler is making that noise again",
    "Купил новые кроссовки, старые совсем развалились.",
    "rainy all day, stayed in and cooked soup",
    "Посмотрели фильм, ничего особенного.",
)


async def _memory(storage: MemoryStorage) -> Retriever:
    return await names_among_noise(storage, RUSSIAN, NOISE, ENGLISH, T0)


@pytest.mark.parametrize(
    "question", ["Марина", "Кто такая Марина?", "расскажи про Марину"]
)
async def test_a_russian_name_finds_its_latin_lower_case_turns(
    storage: MemoryStorage, question: str
) -> None:
    retriever = await _memory(storage)
    hits = await retriever.search(question, SearchFilters(limit=10), reinforce=False)
    top = [hit.node.content for hit in hits]
    assert set(ENGLISH) <= set(top), top


def test_a_spelling_that_adds_an_e_to_a_final_consonant_is_no_turn_word() -> None:
    # «Гэв» may be "Gav", never the English "gave"
    assert "gav" in latin_spellings("Гэв")
    assert "gave" not in latin_spellings("Гэв")
    # an English "-ie" ending stays: «Эдди» is "eddie"
    assert "eddie" in latin_spellings("Эдди")


def test_only_a_russian_one_word_name_is_spelled() -> None:
    assert latin_spellings("Marina") == []
    assert latin_spellings("Ли") == []
    assert latin_spellings("Галина Петровна") == []
