"""The inspector page in a real headless browser (Debian's chromium).

Playwright drives the system's chromium (`executable_path`); it never downloads
a browser. Every request is routed through a handler that lets only the page's
own file through, so a page that reaches for the network fails the test.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from agent_memory.standalone.host import StandaloneHost
from agent_memory.standalone.inspector import ViewFilters, collect, render_html
from inspector_memory import HOSTILE, Ids, build, served

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

    # Turns are hidden at first: 3 facts, Lena and Pepper; then all 7 memories.
    assert count(view, "node") == 5
    assert count(view, 'edge[type="together"]') == 0  # Lena and Pepper never meet
    view.check("#show-turns")
    view.wait_for_function("() => window.inspector.cy.nodes().length === 9")
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

    # Who and what first: Lena (a person) and the current facts with history.
    assert view.text_content("#people").count("mention") == 1
    facts = view.text_content("#facts") or ""
    assert "Lena lives in Linz" in facts and "was: Lena lives in Vienna" in facts
    view.check("#show-turns")
    view.wait_for_function("() => window.inspector.cy.nodes().length === 9")
    click_node(view, f"n{ids.new_fact}")
    assert view.text_content("#panel-text") == "Lena lives in Linz"
    panel = view.text_content("#panel") or ""
    assert "learned from" in panel and "Lena moved again" in panel
    assert "replaces" in panel and "Lena lives in Vienna" in panel

    # A turn holding markup is shown as text, never run as markup.
    click_node(view, f"n{ids.turns[2]}")
    assert view.text_content("#panel-text") == HOSTILE
    assert view.evaluate("() => document.querySelectorAll('img').length") == 0

    # An entity without a summary shows what the memory says about it.
    click_node(view, "e" + str(entity_id(view, "Pepper")))
    panel = view.text_content("#panel") or ""
    assert "no summary" not in panel and "allergic to chicken" in panel


def entity_id(view: Any, name: str) -> int:
    found = view.evaluate(
        "name => window.inspector.data.entities.find(e => e.label === name).id", name
    )
    return int(found[1:])


def test_labels_are_readable(page: tuple[Any, Ids, list[str]]) -> None:
    view, _, _ = page
    view.check("#show-turns")
    view.wait_for_function("() => window.inspector.cy.nodes().length === 9")
    # Every label drawn is at least 12 px on screen, zoomed out or in.
    for zoom in (0.3, 1.0, 2.0):
        smallest = view.evaluate(
            """z => { const cy = window.inspector.cy; cy.zoom(z);
                 const drawn = cy.nodes().filter(n => n.style('label'));
                 return drawn.length ? Math.min(...drawn.map(
                   n => parseFloat(n.style('font-size')) * cy.zoom())) : 99; }""",
            zoom,
        )
        assert smallest >= 12, (zoom, smallest)


def search_ids(data_dir: Path, query: str) -> set[str]:
    import io
    from contextlib import redirect_stdout

    from agent_memory.standalone.cli.parser import main

    buffer = io.StringIO()
    args = ["--embedder", "none", "--db", str(data_dir), "--json", "search", query]
    with redirect_stdout(buffer):
        assert main(args) == 0
    return {item["id"] for item in json.loads(buffer.getvalue())["results"]}


def test_forget_from_the_served_panel(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    ids = asyncio.run(build(tmp_path))
    fact = f"#{ids.allergy}"
    assert fact in search_ids(tmp_path, "allergic chicken")
    errors: list[str] = []
    with served(tmp_path) as url, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        view = browser.new_page(viewport={"width": 1280, "height": 800})
        view.on("pageerror", lambda exc: errors.append(str(exc)))
        view.on("dialog", lambda dialog: dialog.accept())
        view.goto(url)
        view.evaluate("() => window.inspector.ready.then(() => true)")
        view.click(f"#facts li[data-id='n{ids.allergy}']")
        with view.expect_navigation():
            view.click("#forget")
        view.evaluate("() => window.inspector.ready.then(() => true)")
        assert f"n{ids.allergy}" not in (view.inner_html("#facts") or "")
        browser.close()
    assert errors == []
    assert fact not in search_ids(tmp_path, "allergic chicken")


def test_empty_memory_says_so(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    async def empty() -> str:
        async with StandaloneHost(tmp_path) as host:
            return render_html(await collect(host.services.storage, ViewFilters()))

    html = tmp_path / "empty.html"
    html.write_text(asyncio.run(empty()), "utf-8")
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        view = browser.new_page()
        view.goto(html.as_uri())
        view.evaluate("() => window.inspector.ready.then(() => true)")
        assert "Nothing remembered yet" in (view.text_content("body") or "")
        browser.close()
