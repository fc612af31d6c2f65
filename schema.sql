-- agent-memory graph schema, current version (see SCHEMA_VERSION in db.py).
-- Applied on every open after the migrations, so every statement is idempotent.
-- Times are unix seconds (REAL). Soft delete = valid_until set; reads filter it.
-- The vector tables (vec_nodes, vec_entities) are created in storage.py because
-- their width comes from the configuration.

create table if not exists nodes (
    id              integer primary key,
    type            text not null
                    check (type in ('episodic', 'semantic', 'procedural', 'opinion')),
    content         text not null,
    -- text of the neighbouring turns of the same thread, indexed as a second,
    -- lower-weighted FTS column: a turn is found by the words around it
    context         text not null default '',
    event_time      real,                       -- when it happened / was said
    created_at      real not null,
    valid_from      real not null,
    valid_until     real,                       -- set = soft-deleted / superseded
    confidence      real not null default 1.0,
    -- confidence at the decay curve's anchor; decay is computed from it, so
    -- running the nightly decay twice never compounds (see decay.py)
    base_confidence real not null default 1.0,
    access_count    integer not null default 0,
    -- the curve's anchor once accessed (null: created_at): an access moves the
    -- fact a little back along its curve, so this is at or before the access
    last_accessed   real,
    decay_rate      real not null default 0.1,  -- 0 = protected (confirmed)
    source_type     text not null default 'conversation',
    source_role     text,                       -- user | orchestrator | memory_agent
    session_id      text,                       -- the host's thread_id (@scope)
    -- whose memory: 'default', 'user:<id>' or 'channel:<id>' (core/scope.py)
    scope           text not null default 'default',
    attributes      text not null default '{}', -- JSON object
    embedding       blob,                       -- float32, unit length
    -- set = a transient fact: invisible to reads from then on, purged nightly
    expires_at      real
);

create index if not exists nodes_session on nodes (session_id, type, id);
create index if not exists nodes_type_valid on nodes (type, valid_until, confidence);
create index if not exists nodes_event_time on nodes (event_time);
create index if not exists nodes_when on nodes (coalesce(event_time, created_at));
create index if not exists nodes_no_embedding on nodes (id) where embedding is null;
create index if not exists nodes_scope on nodes (scope, type, valid_until);
create index if not exists nodes_expires on nodes (expires_at)
    where expires_at is not null;

create table if not exists edges (
    id          integer primary key,
    src_id      integer not null references nodes (id) on delete cascade,
    dst_id      integer not null references nodes (id) on delete cascade,
    type        text not null
                check (type in ('temporal', 'causal', 'entity', 'derived_from', 'supersedes')),
    predicate   text,
    weight      real not null default 1.0,
    confidence  real not null default 1.0,
    valid_from  real not null,
    valid_until real,
    evidence    text,
    created_at  real not null,
    unique (src_id, dst_id, type)
);

create index if not exists edges_dst on edges (dst_id, type);
create index if not exists edges_type on edges (type);

create table if not exists entities (
    id            integer primary key,
    name          text not null,
    name_key      text not null,              -- casefolded name, for lookups
    type          text not null default 'concept'
                  check (type in ('person', 'project', 'organization', 'place',
                                  'concept', 'tool', 'pet')),
    summary       text,
    embedding     blob,
    mention_count integer not null default 0,
    created_at    real not null,
    updated_at    real not null,
    attributes    text not null default '{}',
    -- entities are per scope: Alice's "Bob" is not the group's "Bob"
    scope         text not null default 'default',
    unique (scope, name_key)
);

create index if not exists entities_mentions on entities (mention_count);
-- A name looked up without its scope (the scope view filters the rows after):
-- the unique key starts with the scope, so without this every lookup scans.
create index if not exists entities_name_key on entities (name_key);

-- Other names of an entity ("Vitya", "my boss"); key casefolded in Python
-- because SQLite's lower() only folds ASCII.
create table if not exists entity_aliases (
    alias_key  text not null,
    alias      text not null,
    entity_id  integer not null references entities (id) on delete cascade,
    scope      text not null default 'default',
    primary key (scope, alias_key)
);

create index if not exists entity_aliases_entity on entity_aliases (entity_id);
create index if not exists entity_aliases_key on entity_aliases (alias_key);

create table if not exists node_entities (
    node_id   integer not null references nodes (id) on delete cascade,
    entity_id integer not null references entities (id) on delete cascade,
    primary key (node_id, entity_id)
) without rowid;

create index if not exists node_entities_entity on node_entities (entity_id, node_id);

-- Changes a user or the agent made to entities (merge, rename, alias, type,
-- delete), applied again after a reindex or a nightly pass (v5).
create table if not exists entity_edits (
    id         integer primary key,
    scope      text not null default 'default',
    action     text not null,
    name       text not null,
    value      text not null default '',
    created_at real not null
);

create table if not exists sessions_consolidations (
    session_id      text primary key,
    first_seen      real not null,
    last_activity   real not null,
    episode_count   integer not null default 0,
    status          text not null default 'pending'
                    check (status in ('pending', 'consolidated')),
    consolidated_at real,
    -- highest episode id already consolidated: a thread that goes on after
    -- consolidation has its newer episodes consolidated next time
    consolidated_until_id integer not null default 0,
    attempts        integer not null default 0,
    last_error      text
);

create index if not exists sessions_pending
    on sessions_consolidations (status, last_activity);

-- Consecutive episode pairs the causal-inference step has already looked at.
create table if not exists causal_checked (
    src_id     integer not null,
    dst_id     integer not null,
    checked_at real not null,
    primary key (src_id, dst_id)
) without rowid;

-- Last run of each maintenance step, for memory_stats.
create table if not exists maintenance_runs (
    step        text primary key,
    finished_at real not null,
    duration_ms real not null,
    counts      text not null default '{}',
    error       text
);

-- Small key/value facts about the database itself (e.g. the vector width).
create table if not exists meta (
    key   text primary key,
    value text not null
);

-- Full-text index over valid nodes. External content: the text lives once, in
-- nodes. Soft-deleted rows leave the index so no search can return them.
create virtual table if not exists nodes_fts using fts5(
    content,
    context,
    content = 'nodes',
    content_rowid = 'id',
    tokenize = 'porter unicode61 remove_diacritics 2'
);

create trigger if not exists nodes_fts_insert after insert on nodes
when new.valid_until is null begin
    insert into nodes_fts (rowid, content, context)
    values (new.id, new.content, new.context);
end;

create trigger if not exists nodes_fts_delete after delete on nodes
when old.valid_until is null begin
    insert into nodes_fts (nodes_fts, rowid, content, context)
    values ('delete', old.id, old.content, old.context);
end;

create trigger if not exists nodes_fts_update
after update of content, context, valid_until on nodes begin
    insert into nodes_fts (nodes_fts, rowid, content, context)
    select 'delete', old.id, old.content, old.context
    where old.valid_until is null;
    insert into nodes_fts (rowid, content, context)
    select new.id, new.content, new.context
    where new.valid_until is null;
end;
