"""A neighbour named by where they live, right after the name.

A diary rarely says "my neighbour Stan"; it says "Stan from next plot gave me
rhubarb", "Doreen next door took in our parcel", «Нина за стенкой опять
сверлит», «Вера из соседней квартиры». Where one lives beside the user (the
place phrases of search/next_door.py) says the relation the word would: the
user's neighbour. Only the words right after the name are read, so a place
said of something else later in the sentence ("Tom moved next door") names
no neighbour.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..search.morphology import is_russian
from ..search.next_door import beside_first

_SPAN = 4  # "from the next plot", «из соседней квартиры»


def neighbour_after(after_words: Sequence[str]) -> str:
    """ "neighbour" (or «сосед») when the words right after the name say
    where beside the user they live; else ""."""
    words = [w.rstrip(",.!?;:") for w in after_words[:_SPAN]]
    if not words or not all(w.isalpha() and w.islower() for w in words[:2]):
        return ""  # "Stan, Next Door Ltd": not a place said in passing
    said = " ".join(words)
    if not beside_first(said):
        return ""
    return "сосед" if is_russian(said) else "neighbour"
