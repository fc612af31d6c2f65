"""The manifest is what the host validates first: a broken one loads no extension."""

from __future__ import annotations

import pytest
from agent_memory.core.config import ConfigError, MemoryConfig, load_config
from fakes import MANIFEST


def test_manifest_has_identity_entrypoint_and_schedule() -> None:
    assert MANIFEST["id"] == "memory"
    assert MANIFEST["entrypoint"] == "main:MemoryExtension"
    assert MANIFEST["name"]
    assert MANIFEST["depends_on"] == []
    assert MANIFEST["schedules"] == [
        {
            "name": "nightly_maintenance",
            "cron": "0 3 * * *",
            "task": "run_nightly_maintenance",
        }
    ]
    assert "memory_agent" in MANIFEST["agent_config"]
    assert len(MANIFEST["description"]) < 200


def test_manifest_config_lists_every_setting_with_its_default() -> None:
    defaults = MemoryConfig().model_dump()

    assert MANIFEST["config"] == defaults


def test_design_defaults() -> None:
    config = load_config(MANIFEST["config"])

    assert (config.embedding_dimensions, config.decay_threshold) == (256, 0.05)
    assert (config.decay_rate_default, config.entity_enrichment_min_mentions) == (
        0.1,
        3,
    )
    assert (config.causal_inference_batch_size, config.context_token_budget) == (
        50,
        2000,
    )
    assert (config.rrf_k, config.model_profile().intent_similarity_threshold) == (
        60,
        0.8,
    )
    assert config.rrf_weight_fts == config.rrf_weight_vector == 1.0
    assert config.rrf_weight_graph == 1.0


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("embedding_dimensions", "many"),
        ("embedding_dimensions", 0),
        ("decay_threshold", 1.5),
        ("rrf_k", -1),
        ("fusion", "magic"),
        # strict types (host-contract §2): no silent coercion of a quoted value
        ("embedding_dimensions", "256"),
        ("redact_secrets", "no"),
        ("context_token_budget", 2000.5),
    ],
)
def test_bad_values_are_clear_errors_naming_the_key(key: str, value: object) -> None:
    with pytest.raises(ConfigError, match=key):
        load_config({key: value})


def test_numeric_ids_from_yaml_are_read_as_text() -> None:
    config = load_config({"owner_user_id": 123456789, "shared_channels": [-100, "x"]})
    assert config.owner_user_id == "123456789"
    assert config.shared_channels == ["-100", "x"]


def test_unknown_keys_warn_but_load(caplog: pytest.LogCaptureFixture) -> None:
    config = load_config({"old_setting": 1, "rrf_k": 30})

    assert config.rrf_k == 30
    assert "old_setting" in caplog.text
