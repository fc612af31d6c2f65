"""Reading LoCoMo files: the whole file is checked before anything is stored."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from agent_memory.standalone.cli.parser import main
from agent_memory.standalone.conversations import ConversationError, parse_locomo

GOOD: dict[str, Any] = {
    "sample_id": "conv-1",
    "conversation": {
        "speaker_a": "Ann",
        "speaker_b": "Bo",
        "session_1_date_time": "1:56 pm on 8 May, 2023",
        "session_1": [
            {"speaker": "Ann", "dia_id": "D1:1", "text": "I love pottery"},
            {"speaker": "Bo", "dia_id": "D1:2", "text": "", "blip_caption": "a bowl"},
        ],
        "session_2_date_time": "9:00 am on 9 May, 2023",
        "session_2": [{"speaker": "Bo", "dia_id": "D2:1", "text": "Hi Ann"}],
    },
}


def broken(change: Any) -> str:
    sample = copy.deepcopy(GOOD)
    change(sample["conversation"])
    return json.dumps([sample])


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda c: c.update(session_2="Hi Ann"), "session_2: expected a list"),
        (lambda c: c["session_2"][0].pop("text"), "session_2[0]: the turn has no"),
        (lambda c: c["session_1"].append("hello"), "session_1[2]: expected a turn"),
        (lambda c: c.pop("speaker_a"), "'speaker_a' (a speaker's name) is missing"),
        (lambda c: c.pop("session_2_date_time"), "no session date"),
        (lambda c: c["session_2"][0].update(speaker="Cy"), "speaker 'Cy' is neither"),
    ],
)
def test_a_malformed_conversation_says_where(change: Any, says: str) -> None:
    with pytest.raises(ConversationError, match="locomo.json") as error:
        parse_locomo(broken(change), "locomo.json")

    assert says in str(error.value)


def test_a_good_file_reads_every_turn_with_its_speaker_and_time() -> None:
    turns = parse_locomo(json.dumps([GOOD]), "locomo.json")

    assert [(t.role, t.text) for t in turns] == [
        ("user", "Ann: I love pottery"),
        ("orchestrator", "Bo: [shares a photo: a bowl]"),
        ("orchestrator", "Bo: Hi Ann"),
    ]
    assert all(t.time for t in turns)


def test_the_cli_stores_nothing_from_a_malformed_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "locomo.json"
    path.write_text(broken(lambda c: c["session_2"][0].update(speaker="Cy")))
    db = tmp_path / "memory.db"

    code = main(["--embedder", "none", "--db", str(db), "ingest", str(path)])

    assert code == 2 and "speaker 'Cy'" in capsys.readouterr().err
    assert not db.exists()
