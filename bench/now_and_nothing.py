"""Now versus before, and saying nothing: a small life with changes (EN + RU).

The life is bench/life_changes.py (~26 turns a language over 3 months,
five things that change: home, work, morning drink, a trip, a sport). Each
language is its own memory. Prints, per language and embedder:
- current: R@5 of a turn stating the newest state, and how often a turn
  stating only the outdated state ranks above the best current one (stale);
- past: the same for "before" / "раньше" questions (older state wanted);
- never-said: share of questions get_context answers with no block;
- answered: share of answerable "my X" questions that still get a block.

    PYTHONPATH=... python bench/now_and_nothing.py [--embedder none|local]
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from pathlib import Path

from agent_memory.core.config import MemoryConfig
from agent_memory.core.embeddings import EmbeddingService
from agent_memory.core.records import NodeDraft
from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.storage import MemoryStorage

# (a sibling module: `python bench/X.py` puts bench/ first on the path)
from life_changes import (  # noqa: E402
    ANSWERED,
    CURRENT,
    LIVES,
    NEVER_SAID,
    PAST,
    Turn,
    answer_turns,
    stale_turns,
)

DAY = 86_400.0
START = 1_767_225_600.0  # 2026-01-01


async def open_life(
    life: list[Turn], embedder: EmbeddingService | None, folder: Path
) -> tuple[MemoryStorage, Retriever, list[int]]:
    dim = embedder.dim if embedder else 64
    storage = await MemoryStorage.open(folder / "memory.db", dim=dim)
    drafts = [
        NodeDraft(
            "episodic",
            text,
            source_type="conversation",
            source_role="user",
            session_id=f"day-{day}",
            event_time=START + day * DAY,
            decay_rate=0.0,
        )
        for day, text, _ in life
    ]
    ids = await storage.nodes.add_nodes(drafts)
    if embedder is not None:
        vectors = await embedder.embed_batch([text for _, text, _ in life])
        await storage.index.save_embeddings(
            [(i, v) for i, v in zip(ids, vectors, strict=True) if v is not None]
        )
    config = MemoryConfig(embedding_dimensions=dim)
    return storage, Retriever(storage, embedder, config), ids


async def rank_of(retriever: Retriever, question: str, ids: list[int]) -> list[int]:
    hits = await retriever.search(question, SearchFilters(limit=10), reinforce=False)
    index = {node_id: i for i, node_id in enumerate(ids)}
    return [index[h.node.id] for h in hits if h.node.id in index]


def score(ranked: list[int], wanted: set[int], stale: set[int]) -> tuple[bool, bool]:
    """(a wanted turn in the top 5, a stale turn above the best wanted one)."""
    first = next((r for r, i in enumerate(ranked) if i in wanted), 99)
    first_stale = next((r for r, i in enumerate(ranked) if i in stale), 99)
    return first < 5, first_stale < first


async def measure(lang: str, embedder: EmbeddingService | None) -> dict[str, float]:
    life = LIVES[lang]
    with tempfile.TemporaryDirectory() as folder:
        storage, retriever, ids = await open_life(life, embedder, Path(folder))
        try:
            out: dict[str, float] = {}
            for name, questions, when in (
                ("current", CURRENT[lang], "new"),
                ("past", PAST[lang], "old"),
            ):
                found = stale = 0
                for question, thing in questions:
                    ranked = await rank_of(retriever, question, ids)
                    top5, above = score(
                        ranked,
                        answer_turns(life, thing, when),
                        stale_turns(life, thing, when),
                    )
                    found += top5
                    stale += above
                out[f"{name} R@5"] = 100 * found / len(questions)
                out[f"{name} stale"] = 100 * stale / len(questions)
            quiet = 0
            for question in NEVER_SAID[lang]:
                quiet += await retriever.get_context(question) is None
            out["never-said quiet"] = 100 * quiet / len(NEVER_SAID[lang])
            shown = 0
            for question, word in ANSWERED[lang]:
                block = await retriever.get_context(question)
                shown += block is not None and word in block
            out["answered shown"] = 100 * shown / len(ANSWERED[lang])
            return out
        finally:
            await retriever.drain()
            await storage.close()


def load_embedder(name: str) -> EmbeddingService | None:
    if name == "none":
        return None
    from agent_memory.standalone.local_embedder import load_local_embedder

    raw = load_local_embedder()
    return EmbeddingService(raw, raw.dim)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--embedder", choices=("none", "local"), default="none")
    args = parser.parse_args()
    embedder = load_embedder(args.embedder)
    for lang in ("en", "ru"):
        numbers = await measure(lang, embedder)
        cells = ", ".join(f"{k} {v:.0f}" for k, v in numbers.items())
        print(f"{args.embedder} {lang}: {cells}")


if __name__ == "__main__":
    asyncio.run(main())
