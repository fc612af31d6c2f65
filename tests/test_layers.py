"""The import contract: every module imports only its own layer or lower ones,
and no two modules import each other, directly or around a loop.

Layers, lowest first (README, "Architecture"). A root file belongs to the layer
it is the top of: storage.py composes store/, retrieval.py search/, and so on.
The check reads the source with `ast`, so it also sees imports made lazily
inside functions and under `TYPE_CHECKING`.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ["core", "store", "search", "toolkit", "writepath", "main", "standalone"]
ROOT_FILES = {
    "__init__": "core",
    "decay": "core",
    "storage": "store",
    "retrieval": "search",
    "tools": "toolkit",
    "agent_tools": "writepath",
    "agent": "writepath",
    "main": "main",
    "__main__": "standalone",
}
SKIP = {".venv", ".venv-host", "tests", "bench", "docs", "build", ".git"}


def _a_venv(folder: str) -> bool:
    """A virtualenv made in the root (`make test-llm`'s .venv-llm, any VENV=)."""
    return (ROOT / folder / "pyvenv.cfg").exists()


def package_modules() -> dict[str, Path]:
    """Dotted module name (relative to the package) -> file."""
    found = {}
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT).parts
        if parts[0] in SKIP or parts[0].endswith(".egg-info") or _a_venv(parts[0]):
            continue
        name = ".".join(parts)[: -len(".py")]
        found[name.removesuffix(".__init__")] = path
    return found


def layer_of(module: str) -> int:
    top = module.split(".")[0]
    return LAYERS.index(ROOT_FILES.get(top, top))


def imports_of(module: str, path: Path, known: set[str]) -> set[str]:
    """The package modules `module` imports (relative imports only: the rule)."""
    is_package = path.name == "__init__.py"
    here = module.split(".") if is_package else module.split(".")[:-1]
    targets = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = here[: len(here) - (node.level - 1)]
            stem = [*base, *(node.module.split(".") if node.module else [])]
            for alias in node.names:
                whole = ".".join([*stem, alias.name])
                targets.add(whole if whole in known else ".".join(stem))
    targets.discard("")
    return {t for t in targets if t in known and t != module}


def graph() -> dict[str, set[str]]:
    modules = package_modules()
    known = set(modules)
    return {name: imports_of(name, path, known) for name, path in modules.items()}


def test_the_layer_list_covers_every_folder() -> None:
    for module in package_modules():
        assert layer_of(module) >= 0


def test_no_module_imports_a_higher_layer() -> None:
    upward = [
        f"{module} ({LAYERS[layer_of(module)]}) imports {target}"
        f" ({LAYERS[layer_of(target)]})"
        for module, targets in graph().items()
        for target in sorted(targets)
        if layer_of(target) > layer_of(module)
    ]
    assert upward == []


def test_no_import_cycles() -> None:
    edges = graph()
    state: dict[str, int] = {}  # 1 = on the current path, 2 = finished
    cycles: list[list[str]] = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                cycles.append([*path[path.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for start in sorted(edges):
        if start not in state:
            visit(start, [start])
    assert cycles == []


def test_the_checker_sees_an_upward_and_a_cyclic_import(tmp_path: Path) -> None:
    """The checker itself can fail: a planted upward import is reported."""
    (tmp_path / "core").mkdir()
    planted = tmp_path / "core" / "x.py"
    planted.write_text("from ..storage import MemoryStorage\nfrom . import y\n")
    found = imports_of("core.x", planted, {"storage", "core.y", "core.x"})
    assert found == {"storage", "core.y"}
    assert layer_of("storage") > layer_of("core.x")


@pytest.mark.parametrize("root_file", sorted(ROOT_FILES))
def test_root_files_exist(root_file: str) -> None:
    assert (ROOT / f"{root_file}.py").exists()


def test_the_root_reads_like_a_table_of_contents() -> None:
    assert len(list(ROOT.glob("*.py"))) <= 12
