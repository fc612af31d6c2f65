"""The hard corpus of the latency bench (`retrieval_latency.py --corpus hard`).

The default corpus draws Zipf words, so a question's words are mostly rare
and the OR-ed full-text query matches few rows. Real chats are not like
that: everyday words ("said", "months", "plans", "feel") are in most turns,
and a long question made of them matches most of the memory. This corpus is
chat-like turns from templates over a few hundred topics, everyday words in
most turns, people mentioned Zipf-wise, 10 % facts, 256-d vectors.

Bulk path (also for 1M): the product's own writes only, in large batches —
`submit_episode` for turns (the hot path's insert, the writer batches them
into transactions of `batch_size`), `add_nodes` for facts, `save_embeddings`
and `link_entities` per chunk of CHUNK nodes, then `drain()`. No ad-hoc SQL.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Sequence
from pathlib import Path

from agent_memory.core.records import EpisodeDraft, NodeDraft
from agent_memory.storage import MemoryStorage

TOPICS = 300
PEOPLE = 200
CHUNK = 10_000
SPEAKERS = ("Sam", "Alex")

_TURNS = (
    "{me}: I said to {p} that the {t} plans feel {adj} after these months.",
    "{me}: {p} said the {t} thing went {adj}, I feel we should keep at it.",
    "{me}: How do you feel about the {t} plans? {p} said it was {adj}.",
    "{me}: Over the last months the {t} work felt {adj}, and {p} agreed.",
    "{me}: Yeah, I feel the same. {p} said we could try {t} again next week.",
    "{me}: Honestly the {t} plans made me feel {adj}; months of it now.",
    "{me}: {p} and I talked about {t} for hours, we said it feels {adj}.",
    "{me}: Did I tell you what {p} said about {t}? It sounded {adj} to me.",
)
_ADJ = (
    "great", "hard", "exciting", "slow", "fun", "stressful", "calm", "weird",
    "amazing", "tiring", "hopeful", "messy", "good", "strange", "fine",
)  # fmt: skip
_FACTS = (
    "{p} likes {t}.",
    "{p} plans to do more {t} next year.",
    "{p} said {t} is their favourite hobby.",
)


def _invented(rng: random.Random, count: int, length: tuple[int, int]) -> list[str]:
    letters = "abcdefghijklmnopqrstuvwxyz"
    out: set[str] = set()
    while len(out) < count:
        out.add("".join(rng.choice(letters) for _ in range(rng.randint(*length))))
    return sorted(out)


def topics(seed: int = 3) -> list[str]:
    """Topic phrases of one or two invented words ("vorel", "kastin drum")."""
    rng = random.Random(seed)
    words = _invented(rng, TOPICS * 2, (4, 8))
    return [
        words[2 * i] if i % 2 else f"{words[2 * i]} {words[2 * i + 1]}"
        for i in range(TOPICS)
    ]


def people(seed: int = 4) -> list[str]:
    """Capitalised names, most mentioned first (Zipf weights by rank)."""
    return [w.capitalize() for w in _invented(random.Random(seed), PEOPLE, (5, 7))]


def _zipf(count: int) -> list[float]:
    return [1.0 / (rank + 1) for rank in range(count)]


async def build(
    path: Path,
    size: int,
    dim: int,
    vector: Callable[[random.Random], list[float]],
) -> None:
    """`size` nodes (90 % turns in threads of 40, 10 % facts) in `path`."""
    rng = random.Random(size)
    all_topics, names = topics(), people()
    topic_w, name_w = _zipf(len(all_topics)), _zipf(len(names))
    storage = await MemoryStorage.open(path, dim=dim, batch_size=4096)
    try:
        entity_of = {
            n: (await storage.entities.upsert_entity(n, type="person", mentions=0)).id
            for n in names
        }
        start = 1_600_000_000.0
        for chunk in range(0, size, CHUNK):
            count = min(CHUNK, size - chunk)
            turns, facts = [], []
            mentioned: list[str] = []
            for i in range(chunk, chunk + count):
                person = rng.choices(names, name_w)[0]
                topic = rng.choices(all_topics, topic_w)[0]
                if i % 10 == 9:
                    text = rng.choice(_FACTS).format(p=person, t=topic)
                    facts.append(NodeDraft("semantic", text, event_time=start + 60 * i))
                else:
                    text = rng.choice(_TURNS).format(
                        me=SPEAKERS[i % 2], p=person, t=topic, adj=rng.choice(_ADJ)
                    )
                    turns.append(
                        storage.nodes.submit_episode(
                            EpisodeDraft(
                                text, f"thread-{i // 40}", "user", start + 60.0 * i
                            )
                        )
                    )
                mentioned.append(person)
            ids = [int(i) for i in await asyncio.gather(*turns)]
            ids += await storage.nodes.add_nodes(facts)
            # mentioned is in creation order; turns then facts in ids: re-pair.
            turn_people = [p for k, p in enumerate(mentioned) if (chunk + k) % 10 != 9]
            fact_people = [p for k, p in enumerate(mentioned) if (chunk + k) % 10 == 9]
            await storage.index.save_embeddings([(i, vector(rng)) for i in ids])
            await storage.entities.link_entities(
                [
                    (node_id, entity_of[p])
                    for node_id, p in zip(ids, turn_people + fact_people, strict=True)
                ]
            )
        await storage.drain()
    finally:
        await storage.close()


def prompts(rng: random.Random, count: int) -> list[tuple[str, str]]:
    """(kind, prompt): `compare` long prompts, `top_person` questions naming
    the most-mentioned people, `everyday` short questions of common words."""
    all_topics, names = topics(), people()
    out: list[tuple[str, str]] = []
    for i in range(count):
        kind = ("compare", "top_person", "everyday")[i % 3]
        x, y = rng.sample(all_topics, 2)
        if kind == "compare":
            a, b = rng.sample(names[:20], 2)
            text = (
                f"Can you compare what {a} and {b} said about {x} and {y} over"
                " the last months, and how they feel about their plans now?"
                " I remember we talked about it a few times but I forget the"
                " details of what each of them said and when."
            )
        elif kind == "top_person":
            text = f"What did {names[i % 3]} say about {x} and the plans?"
        else:
            text = f"How did I feel about {x} over the last months?"
        out.append((kind, text))
    return out


def kinds(pairs: Sequence[tuple[str, str]]) -> list[str]:
    return sorted({kind for kind, _ in pairs})
