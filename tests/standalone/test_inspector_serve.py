"""`view --serve`: the page is read fresh, and only the page itself can change
the memory (same host, same origin, the page's token)."""

from __future__ import annotations

import asyncio
import ctypes
import json
import platform
import re
import signal
import subprocess
import sys
import time
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


@pytest.mark.skipif(
    platform.system() != "Linux" or platform.machine() != "x86_64",
    reason="sends a signal to one thread by tgkill's x86_64 Linux syscall number",
)
def test_ctrl_c_taken_by_a_server_thread_stops_the_command(
    memory: tuple[Path, Ids],
) -> None:
    """A process's signal may land on any of its threads; one taken by the
    HTTP server's thread (not the loop's) stopped nothing before."""
    command = [sys.executable, "-u", "-m", "agent_memory", "--embedder", "none"]
    process = subprocess.Popen(
        [*command, "--db", str(memory[0]), "view", "--serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        url = re.search(r"http://127\.0\.0\.1:\d+/", process.stdout.readline())
        assert url and fetch(url.group(0))[0] == 200
        time.sleep(1)  # the command idle, its loop asleep in select()
        threads = sorted(
            int(t.name) for t in Path(f"/proc/{process.pid}/task").iterdir()
        )
        other = next(tid for tid in threads if tid != process.pid)
        tgkill = 234
        assert ctypes.CDLL(None).syscall(tgkill, process.pid, other, signal.SIGINT) == 0
        process.communicate(timeout=15)
    finally:
        process.kill()
        process.communicate()

    assert process.returncode == 130
