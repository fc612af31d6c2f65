"""A test run killed by SIGTERM (`timeout`, `kill`) or SIGINT (Ctrl-C) stops
its PostgreSQL server (tests/pg_server.py): the postmaster is no child of the
run and outlived it, one more server on the machine per killed run."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
# A run holding a server, as the session fixture does, until it is killed
# (started in tests/, so `-c` imports pg_server from there: no path set).
RUN = """
import time
import pg_server
server = pg_server.PgServer()
print(server.pid, flush=True)
time.sleep(120)
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def _gone_within(pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while _alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


@pytest.mark.needs_postgres
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_killed_run_stops_its_server(signum: int) -> None:
    postmaster = 0
    with subprocess.Popen(
        [sys.executable, "-c", RUN], stdout=subprocess.PIPE, text=True, cwd=TESTS
    ) as run:
        assert run.stdout is not None
        try:
            postmaster = int(run.stdout.readline())
            assert _alive(postmaster)
            run.send_signal(signum)
            run.wait(timeout=30)
            assert _gone_within(postmaster, 5), "the server outlived its test run"
        finally:
            run.kill()
            if postmaster and _alive(postmaster):  # the old code: stop it here
                with contextlib.suppress(ProcessLookupError):
                    os.kill(postmaster, signal.SIGINT)
                _gone_within(postmaster, 10)
