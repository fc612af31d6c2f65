"""«Валера», «Валерка», "Valera": the forms of one given name (core/name_forms.py)
join one person, so a question naming one finds the turns of every form."""

from __future__ import annotations

from agent_memory.storage import MemoryStorage
from day_turns import top_three


async def test_the_pet_form_and_the_latin_spelling_are_valera(
    storage: MemoryStorage,
) -> None:
    texts = [
        "Валерка хвастается уловом, три леща.",
        "Valera sent a photo from the lake.",
        "Валера зовёт в гараж в субботу.",
    ]
    top = await top_three(storage, texts, "tell me about Valera")
    assert all(any(text[:12] in answer for answer in top) for text in texts), top
