"""The people who serve the user by a trade filed as no relation (a
neurologist, a masseuse, a nurse): a name beside the trade's word is theirs,
in either language, on a real memory linked by the real extractor."""

from __future__ import annotations

from agent_memory.storage import MemoryStorage
from day_turns import top_three


async def test_a_name_after_the_trade_is_no_owner(storage: MemoryStorage) -> None:
    """«у невролога Ирины Сергеевны» is at the neurologist Irina Sergeevna,
    not at Irina's neurologist: it answers «кто мой невролог?»."""
    texts = ["Сходил к неврологу Ирине Сергеевне, назначила уколы и покой."]
    top = await top_three(storage, texts, "кто мой невролог")
    assert top and "Ирине" in top[0]


async def test_the_neurologist_is_asked_in_either_language(
    storage: MemoryStorage,
) -> None:
    texts = ["Neurologist Hanna Berg says the numbness should pass by spring."]
    top = await top_three(storage, texts, "кто мой невролог?")
    assert top and "Hanna" in top[0]


async def test_a_name_before_its_trade_word_names_the_masseuse(
    storage: MemoryStorage,
) -> None:
    """«массаж у Дианы, массажистка в центре»: met at Diana's, and the trade's
    word follows her name as its apposition."""
    texts = ["Первый массаж у Дианы, массажистка в спортцентре, плечи ожили."]
    top = await top_three(storage, texts, "как зовут мою массажистку")
    assert top and "Дианы" in top[0]
    top = await top_three(storage, [], "what's my masseuse called")
    assert top and "Дианы" in top[0]
