"""A street named beside a category's thing is its address, not one of it.

"была у стоматолога… клиника на Avenida de Roma", "Dr Fitzgerald on Dorset
Street": the street says where the dentist is; asked "when's my teeth
cleaning?", it is no thing of the dentist's, and its other turns (the nails
and the haircut on the same street) are no answer. A street is known by the
word every street name carries ("Road", "Rua", «улица», «-стрит»), in the
languages the users live among. Asked where ("Where do I live now?"), or
asked of a street, the street is the answer and stays a thing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from ..core.records import Entity, SearchHit
from .standing import asks_where

# The words that make a name a street's, in English, Russian and the
# languages of the cities the users live in (Portuguese, Spanish, German,
# French, Dutch, Hebrew's transliteration).
# Not "St" ("St Mary's Hospital"), "Drive" (Google Drive) nor "Weg".
STREET_WORDS = frozenset(
    "street road avenue lane boulevard terrace crescent rua avenida calle"
    " travessa straße strasse rue straat laan rehov"
    " улица проспект переулок бульвар шоссе набережная стрит роуд авеню".split()
)
# A question of a street names one ("Which street is the clinic on?").
_ASKS_STREET = re.compile(
    r"(?<!\w)(?:street|road|avenue|улиц\w*|проспект\w*)(?!\w)", re.I
)


def is_street(entity: Entity) -> bool:
    """The entity's name carries a street word ("Avenida de Roma", «Дорсет-стрит»)."""
    return any(
        word in STREET_WORDS
        for name in (entity.name, *entity.aliases)
        for word in re.split(r"[\s\-.]+", name.casefold())
    )


def asks_street(question: str) -> bool:
    return bool(_ASKS_STREET.search(question))


def without_streets(
    base: Mapping[int, float],
    holders: Iterable[SearchHit],
    thing_of: Callable[[Entity], int | None],
    question: str,
) -> dict[int, float]:
    """The category's things (`base`, by `thing_of`) but the streets every
    turn among `holders` naming them names as the address of someone or
    something else (the clinic's doctor, "Dr Fitzgerald on Dorset Street");
    a street named alone ("the café on Rua Augusta") stands for the place.
    Unless the `question` asks where or of a street."""
    if asks_where(question) or asks_street(question):
        return dict(base)
    beside: set[int] = set()
    alone: set[int] = set()
    for hit in holders:
        for entity in hit.entities:
            index = thing_of(entity)
            if index is None or not is_street(entity):
                continue
            others = [
                e for e in hit.entities if e.id != entity.id and thing_of(e) != index
            ]
            (beside if others else alone).add(index)
    return {i: score for i, score in base.items() if i not in beside - alone}
