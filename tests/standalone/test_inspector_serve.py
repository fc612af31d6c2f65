"""`view --serve`: the page is read fresh, and only the page itself can change
the memory (same host, same origin, the page's token)."""

from __future__ import annotations

import asyncio
import json
import re
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from agent_memory.standalone.host import StandaloneHost
from agent_memory.standalone.inspector import ViewFilters, collect
from inspector_memory import Ids, build, served


def fetch(url: str, body: Any = None, **headers: str) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as reply:
            raw = reply.read().decode()
            status = reply.status
    except urllib.error.HTTPError as exc:
        raw, status = exc.read().decode(), exc.code
    return status, raw if raw.startswith("<!DOCTYPE") else json.loads(raw)


def token_of(page: str) -> str:
    found = re.search(r'"served":\{"token":"([^"]+)"\}', page)
    assert found
    return found.group(1)


def page_data(page: str) -> Any:
    return json.loads(page.split('id="memory-data">', 1)[1].split("</script>", 1)[0])


async def current_ids(data_dir: Path) -> set[int]:
    async with StandaloneHost(data_dir) as host:
        data = await collect(host.services.storage, ViewFilters())
    return {int(n["id"][1:]) for n in data["nodes"] if n["valid_until"] is None}


@pytest.fixture
def memory(tmp_path: Path) -> tuple[Path, Ids]:
    return tmp_path, asyncio.run(build(tmp_path))


def test_only_the_page_can_forget_and_correct(memory: tuple[Path, Ids]) -> None:
    data_dir, ids = memory
    with served(data_dir) as url:
        status, page = fetch(url)
        assert status == 200 and "Lena lives in Linz" in page
        token = token_of(page)
        origin = url.rstrip("/")
        good = {"Origin": origin, "X-Inspector-Token": token}
        good["Content-Type"] = "application/json"
        forget = url + "api/forget"
        body = {"id": str(ids.allergy)}

        # Another site's page: no token, or a foreign origin; a rebinding host.
        assert fetch(forget, body, **{**good, "X-Inspector-Token": ""})[0] == 403
        assert fetch(forget, body, **{**good, "Origin": "http://evil.test"})[0] == 403
        assert fetch(forget, body, **{**good, "Host": "evil.test"})[0] == 403
        assert fetch(forget, body, **{**good, "Content-Type": "text/plain"})[0] == 403
        assert ids.allergy in asyncio.run(current_ids(data_dir))

        status, done = fetch(forget, body, **good)
        assert status == 200, done
        assert done["result"]["status"] == "forgotten"
        assert ids.allergy not in asyncio.run(current_ids(data_dir))
        # The page reads the memory again on every load.
        facts = page_data(fetch(url)[1])["overview"]["facts"]
        assert f"n{ids.allergy}" not in {f["id"] for f in facts}

        status, done = fetch(
            url + "api/correct",
            {"id": str(ids.new_fact), "text": "Lena lives in Graz"},
            **good,
        )
        assert status == 200, done
        assert done["result"]["content"] == "Lena lives in Graz"
        status, problem = fetch(forget, {"id": "999999"}, **good)
        assert status == 400 and problem["error"]
