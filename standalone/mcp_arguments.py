"""Argument names checked before an MCP tool runs, with an answer a model can act on.

The tools keep the host contract's parameter names (`fact`, `fact_id`,
`old_fact`, `entity_name`: ../shared/host-contract.md §8), so a client that
guesses a name gets it wrong now and then. The MCP SDK answered a missing name
with pydantic's raw text and silently dropped an unknown one (`confidnce`).
Here a call naming a parameter the tool does not have, or leaving out a
required one, or giving a value of the wrong type, comes back as the host's
`Problem` (isError) that names the tool's parameters.
"""

from __future__ import annotations

from typing import Any

from ..toolkit.models import Problem


def wrong_names(tool: str, schema: dict[str, Any], arguments: dict[str, Any]) -> str:
    """What is wrong with the argument names of a call ("" if nothing)."""
    known = schema.get("properties", {})
    unknown = [name for name in arguments if name not in known]
    missing = [
        name
        for name in schema.get("required", [])
        if name not in arguments and name in known
    ]
    if not unknown and not missing:
        return ""
    said = []
    if unknown:
        said.append(f"{tool} has no parameter {_names(unknown)}")
    if missing:
        said.append(f"{tool} needs {_names(missing)}")
    return "; ".join(said) + ". " + parameters_of(tool, schema)


def wrong_values(tool: str, schema: dict[str, Any], errors: list[Any]) -> str:
    """A pydantic validation error in plain words: which parameter, what is wrong."""
    said = [
        f"{'.'.join(str(part) for part in error.get('loc', ())) or 'arguments'}:"
        f" {error.get('msg', 'invalid')}"
        for error in errors
    ]
    return f"{tool}: " + "; ".join(said) + ". " + parameters_of(tool, schema)


def parameters_of(tool: str, schema: dict[str, Any]) -> str:
    """`Its parameters: fact (string, required), confidence (number).`"""
    required = set(schema.get("required", []))
    listed = [
        f"{name} ({_type_of(spec)}{', required' if name in required else ''})"
        for name, spec in schema.get("properties", {}).items()
    ]
    return f"The parameters of {tool} are: {', '.join(listed) or 'none'}."


def problem(text: str) -> str:
    """The host's Problem JSON, as every refused call answers."""
    return str(Problem(error=text))


def _names(names: list[str]) -> str:
    return ", ".join(repr(name) for name in names)


def _type_of(spec: dict[str, Any]) -> str:
    if "type" in spec:
        return str(spec["type"])
    options = [str(o.get("type")) for o in spec.get("anyOf", []) if "type" in o]
    return " or ".join(t for t in options if t != "null") or "any"
