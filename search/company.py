"""The company a turn names: "walked with Bublik", «гуляли с Йоси и Бубликом».

How one gets about is said by the vehicle or the service ("bus 37 to the
Carmelit", «на Ниро»), never by who comes along: a pet or a friend named
after "with" / «с» is company, not the way to work, even when the memory
filed the pet as a thing («Весь город на велосипедах. Гуляли с Бубликом»
names the dog beside the bikes). Only for the categories one rides (a
commute, a car): "we're with Vodafone" names a carrier by "with".
"""

from __future__ import annotations

import re

from .cross_script import loose_key
from .kinds import AskedKinds
from .morphology import stem

# the categories of how one gets about (search/kinds.py heads)
_RIDDEN = frozenset(map(stem, ("commute", "car")))
_NAME = r"[A-ZА-ЯЁ][\w-]*"
# "with Bublik", "with my dog Bublik", «с Йоси и Бубликом», «со Светой, Бубликом»
_COMPANY = re.compile(
    r"(?<!\w)(?:with|With|с|С|со|Со)\s+(?:(?:my|our|моей|моим|нашим|нашей)\s+\w+\s+)?"
    rf"({_NAME}(?:(?:\s*,\s*|\s+(?:and|и)\s+){_NAME})*)"
)


def asks_riding(kinds: AskedKinds) -> bool:
    """The question asks how one gets about (a commute, a car)."""
    return any(kind.head in _RIDDEN for _, kind in kinds.kinds)


def company_keys(text: str) -> set[str]:
    """The loose keys of the names `text` says as company, after "with"/«с»."""
    said = (match[1] for match in _COMPANY.finditer(text))
    return {loose_key(name) for names in said for name in re.findall(_NAME, names)} - {
        ""
    }
