"""The database's settings tuned for its engine (settings.DATABASES)."""

from __future__ import annotations


def tuned(db: dict, *, conn_max_age: int, prepare_threshold: int) -> dict:
    """`db` (a DATABASES entry read from DATABASE_URL), tuned for its engine."""
    db = {**db, "CONN_MAX_AGE": conn_max_age, "CONN_HEALTH_CHECKS": True}
    options = dict(db.get("OPTIONS", {}))
    if db["ENGINE"] == "django.db.backends.sqlite3":
        db["CONN_MAX_AGE"] = 0
        # Several processes (web, worker) share the file. Every transaction
        # takes the write lock when it begins (IMMEDIATE) and waits up to 20 s
        # for it: a deferred transaction reads first and, when another process
        # writes meanwhile, fails at its first write with "database is locked"
        # (its snapshot is stale). WAL lets readers go on while a writer works.
        options.update(
            transaction_mode="IMMEDIATE",
            timeout=20,
            init_command="PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        )
        db["TEST"] = {"NAME": ":memory:"}
    if db["ENGINE"] == "django.db.backends.postgresql" and prepare_threshold:
        # Prepared statements: parameters bound by the server, and a statement
        # run `prepare_threshold` times on a connection prepared once (psycopg),
        # its plan reused; with client-side binding PostgreSQL parsed and
        # planned every statement again, most of the move's own database CPU
        # (docs/benchmarks.md). PG_PREPARE_THRESHOLD=0 turns them off (a pooler
        # in transaction mode that cannot keep prepared statements).
        options.update(server_side_binding=True, prepare_threshold=prepare_threshold)
    if options:
        db["OPTIONS"] = options
    return db
