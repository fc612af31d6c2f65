"""A new memory's local embedder follows the user's language: MiniLM for an
English (or C/POSIX) locale, multilingual e5 for any other."""

from __future__ import annotations

import pytest
from agent_memory.standalone.e5_embedder import user_language, wants_multilingual


@pytest.mark.parametrize(
    ("environ", "language", "e5"),
    [
        ({"LANG": "ru_RU.UTF-8"}, "ru", True),
        ({"LANG": "en_GB.UTF-8", "LC_ALL": "de_DE.UTF-8"}, "de", True),
        ({"LANG": "en_US.UTF-8"}, "en", False),
        ({"LANG": "C.UTF-8"}, "c", False),
        ({}, "en", False),
    ],
)
def test_the_locale_picks_the_local_model(
    environ: dict[str, str], language: str, e5: bool
) -> None:
    assert user_language(environ) == language
    assert wants_multilingual(environ) is e5
