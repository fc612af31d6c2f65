"""A time asked of a topic alone is asked of the user's own life.

"What happened with the car between 15 and 31 January?", «Что было с
машиной в апреле?»: no "I" or "my", yet in a personal memory a topic asked
within a time, no one named, is the user's own — their car, their back.
Read so, a category word in it is answered by its members as "What car do I
have?" is (search/kinds.py): the window's turns say "the Fiesta", «нива»,
never "the car". A capitalised word past the first (a name: «с Кириллом»,
"Melanie") makes it someone's, so LoCoMo's questions about others stay
theirs; the time phrase's own words ("January", «Марте») name no one.
"""

from __future__ import annotations

import re

from .when import RelativeWindow

_WORD = re.compile(r"\w+", re.UNICODE)


def asks_own_window(text: str, when: RelativeWindow | None) -> bool:
    """The question asks a topic within a time (`when`) and names no one."""
    if when is None:
        return False
    rest = text.replace(when.phrase, " ")
    words = _WORD.findall(rest)[1:]  # the first is capitalised as the start
    return not any(word[0].isupper() for word in words)
