"""A turn led by the former holder tells of the change, not of the new one.

"Хорди объявил — переезжает в Барселону, студию оставляет партнёрше Кармен
(Carmen Ferrer, строгая)": the turn introduces Carmen, the boss now, but it is
Jordi's news, the old boss's; so is "Jordi's partner Carmen might come more
often". Asked "Who's my boss?", such a turn ranked above Carmen's own ones
("Кармен поставила меня на новый проект"). A turn that names the one filed
as the former holder of the asked relation (writepath/relations.py files
"former boss" when a newer one takes it) before it names the present holder
counts less; one that names the present holder first ("first day with Carmen
as the boss, Jordi's desk is empty") is about her and keeps its weight.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.records import Entity
from ..core.relations import same_relation
from .introductions import introduced_by

FORMER_FIRST_WEIGHT = 0.3
_WORD = re.compile(r"\w+", re.UNICODE)
_SHORTEST_STEM = 4  # «Ингрид», «Ингрид»ой: a Russian name's case keeps this


def former_holders(
    linked: Sequence[Entity], relation: str, asked: set[int]
) -> list[Entity]:
    """The entities of `linked` filed as a former holder of `relation` (or
    its synonym or translation: "former manager" for a boss), not `asked`."""
    same = same_relation(relation)
    return [e for e in linked if e.id not in asked and (_former_of(e) or "-") in same]


def _former_of(entity: Entity) -> str:
    """The relation word of "former <relation>" filed on the entity, or ""."""
    words = str(entity.attributes.get("relation") or "").split()
    return words[-1] if len(words) >= 2 and words[0] == "former" else ""


def former_first(text: str, present: set[str], former: Sequence[Entity]) -> float:
    """FORMER_FIRST_WEIGHT when the text names one of the `former` holders
    before the present holder (`present`: the first words of their names, in
    both scripts, lower case), else 1."""
    if not former:
        return 1.0
    old = introduced_by(former)
    words = [w.lower() for w in _WORD.findall(text)]
    first_old = _first_of(words, old)
    if first_old is None:
        return 1.0
    first_new = _first_of(words, present)
    if first_new is not None and first_new < first_old:
        return 1.0
    return FORMER_FIRST_WEIGHT


def _first_of(words: list[str], names: set[str]) -> int | None:
    """The position of the first word that is one of `names`, a Russian
    name in another case too («Хорди», «Ингрид» → «Ингрид»ой)."""
    for at, word in enumerate(words):
        if any(_is_form_of(word, name) for name in names):
            return at
    return None


def _is_form_of(word: str, name: str) -> bool:
    if word == name:
        return True
    stem = name[:-1] if name[-1:] in "аяеиоуыь" else name
    return (
        len(stem) >= _SHORTEST_STEM
        and word.startswith(stem)
        and len(word) - len(stem) <= 3
    )
