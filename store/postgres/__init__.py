"""The PostgreSQL + pgvector backend of the store (optional extra `postgres`).

The parts reuse the SQLite parts' queries through a dialect adapter (db.py)
and override only what SQLite does with its own machinery: FTS5 becomes a
tsvector column, sqlite-vec becomes a pgvector column with an HNSW index,
pragmas become catalog reads. Selected by `database_url` (storage.open_store).
"""
