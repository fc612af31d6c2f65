"""A boss introduced by a work title, never by the word "boss".

"Ingrid Vos, head of primary", "our head of primary Graham Hale", "the
headteacher, Mrs Brown", "my line manager Tom", "team lead Priya",
«директор школы Иван Петрович», «наш тимлид Олег», «завуч Ольга»: the user
later asks "Who's my boss?" / «Кто мой руководитель?», so the person is filed
with the relation "boss" (and a newer title-holder replaces an older boss, as
a newer "my boss" does: writepath/relations.py).

"head" alone is a body part ("my head hurts"): only "head of <something>",
"head teacher" and the one-word titles count. A title owned by someone else
("Lev's headteacher", «его начальник») is no title of the user's boss.
"""

from __future__ import annotations

from collections.abc import Sequence

BOSS = "boss"

# Titles said in one word: the person is the head of the user's workplace.
_ONE_WORD = frozenset(
    """headteacher headmaster headmistress principal тимлид завуч""".split()
)
# Two-word titles: "line manager", "team lead".
_TWO_WORDS = frozenset(
    [
        ("head", "teacher"),
        ("line", "manager"),
        ("team", "lead"),
        ("team", "leader"),
    ]
)
# Russian heads of a unit, said with the unit in the genitive ("директор
# школы", «руководитель отдела», «заведующая отделением»), or alone.
_RU_HEADS = ("директор", "заведующ", "руководител", "начальни")
# Possessives that make the title someone else's ("his principal", «его
# начальник»); a name's "'s" too ("Sam's headteacher").
_THEIRS = frozenset(
    """his her their its your его её ее их твой твоя ваш ваша""".split()
)


def _clean(words: Sequence[str]) -> list[str]:
    return [w.strip(',.!?;:()«»"').casefold() for w in words]


def _title_length(words: Sequence[str], at: int) -> int:
    """How many words from `at` make a boss title (0 for none)."""
    word = words[at]
    after = words[at + 1] if at + 1 < len(words) else ""
    if word == "head" and after == "of" and at + 2 < len(words):
        return 3  # "head of primary"
    if (word, after) in _TWO_WORDS:
        return 2
    if word in _ONE_WORD:
        return 1
    if word.startswith(_RU_HEADS):
        # the unit in the genitive may follow: «руководитель отдела»
        return 2 if after[-1:] in ("а", "ы", "и", "я") and after.isalpha() else 1
    return 0


def _owned_by_another(raw: Sequence[str], at: int) -> bool:
    """The title at `at` follows another's possessive ("Sam's", "his")."""
    if at == 0:
        return False
    previous = raw[at - 1]
    return previous.casefold() in _THEIRS or previous.endswith(("'s", "’s"))


def boss_before(before_words: Sequence[str]) -> str:
    """ "our head of primary Graham Hale", "the headteacher, Mrs Brown" (the
    title word "Mrs" already cut), «директор школы Иван Петрович»."""
    raw = list(before_words[-5:])
    words = _clean(raw)
    for at in range(len(words)):
        length = _title_length(words, at)
        if length and at + length == len(words) and not _owned_by_another(raw, at):
            return BOSS
    return ""


def boss_after(after_words: Sequence[str]) -> str:
    """ "Ingrid Vos, head of primary there", "Tom, my line manager"."""
    words = _clean(after_words[:5])
    if not words or words[0] not in ("", "is", "—", "–", "-", "это"):
        return ""
    at = 2 if words[1:2] and words[1] in ("my", "our", "the", "наш", "наша") else 1
    if at < len(words) and _title_length(words, at):
        return BOSS
    return ""


def boss_over_qualified(relation: str, before_words: Sequence[str]) -> str:
    """The relation read before the name, unless it is a qualified one a
    title makes the boss ("my line manager" is no "line manager" of its own);
    a bare relation word stays itself ("мой начальник Оливер": начальник)."""
    if relation and " " not in relation:
        return relation
    return boss_before(before_words) or relation
