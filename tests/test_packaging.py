"""What `pip install` ships: pyproject's package list must name every folder the
code lives in, and every data file the code opens must match a package-data glob.

Building the wheel (`pip wheel . --no-deps`, then `unzip -l`) takes 7 s and
needs setuptools from the index, so this checks the configuration it reads.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
NOT_SHIPPED = {"tests", "bench", "docs", "build", ".venv", ".venv-host"}
# Files the package opens at run time, relative to the root.
DATA = [
    "schema.sql",
    "prompt.jinja2",
    "prompt_input.jinja2",
    "manifest.yaml",
    "py.typed",
    "demo_data/sample.jsonl",
]


def setuptools_config() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        config: dict[str, Any] = tomllib.load(file)["tool"]["setuptools"]
    return config


def package_folder(package: str) -> Path:
    return ROOT.joinpath(*package.split(".")[1:])


def test_every_code_folder_is_a_listed_package() -> None:
    listed = set(setuptools_config()["packages"])
    code_folders = {
        ".".join(("agent_memory", *init.parent.relative_to(ROOT).parts))
        for init in ROOT.rglob("__init__.py")
        if not NOT_SHIPPED & set(init.relative_to(ROOT).parts)
        # a virtualenv made in the root (`make test-llm`'s .venv-llm)
        and not (ROOT / init.relative_to(ROOT).parts[0] / "pyvenv.cfg").exists()
    }

    assert code_folders - listed == set()  # a folder left out is not installed
    assert all(package_folder(p).is_dir() for p in listed)


def test_every_data_file_matches_a_package_data_glob() -> None:
    package_data = setuptools_config()["package-data"]
    shipped = {
        path.relative_to(ROOT).as_posix()
        for package, globs in package_data.items()
        for glob in globs
        for path in package_folder(package).glob(glob)
    }

    assert set(DATA) - shipped == set()
    # A data file's folder must be a listed package, or setuptools warns.
    listed = setuptools_config()["packages"]
    assert all(package in listed for package in package_data)
