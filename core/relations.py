"""Words that state a relation to the user ("my wife Sarah", "моя жена Света").

The offline extractor (writepath/entities.py) keeps the relation on the entity
and files "my wife" / "жена" as aliases; the query analysis (search/) maps a
question's inflected Russian forms ("с моей женой") back to these base forms,
so both sides speak the same words.
"""

from __future__ import annotations

# Relation words of "my wife Sarah" / "моя жена Света": the relation kept on
# the entity and filed as an alias, so "my wife" and "жена" find Sarah.
RELATIONS = frozenset(
    """wife husband partner girlfriend boyfriend fiance fiancee son daughter mom
    mother dad father brother sister grandma grandmother grandpa grandfather aunt
    uncle cousin niece nephew friend boss manager colleague coworker neighbor
    neighbour roommate teacher doctor therapist coach mentor
    жена муж сын дочь мама мать папа отец брат сестра бабушка дедушка тётя тетя
    дядя друг подруга начальник босс коллега сосед соседка врач""".split()
)
RELATION_OWNERS = frozenset("my our мой моя мои наш наша".split())
# Relations one usually has once, so the bare word ("wife", "жена") is an alias.
UNIQUE_RELATIONS = frozenset(
    """wife husband partner girlfriend boyfriend fiance fiancee mom mother dad
    father boss manager grandma grandpa жена муж мама мать папа отец начальник
    босс""".split()
)
# Russian relations spoken of with the feminine "моя" (the rest take "мой").
RU_FEMININE = frozenset(
    "жена мама мать сестра бабушка тётя тетя подруга соседка дочь".split()
)


def owner_word(relation: str) -> str:
    """The possessive an alias of `relation` is filed with: "my", "моя", "мой"."""
    if relation.isascii():
        return "my"
    return "моя" if relation in RU_FEMININE else "мой"
