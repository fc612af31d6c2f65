"""The memory block injected into the agent's instructions, within a token budget.

Four sections share the budget: facts 40 %, entity profiles 25 %, temporal
context (the conversation turns found, in time order) 25 %, evidence (the turns
the facts were derived from) 10 %. What a section does not use flows to the
others in a second pass, and the finished block is counted again, so it never
exceeds the budget. Each line is short and says what it is, when, and who.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from ..core.records import Entity, Node, SearchHit, name_key
from ..core.tokens import count_tokens, truncate_to_tokens, within
from .name_cases import is_case_form

if TYPE_CHECKING:
    from ..store.interface import Store

HEADER = "## Memory (may be relevant to this turn)"
SHARES = (("facts", 0.40), ("entities", 0.25), ("timeline", 0.25), ("evidence", 0.10))
# A question about a person opens with who they are (search/people.py).
PERSON_SHARES = (
    ("entities", 0.25),
    ("facts", 0.35),
    ("timeline", 0.30),
    ("evidence", 0.10),
)
Shares = tuple[tuple[str, float], ...]
TITLES = {
    "facts": "### Facts",
    "entities": "### People and things",
    "timeline": "### From past conversations",
    "evidence": "### Evidence",
}
LINE_TOKENS = 80  # one memory line at most
_TYPE_LABEL = {
    "semantic": "fact",
    "procedural": "procedure",
    "opinion": "opinion",
    "episodic": "said",
}

Line = tuple[str, int | None]  # (text, node id it shows or None)


def is_echo(node: Node, flat_prompt: str) -> bool:
    """The turn being answered, already stored by the user_message handler
    (`flat_prompt`: the prompt with its whitespace collapsed, analysis.py)."""
    return node.type == "episodic" and " ".join(node.content.split()) == flat_prompt


def _day(when: float) -> str:
    return dt.datetime.fromtimestamp(when, dt.UTC).date().isoformat()


def _names(entities: Sequence[Entity]) -> str:
    return ", ".join(e.name for e in entities[:3])


def node_line(
    node: Node,
    entities: Sequence[Entity],
    label: str | None = None,
    *,
    earlier: bool = False,
) -> str:
    tags = [label or _TYPE_LABEL.get(node.type, node.type), _day(node.when)]
    if node.type == "episodic" and node.source_role:
        tags.append(node.source_role)
    if entities:
        tags.append(_names(entities))
    text = " ".join(node.content.split())
    line = f"- [{'; '.join(tags)}] {text}"
    if node.type != "episodic" and node.confidence < 0.6:
        line += f" (confidence {node.confidence:.1f})"
    if earlier:  # a question about now: a newer memory says otherwise
        line += " (earlier)"
    return truncate_to_tokens(line, LINE_TOKENS)


def shown_aliases(entity: Entity) -> list[str]:
    """The aliases worth telling: "Леной", "Лене" are Лена (or her alias
    "Лена" of "Елена") said in another case (name_cases.py), not other names."""
    names = [name_key(n) for n in (entity.name, *entity.aliases)]
    return [
        a
        for a in entity.aliases
        if not any(is_case_form(name_key(a), n) for n in names)
    ]


def entity_line(entity: Entity) -> str:
    # "concept" is the offline extractor's catch-all ("Porto" is one until the
    # nightly enrichment knows better): saying it tells the model nothing.
    kind: list[str] = [] if entity.type == "concept" else [entity.type]
    # "my wife" in the prompt found Sarah: the block says who she is to the user.
    if relation := entity.attributes.get("relation"):
        kind.append(f"the user's {relation}")
    about = [", ".join(kind)] if kind else []
    if aliases := shown_aliases(entity):
        about.append(f"also {', '.join(aliases[:3])}")
    said = entity.summary or f"mentioned {entity.mention_count} times"
    what = f" ({'; '.join(about)})" if about else ""
    return truncate_to_tokens(
        f"- **{entity.name}**{what}: {' '.join(said.split())}", LINE_TOKENS
    )


async def gather_sections(
    storage: Store,
    hits: Sequence[SearchHit],
    named: Sequence[Entity],
    earlier: Collection[int] = (),
) -> dict[str, list[Line]]:
    """Lines per section, best first, from the hits and what they link to;
    the `earlier` ones marked as past (search/standing.py earlier_states)."""
    facts = [h for h in hits if h.node.type != "episodic"]
    turns = sorted(
        (h for h in hits if h.node.type == "episodic"), key=lambda h: h.node.when
    )
    shown = {h.node.id for h in hits}
    profiles: dict[int, Entity] = {e.id: e for e in named}
    for hit in hits:
        for entity in hit.entities:
            if entity.summary:
                profiles.setdefault(entity.id, entity)
    sources = await storage.graph.sources_of([h.node.id for h in facts])
    source_ids = [i for ids in sources.values() for i in ids if i not in shown]
    source_nodes = await storage.nodes.get_nodes(list(dict.fromkeys(source_ids)))
    evidence: list[Line] = [
        (node_line(n, [], "source"), n.id)
        for n in sorted(source_nodes.values(), key=lambda n: n.when)
    ]

    def line(hit: SearchHit) -> Line:
        text = node_line(hit.node, hit.entities, earlier=hit.node.id in earlier)
        return text, hit.node.id

    said: set[str] = set()
    return {
        "facts": _unique([line(h) for h in facts], said),
        "entities": [(entity_line(e), None) for e in profiles.values()],
        "timeline": _unique([line(h) for h in turns], said),
        "evidence": _unique(evidence, said),
    }


def _unique(lines: list[Line], said: set[str]) -> list[Line]:
    """`lines` without those `said` already: the same words said the same day
    by the same side (a message sent twice, a fact stored twice) is one line
    of the block, not two."""
    kept = []
    for text, node_id in lines:
        if text not in said:
            said.add(text)
            kept.append((text, node_id))
    return kept


def fit_sections(
    sections: dict[str, list[Line]], budget: int, shares: Shares = SHARES
) -> tuple[str | None, list[int]]:
    """Render the sections within `budget` tokens, in the order of `shares`;
    (block or None, node ids shown)."""
    room = budget - count_tokens(HEADER) - 1
    if room <= 0:
        return None, []
    cost = {
        key: [count_tokens(text) + 1 for text, _ in lines]
        for key, lines in sections.items()
    }
    title_cost = {key: count_tokens(TITLES[key]) + 2 for key in sections}
    taken: dict[str, int] = {key: 0 for key in sections}
    spent = 0
    # Pass 1: each section within its share. Pass 2: the leftovers, in order.
    for allowance in ({k: share * room for k, share in shares}, None):
        for key, _ in shares:
            lines = cost.get(key, [])
            used = _section_cost(key, taken[key], cost, title_cost)
            while taken[key] < len(lines):
                extra = lines[taken[key]] + (title_cost[key] if taken[key] == 0 else 0)
                limit = (
                    room - spent
                    if allowance is None
                    else min(allowance[key] - used, room - spent)
                )
                if extra > limit:
                    break
                taken[key] += 1
                used += extra
                spent += extra
    return _render(sections, taken, budget, shares)


def _section_cost(
    key: str, count: int, cost: dict[str, list[int]], title_cost: dict[str, int]
) -> int:
    return (title_cost[key] if count else 0) + sum(cost[key][:count])


def _render(
    sections: dict[str, list[Line]],
    taken: dict[str, int],
    budget: int,
    shares: Shares,
) -> tuple[str | None, list[int]]:
    chosen = {key: list(sections[key][: taken[key]]) for key in sections}
    while True:
        parts = [HEADER]
        for key, _ in shares:
            if chosen.get(key):
                parts += ["", TITLES[key], *(text for text, _ in chosen[key])]
        if len(parts) == 1:
            return None, []
        block = "\n".join(parts)
        if within(block, budget):
            ids = [i for key in chosen for _, i in chosen[key] if i is not None]
            return block, ids
        # Joins can tokenise differently from the parts: drop the last line.
        last = next(k for k, _ in reversed(shares) if chosen.get(k))
        chosen[last].pop()


async def build_context_block(
    storage: Store,
    hits: Sequence[SearchHit],
    named: Sequence[Entity],
    budget: int,
    earlier: Collection[int] = (),
    *,
    people_first: bool = False,
) -> tuple[str | None, list[int]]:
    """The block for `hits` within `budget` tokens and the node ids it shows;
    `earlier`: older states of what a "now" question asks (marked as such);
    `people_first`: the question is about the named people, who lead."""
    sections = await gather_sections(storage, hits, named, earlier)
    return fit_sections(sections, budget, PERSON_SHARES if people_first else SHARES)
