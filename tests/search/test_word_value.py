"""A current value that is a word, not a name ("coffee", "кофе"), in either
script (search/changes.py `_word_keys`): once the change and the present
agree on it, the user's later turns naming it rank above the old state's
turns, even in the other language and sharing one word with the question;
and a person the change mentions ("Lena's espresso machine") is no side of
it, so her later small talk does not rise."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
OLD = [
    "I start every morning with a pot of green tea, no coffee for me.",
    "Я пью только чай, кофе мне никогда не нравился.",
    "Bought a new tin of sencha, my favourite tea.",
]
CHANGE = [
    "Plot twist: switched from tea to coffee, Lena's espresso machine won me over.",
    "Теперь пью кофе по утрам, чай почти забросил.",
    "I drink coffee every morning now, two cups before nine.",
]
LATER = "Утром обязательно кофе, без него никак."  # the value alone
NOISE = (
    "Lena wants to repaint the hallway this month.",
    "How is Lena doing these days?",
    "Long day, too many meetings.",
    "Swam before work again.",
    "Лена купила новые шторы.",
)


async def _life(storage: MemoryStorage) -> Retriever:
    texts = [*OLD, *(NOISE[i % 5] for i in range(40)), *CHANGE]
    texts += [*(NOISE[i % 5] for i in range(20)), LATER, *NOISE]
    return await linked_days(storage, texts, T0)


@pytest.mark.parametrize(
    "question",
    ["Я пью чай или кофе?", "Что я пью по утрам?", "Do I drink tea or coffee?"],
)
async def test_the_value_in_other_words_ranks_above_the_old_state(
    storage: MemoryStorage, question: str
) -> None:
    retriever = await _life(storage)
    hits = await retriever.search(question, SearchFilters(limit=10), reinforce=False)
    top = [hit.node.content for hit in hits]
    assert set(top[:4]) == {*CHANGE, LATER}, top
    # her small talk after the change stays below the old state
    assert not [text for text in top[:6] if text in NOISE], top
