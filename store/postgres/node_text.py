"""The narrow text table every PostgreSQL text search reads: `node_text`.

One row per valid node: its id, the columns the text leg filters on (type,
scope, role, time, expiry) and its tsvector (text.py), nothing else. The
windowed FTS leg reads every row of a dense window and tests the tsvector on
each; from `nodes`, whose rows carry the content, context, attributes and the
embedding, a week of 9k rows cost ~20-30 ms (4 rows a heap page), from this
table about half (docs/retrieval.md).

A trigger on `nodes` keeps it exact on every write path (insert, correction,
soft delete and restore, expiry, re-scope, purge), so no writer can forget
it; `BACKFILL` rebuilds it from `nodes` (the v8 migration, `rebuild_fts`).
A node that leaves the valid set leaves this table, so its words are no
longer stored here (the purge's VACUUM then removes the dead row versions).
"""

from __future__ import annotations

from .text import text_vector

# the columns copied from `nodes` (besides the tsvector)
COLUMNS = "id, type, scope, source_role, event_time, created_at, expires_at"
TSVECTOR = text_vector("{0}content", "A") + " || " + text_vector("{0}context", "B")

TABLE = """create table if not exists node_text (
    id bigint primary key,
    type text not null,
    scope text not null,
    source_role text,
    event_time double precision,
    created_at double precision not null,
    expires_at double precision,
    fts tsvector not null)"""

# Fires only when a column it copies changes: reinforcement, decay and
# embeddings (most updates) leave the table alone.
SYNC = (
    """create or replace function node_text_sync() returns trigger
language plpgsql as $body$
begin
    if tg_op <> 'INSERT' then
        delete from node_text where id = old.id;
    end if;
    if tg_op <> 'DELETE' and new.valid_until is null then
        insert into node_text ("""
    + COLUMNS
    + """, fts) values (new."""
    + ", new.".join(c.strip() for c in COLUMNS.split(","))
    + ", "
    + TSVECTOR.format("new.")
    + """);
    end if;
    return null;
end
$body$"""
)

TRIGGER = [
    "drop trigger if exists nodes_text_sync on nodes",
    "create trigger nodes_text_sync after insert or delete or update of"
    " content, context, type, scope, source_role, event_time, created_at,"
    " expires_at, valid_until on nodes for each row execute function node_text_sync()",
]

_FILL = (
    f"insert into node_text ({COLUMNS}, fts) select {COLUMNS}, {{0}}"
    " from nodes where valid_until is null"
)
# Refilled from the node rows, their text read again; `rebuild_fts`.
BACKFILL = ["truncate node_text", _FILL.format(TSVECTOR.format(""))]
# The v8 migration copies the v7 generated column while it is there, the
# same expression already computed (reading 100k rows again took minutes);
# run again after the column is gone, it reads the text again.
MIGRATE_FILL = [
    "truncate node_text",
    """do $fill$ begin
    if exists (select 1 from information_schema.columns
            where table_schema = current_schema() and table_name = 'nodes'
            and column_name = 'fts') then
        """
    + _FILL.format("fts")
    + """;
    else
        """
    + BACKFILL[1]
    + """;
    end if;
end $fill$""",
]

INDEXES = [
    "create index if not exists node_text_fts on node_text using gin (fts)",
    "create index if not exists node_text_when on node_text"
    " ((coalesce(event_time, created_at)))",
    # ANALYZE keeps 10x more common lexemes: the text leg sizes its terms by them
    "alter table node_text alter column fts set statistics 1000",
]
