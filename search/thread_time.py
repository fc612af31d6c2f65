"""The time a question's "then" points to: the thread's last stated time.

"What was I doing then?", «что я тогда делала?» name no time of their own;
a person asking it means the time the conversation last named ("I was in
Lisbon last weekend … what was I doing then?"). With no time named in the
thread there is nothing to refer to, and no window is made up.
"""

from __future__ import annotations

import re
import time

from ..core.records import Node
from ..store.interface import Store
from .plan import SearchFilters
from .when import RelativeWindow, relative_window

USER_ROLE = "user"
# the thread's turns read back for a stated time, newest first
THREAD_TURNS_READ = 12

# Words that point back to a time said before, in a question: "then?", "back
# then", "at that time", "those days", «тогда?», «в те дни», «в то время».
# "then" elsewhere is a step or a condition ("then I left", "if so, then
# what?"), and so is «тогда» opening a clause («Тогда что взять?»).
_POINTS_BACK = re.compile(
    r"\b(?:then\s*\?|back\s+then|at\s+that\s+time|those\s+days|that\s+day)"
    r"|(?<=\w\s)тогда(?!\w)"
    r"|(?<!\w)(?:в\s+те\s+дни|в\s+то\s+время|в\s+тот\s+день)",
    re.I,
)


def points_back(prompt: str, now: float) -> bool:
    """The prompt is a question about a time said before and names none."""
    asks = prompt.rstrip().endswith("?")
    return (
        asks
        and bool(_POINTS_BACK.search(prompt))
        and relative_window(prompt, now) is None
    )


async def thread_time(
    storage: Store, thread_id: str | None, prompt: str, now: float
) -> RelativeWindow | None:
    """The window of the latest time the user stated in the thread, when the
    prompt's "then" points back to it; else None."""
    if not thread_id or not points_back(prompt, now):
        return None
    ids = await storage.nodes.latest_episode_ids(thread_id, limit=THREAD_TURNS_READ)
    nodes = await storage.nodes.get_nodes(ids)
    said = [node for node in nodes.values() if node.source_role == USER_ROLE]
    for node in sorted(said, key=lambda n: (-n.when, -n.id)):
        if node.content.strip() == prompt.strip():
            continue  # the question itself, stored as it was asked
        window = _stated_time(node)
        if window is not None and window.after < now:  # a past time asked of
            return window
    return None


def _stated_time(node: Node) -> RelativeWindow | None:
    """The time a turn names, counted from when it was said."""
    return relative_window(node.content, node.when)


async def thread_filters(
    storage: Store, thread_id: str | None, prompt: str, now: float | None
) -> SearchFilters:
    """The time filters of a turn's search: the window of the thread's stated
    time its "then" points to, else none."""
    asked_at = time.time() if now is None else now
    window = await thread_time(storage, thread_id, prompt, asked_at)
    if window is None:
        return SearchFilters()
    return SearchFilters(after=window.after, before=window.before)
