"""Search on PostgreSQL: the narrow node_text table for text, pgvector for vectors.

The text leg gets the same FTS5 expression as on SQLite (search/query_text:
quoted terms OR-ed, Russian stems as prefixes) and turns it into a tsquery;
scores are ts_rank with the context column weighted as bm25's was, negated
so that lower is better as with bm25. Text is read from node_text (valid
nodes only, node_text.py), never from the wide node rows. Vectors live in
`nodes.embedding` with an HNSW cosine index over valid nodes, so soft delete
needs no index upkeep.
"""

from __future__ import annotations

import logging
import math
import re
import time
from collections.abc import Sequence
from typing import Any

from pgvector import Vector

from ...core.records import NodeType, NodeWindow
from ..index import SqliteIndex
from ..rows import in_scope, marks, unexpired, valid, window_sql
from . import node_text
from .text import TEXT_CONFIG, folded

log = logging.getLogger(__name__)

STATS_TTL = 60.0  # seconds the lexeme statistics are reused
_TERM = re.compile(r'"((?:[^"]|"")*)"(\*?)')
# an FTS5 phrase: quoted terms joined by "+" ("нов"* + "год"*)
_PHRASE = re.compile(r'"(?:[^"]|"")*"\*?(?:\s*\+\s*"(?:[^"]|"")*"\*?)*')
# a query's terms are folded and read as the index's text (text.py)
_PREFIX = f"to_tsquery('simple', {folded('?')})"
_WORDS = f"plainto_tsquery('{TEXT_CONFIG}', {folded('?')})"
_PHRASE_WORDS = f"phraseto_tsquery('{TEXT_CONFIG}', {folded('?')})"


def live(alias: str = "") -> str:
    """rows.valid for a node_text row: it is valid by being there."""
    return unexpired(alias) + in_scope(alias)


def query_terms(match: str) -> list[tuple[str, str, str]]:
    """(term, SQL of its tsquery, its parameter) per quoted term of an FTS5 OR."""
    out = []
    for group in _PHRASE.finditer(match):
        parts = list(_TERM.finditer(group[0]))
        if len(parts) > 1:
            out.append(_phrase_query(parts))
            continue
        found = parts[0]
        term = found[1].replace('""', '"')
        if found[2]:  # a stem: any ending
            out.append((term, _PREFIX, "'" + term.replace("'", "''") + "':*"))
        else:
            out.append((term, _WORDS, term))
    if not out and match.strip():  # a bare word or phrase: its words
        out.append((match, _WORDS, match))
    return out


def _phrase_query(parts: list[re.Match[str]]) -> tuple[str, str, str]:
    """A phrase of words in a row: stems as prefixes, or whole words."""
    words = [found[1].replace('""', '"') for found in parts]
    text = " ".join(words)
    if not any(found[2] for found in parts):
        return text, _PHRASE_WORDS, text
    lexemes = ("'" + w.replace("'", "''") + "':*" for w in words)
    return text, _PREFIX, " <-> ".join(lexemes)


def tsquery(match: str) -> tuple[str, list[str]]:
    """(SQL of a tsquery, its parameters) for an FTS5 OR of quoted terms."""
    terms = query_terms(match)
    return (" || ".join(t[1] for t in terms) or "''::tsquery"), [t[2] for t in terms]


