"""A child named by the order of birth or the family's word for the little one.

«старшая Вика», «малой Миша», "Zlata, our youngest", «Марк — наш старший»: a
parent names their child by where it stands among the children. A Russian
adjective says which it is by its gender (младшая, малая: a daughter;
младший, малой: a son); an English one leaves it to a pronoun after, else to
"child". One table for the two places that read it: the word apposed after
the name (writepath/relations.py) and the word before a name whose aside
tells a minor's age (writepath/aside_relation.py).
"""

from __future__ import annotations

BIRTH_ORDER = {
    **dict.fromkeys("youngest eldest oldest".split(), "child"),
    **dict.fromkeys(
        "младшая старшая младшенькая старшенькая малая мелкая".split(), "дочь"
    ),
    **dict.fromkeys(
        "младший старший младшенький старшенький малой мелкий".split(), "сын"
    ),
}


def child_by_word_before(before_words: list[str]) -> str:
    """«сын» / «дочь» when the word right before the name is a Russian birth
    order or little-one word of that gender («старшая Вика», «малой Миша»);
    "" otherwise (an English one says no sex)."""
    word = before_words[-1].strip(",.!?;:()").casefold() if before_words else ""
    found = BIRTH_ORDER.get(word, "")
    return "" if found == "child" else found
