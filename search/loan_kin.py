"""A loanword's other-script spelling says the asked word, for the gate.

loanwords.py finds the spelling the memory's turns use for a question's
loanword ("контакт" → "contact", "bisoprolol" → «бисопролол») and searches
it; without the gate reading it too, the turns it finds say none of the
question's own words, and a question about something told only in the other
script looks like one about something never said ("кто сейчас мой контакт в
Vela" against "my new contact at Vela: Oliver Grant"). The spelling was
found in the memory's own turns, so no question about an unheard thing
gains support from it.
"""

from __future__ import annotations

from collections.abc import Iterable

from .morphology import stem


def loan_kin(
    loans: Iterable[tuple[str, str]],
) -> list[tuple[frozenset[str], frozenset[str]]]:
    """For each (asked word, the memory's spelling of it), the pair support.py's
    kin rule reads: a hit holding the spelling's stem holds the word's."""
    return [
        (frozenset({stem(asked)}), frozenset({stem(said)}))
        for asked, said in loans
        if stem(asked) != stem(said)
    ]