class PgIndex(SqliteIndex):
    def __init__(self, conn: Any) -> None:
        super().__init__(conn)
        self._stats: tuple[dict[str, float], float] | None = None
        self._ceiling = 0  # the node ceiling term_rows read last (for idf)
        # Fewer estimated rows than this are counted exactly (cheap, and the
        # estimate of a small count is rough).
        self.exact_below = 200
        # where the text legs read: node_text (a test compares other sources)
        self.text_rows = "node_text"

    async def fts_search(
        self,
        match: str,
        *,
        limit: int,
        types: Sequence[NodeType] = (),
        context_weight: float = 0.35,
        min_id: int = 0,
        window: NodeWindow | None = None,
    ) -> list[tuple[int, float]]:
        # bm25's idf in ts_rank: each term's rank weighted by ln(N / rows),
        # rows as term_rows counted them (the search leg counts first). ts_rank
        # alone has no idf: a common word weighed as much as a rare name, and
        # FTS-only R@10 on LoCoMo was 3.7 points under SQLite's bm25.
        terms = query_terms(match)
        if not terms:
            return []
        total = max(await self._ceiling_now(), 1)
        idf = [
            math.log(1 + total / (1 + self._rows_of(term, total)))
            for term, _, _ in terms
        ]
        parts = [t[1] for t in terms]
        names = [f"q{i}" for i in range(len(terms))]
        columns = ", ".join(f"{p} as {q}" for p, q in zip(parts, names, strict=True))
        score = " + ".join(f"? * ts_rank(w.w, n.fts, q.{q}, 1)" for q in names)
        type_sql = f" and n.type in ({marks(len(types))})" if types else ""
        in_window, window_params = window_sql(window, "n.")
        rows = await self._conn.rows(
            f"select n.id, -({score}) as score from {self.text_rows} n,"
            " (select array[0, 0, ?, 1]::float4[] as w) w,"
            f" (select {columns}) q"
            f" where n.fts @@ ({' || '.join(f'q.{q}' for q in names)})"
            f" and n.id >= ?{live('n.')}{type_sql}{in_window}"
            " order by score limit ?",
            (
                *idf,
                context_weight,
                *[t[2] for t in terms],
                min_id,
                *types,
                *window_params,
                limit,
            ),
        )
        return [(row["id"], float(row["score"])) for row in rows]

    async def fts_newest(
        self, match: str, *, limit: int, types: Sequence[NodeType] = ()
    ) -> list[int]:
        query, params = tsquery(match)
        type_sql = f" and n.type in ({marks(len(types))})" if types else ""
        rows = await self._conn.rows(
            f"select n.id from {self.text_rows} n where n.fts @@ ({query})"
            f"{live('n.')}{type_sql} order by n.id desc limit ?",
            (*params, *types, limit),
        )
        return [row["id"] for row in rows]

    def _rows_of(self, term: str, total: int) -> int:
        """Rows a term matches, as last counted (unknown: 1 % of the memory)."""
        cached = self._term_rows.get(term)
        return cached[0] if cached is not None else max(1, total // 100)

    async def term_rows(
        self, terms: Sequence[str], *, cap: int, ceiling: int | None = None
    ) -> tuple[dict[str, int], int]:
        counts, ceiling = await super().term_rows(terms, cap=cap, ceiling=ceiling)
        self._ceiling = ceiling  # the search that follows needs it too
        return counts, ceiling

    async def weightless(
        self, terms: Sequence[str], *, ceiling: int | None = None
    ) -> set[str]:
        # ts_rank's idf here, ln(1 + N / (1 + rows)), weighs every term.
        return set()

    async def _ceiling_now(self) -> int:
        if self._ceiling:
            return self._ceiling
        rows = await self._conn.rows("select coalesce(max(id), 0) as top from nodes")
        return int(rows[0]["top"])

    async def _rows_holding(
        self, matches: Sequence[str], after: Sequence[int]
    ) -> tuple[list[bool], int]:
        # SqliteIndex's statement, each FTS5 expression as its tsquery
        queries = [tsquery(match) for match in matches]
        holds = ", ".join(
            f"exists(select 1 from {self.text_rows} n where n.fts @@ ({query})"
            f" and n.id > ?) as h{i}"
            for i, (query, _) in enumerate(queries)
        )
        params = [
            p
            for (_, terms), start in zip(queries, after, strict=True)
            for p in (*terms, start)
        ]
        row = (
            await self._conn.rows(
                f"select (select coalesce(max(id), 0) from nodes) as top, {holds}",
                params,
            )
        )[0]
        return [bool(row[f"h{i}"]) for i in range(len(matches))], int(row["top"])

    async def _count_terms(self, terms: Sequence[str], cap: int) -> list[int]:
        return [await self._count_term(term, cap) for term in terms]

    async def _count_term(self, term: str, cap: int) -> int:
        """A common word's rows from the planner's lexeme statistics (ANALYZE
        keeps the most common lexemes of the column with their frequency);
        a rare word counted exactly, which is cheap because it is rare.
        Counting a common word's 20k rows through GIN took ~6 ms a term."""
        common = await self._common_lexemes()
        rows = await self._conn.rows(
            f"select lexeme from unnest(to_tsvector('{TEXT_CONFIG}', {folded('?')}))",
            (term,),
        )
        freqs = [common.get(row[0]) for row in rows]
        if freqs and all(f is not None for f in freqs):
            estimate = int(min(f for f in freqs if f is not None))
            if estimate >= self.exact_below:
                return min(cap, estimate)
        query, params = tsquery('"' + term.replace('"', '""') + '"')
        rows = await self._conn.rows(
            f"select count(*) as n from (select 1 from {self.text_rows} n"
            f" where fts @@ ({query}) limit ?) x",
            (*params, cap),
        )
        return int(rows[0]["n"])

    async def _common_lexemes(self) -> dict[str, float]:
        """lexeme -> estimated rows, from pg_stats; re-read every STATS_TTL s."""
        now = time.monotonic()
        if self._stats is not None and now - self._stats[1] < STATS_TTL:
            return self._stats[0]
        rows = await self._conn.rows(
            "select s.most_common_elems::text::text[] as elems,"
            " s.most_common_elem_freqs as freqs, c.reltuples as total"
            " from pg_stats s join pg_class c on c.relname = s.tablename"
            " and c.relnamespace = to_regnamespace(s.schemaname)"
            " where s.schemaname = current_schema() and s.tablename = 'node_text'"
            " and s.attname = 'fts'"
        )
        common: dict[str, float] = {}
        if rows and rows[0]["elems"]:
            total = max(float(rows[0]["total"]), 0.0)
            common = {
                lexeme: freq * total
                for lexeme, freq in zip(
                    rows[0]["elems"], rows[0]["freqs"], strict=False
                )
            }
        self._stats = (common, now)
        return common

    async def knn_search(
        self, vector: Sequence[float], *, limit: int
    ) -> list[tuple[int, float]]:
        """(id, cosine distance) of the nearest valid nodes of the view (HNSW)."""
        if not self._conn.has_vectors:
            return []
        rows = await self._conn.rows(
            "select id, embedding <=> ? as d from nodes where embedding is not null"
            f"{valid(False)} order by embedding <=> ? limit ?",
            (Vector(list(vector)), Vector(list(vector)), limit),
        )
        # iterative HNSW scans return in relaxed order: sort exactly here.
        return sorted(((row["id"], float(row["d"])) for row in rows), key=_second)

    async def knn_bits(self, vector: Sequence[float], *, limit: int) -> list[int]:
        """The HNSW index is fast enough to need no sign-bit stage."""
        return [node_id for node_id, _ in await self.knn_search(vector, limit=limit)]

    async def vector_distances(
        self, vector: Sequence[float], node_ids: Sequence[int]
    ) -> list[tuple[int, float]]:
        if not node_ids or not self._conn.has_vectors:
            return []
        rows = await self._conn.rows(
            "select id, embedding <=> ? as d from nodes"
            f" where id in ({marks(len(node_ids))}) and embedding is not null"
            f"{valid(False)} order by d",
            (Vector(list(vector)), *node_ids),
        )
        return [(row["id"], float(row["d"])) for row in rows]

    async def save_embeddings(
        self, items: Sequence[tuple[int, Sequence[float]]]
    ) -> None:
        rows = [
            (Vector(list(vec)), node_id)
            for node_id, vec in items
            if len(vec) == self._conn.dim
        ]
        if len(rows) != len(items):
            log.warning(
                "skipped %d embeddings of the wrong width", len(items) - len(rows)
            )

        async def op(db: Any) -> None:
            await db.executemany(
                "update nodes set embedding = ? where id = ? and valid_until is null",
                rows,
            )

        if rows and self._conn.has_vectors:
            await self._conn.write(op)

    async def node_embeddings(self, ids: Sequence[int]) -> dict[int, list[float]]:
        if not ids:
            return {}
        rows = await self._conn.rows(
            f"select id, embedding from nodes where id in ({marks(len(ids))})"
            " and embedding is not null",
            ids,
        )
        return {row["id"]: row["embedding"].to_list() for row in rows}

    async def rebuild_fts(self) -> int:
        """node_text refilled from the valid nodes, its indexes rebuilt."""

        async def op(db: Any) -> int:
            for statement in node_text.BACKFILL:
                await db.execute(statement)
            await db.execute("reindex table node_text")
            rows = await db.execute_fetchall("select count(*) from node_text")
            return int(rows[0][0])

        return int(await self._conn.write(op))

    async def rebuild_vectors(self) -> tuple[int, int]:
        await self.clear_wrong_width_embeddings()

        async def op(db: Any) -> tuple[int, int]:
            await db.execute("reindex index nodes_hnsw")
            (row,) = await db.execute_fetchall(
                "select (select count(*) from nodes where valid_until is null"
                " and embedding is not null),"
                " (select count(*) from entities where embedding is not null)"
            )
            return (int(row[0]), int(row[1]))

        result = await self._conn.write(op)
        return (int(result[0]), int(result[1]))

    async def clear_wrong_width_embeddings(self) -> int:
        """A vector column has one width: after embedding_dimensions changed,
        both columns are retyped at `dim` (their vectors dropped for re-embedding)."""
        vec, dim = self._conn.vec, self._conn.dim
        if vec.width == dim:
            return 0

        async def op(db: Any) -> int:
            (row,) = await db.execute_fetchall(
                "select (select count(*) from nodes where embedding is not null)"
                " + (select count(*) from entities where embedding is not null)"
            )
            for table in ("nodes", "entities"):
                await db.execute(
                    f"alter table {table} alter column embedding"
                    f" type vector({int(dim)}) using null"
                )
            await db.execute(
                "insert or replace into meta (key, value) values ('vector_dim', ?)",
                (str(dim),),
            )
            return int(row[0])

        cleared = int(await self._conn.write(op))
        vec.width = dim
        return cleared


def _second(pair: tuple[int, float]) -> float:
    return pair[1]
