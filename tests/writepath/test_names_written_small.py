"""Names written small (writepath/lower_names.py): a person the memory holds
capitalised ("Maureen", an older British neighbour's name, now a given name
the offline reader knows) is that person when typed in lower case, but a
name that is also a word («вера» as faith, "mark") stays the word.
"""

from __future__ import annotations

from agent_memory.storage import MemoryStorage
from agent_memory.writepath.lower_names import lower_case_words
from filed import entity_named, said


async def test_a_known_person_written_small_is_that_person(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "Had a cuppa with Maureen from across the road.",
        "maureen watered the tomatoes while we were away",
    )

    maureen = await entity_named(storage, "Maureen")
    assert maureen.type == "person" and maureen.mention_count == 2


async def test_a_name_that_is_also_a_word_stays_the_word(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "сегодня Вера из бухгалтерии принесла пирог",
        "вера в себя помогает больше таблеток",
        "My neighbour Mark fixed the fence.",
        "I put a mark on the calendar for the dentist",
    )

    assert (await entity_named(storage, "Вера")).mention_count == 1
    assert (await entity_named(storage, "Mark")).mention_count == 1
    assert not {"веру", "света", "will", "may", "мама"} & lower_case_words(
        "веру не теряй, света нет, will may мама"
    )
