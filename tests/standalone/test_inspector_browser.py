"""The inspector page in a real headless browser (Debian's chromium).

Playwright drives the system's chromium (`executable_path`); it never downloads
a browser. Every request is routed through a handler that lets only the page's
own file through, so a page that reaches for the network fails the test.
"""

from __future__ import annotations

import asyncio
import importlib.util
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from agent_memory.standalone.host import StandaloneHost
from agent_memory.standalone.inspector import ViewFilters, collect, render_html
from inspector_memory import HOSTILE, Ids, build

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]

pytestmark = [
    pytest.mark.skipif(
        not Path(CHROMIUM).is_file(),
        reason="no chromium binary (apt-get install chromium; .ci/run does it)",
    ),
    pytest.mark.skipif(
        importlib.util.find_spec("playwright") is None,
        reason="playwright is not installed (pip install -e .[dev])",
    ),
]


async def page_html(data_dir: Path) -> str:
    async with StandaloneHost(data_dir) as host:
        data = await collect(host.services.storage, ViewFilters())
    return render_html(data)


@pytest.fixture
def page(tmp_path: Path) -> Iterator[tuple[Any, Ids, list[str]]]:
    from playwright.sync_api import sync_playwright

    ids = asyncio.run(build(tmp_path / "data"))
    html = tmp_path / "view.html"
    html.write_text(asyncio.run(page_html(tmp_path / "data")), "utf-8")
    left: list[str] = []
    errors: list[str] = []

    def only_the_file(route: Any) -> None:
        if route.request.url == html.as_uri():
            route.continue_()
        else:
            left.append(route.request.url)
            route.abort()

    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        view = browser.new_page(viewport={"width": 1280, "height": 800})
        view.route("**/*", only_the_file)
        view.on("request", lambda r: r.url == html.as_uri() or left.append(r.url))
        view.on("pageerror", lambda exc: errors.append(str(exc)))
        view.goto(html.as_uri())
        view.evaluate("() => window.inspector.ready.then(() => true)")
        yield view, ids, left
        view.screenshot(path=str(tmp_path / "inspector.png"))
        browser.close()
    assert errors == []
    assert left == [], f"the page made requests outside its file: {left}"


def count(view: Any, selector: str) -> int:
    return int(view.evaluate(f"() => window.inspector.cy.$('{selector}').length"))


def has_class(view: Any, node_id: str, name: str) -> bool:
    return bool(
        view.evaluate(
            "([id, name]) => window.inspector.cy.getElementById(id).hasClass(name)",
            [node_id, name],
        )
    )


def click_node(view: Any, node_id: str) -> None:
    x, y = view.evaluate(
        """id => { const cy = window.inspector.cy; cy.fit();
                   const p = cy.getElementById(id).renderedPosition();
                   const box = document.getElementById('graph').getBoundingClientRect();
                   return [box.left + p.x, box.top + p.y]; }""",
        node_id,
    )
    view.mouse.click(x, y)


def test_nodes_render_and_search_highlights(page: tuple[Any, Ids, list[str]]) -> None:
    view, ids, _ = page

    assert count(view, "node") == 9  # 7 memories + Lena + Pepper
    assert count(view, "node.superseded") == 1
    assert count(view, 'edge[type="supersedes"]') == 1
    inside = view.evaluate(
        """() => window.inspector.cy.nodes().every(n => {
                const b = n.renderedBoundingBox(), cy = window.inspector.cy;
                return b.x1 >= 0 && b.y1 >= 0
                    && b.x2 <= cy.width() && b.y2 <= cy.height();
            })"""
    )
    assert inside

    view.fill("#search", "linz")
    assert view.text_content("#matches") == "2 found"
    assert has_class(view, f"n{ids.new_fact}", "match")
    assert has_class(view, f"n{ids.allergy}", "faded")
    assert not has_class(view, f"n{ids.allergy}", "match")


def test_click_shows_text_provenance_and_history(
    page: tuple[Any, Ids, list[str]],
) -> None:
    view, ids, _ = page

    click_node(view, f"n{ids.new_fact}")
    assert view.text_content("#panel-text") == "Lena lives in Linz"
    panel = view.text_content("#panel") or ""
    assert "derived from" in panel and "Lena moved again" in panel
    assert "supersedes" in panel and "Lena lives in Vienna" in panel

    # A turn holding markup is shown as text, never run as markup.
    click_node(view, f"n{ids.turns[2]}")
    assert view.text_content("#panel-text") == HOSTILE
    assert view.evaluate("() => document.querySelectorAll('img').length") == 0
