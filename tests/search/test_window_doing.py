"""A doing asked within a time window is told there by its gear, verbs and
measure ("a 60 km ride", «70 км»), never by its word
(search/window_doing.py, search/doing_gear.py)."""

from __future__ import annotations

import datetime as dt

from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import EpisodeDraft
from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.storage import MemoryStorage

DAY = 86_400.0
T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "Long day at work, too many meetings, but the project is going fine.",
    "Tried a new ramen place near the station.",
    "Meeting with the client ran late again, I had to run for the bus.",
    "Мама звонила, спрашивала про отпуск.",
)
RIDES = [
    "Всё, с футзалом завязал. Купили с Сэмом по подержанному шоссейнику.",
    "First Saturday ride with Sam along the coast, 42 km. My legs are jelly.",
    "Суббота: 70 км с Сэмом до маяка и обратно, впервые не отстал.",
    "Saturday: rode with Sam to the old harbour, 55 km, coffee on the way.",
]
# before the window: a ride of another time is no answer
EARLIER_RIDE = "Rode 30 km with Sam on a rented bike, just to try."


async def _life(storage: MemoryStorage) -> float:
    """Days of noise with the rides among them; returns the window's start."""
    texts = [EARLIER_RIDE, *NOISE]
    for ride in RIDES:
        texts += [*NOISE, ride]
    start = T0 + (len(NOISE) + 1) * DAY
    for day, text in enumerate(texts):
        draft = EpisodeDraft(text, f"d{day}", "user", T0 + day * DAY + 3600)
        await storage.nodes.add_episode(draft)
    return start


async def _window_answers(storage: MemoryStorage, question: str) -> list[str]:
    start = await _life(storage)
    retriever = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    filters = SearchFilters(after=start, before=start + 60 * DAY, limit=10)
    hits = await retriever.search(question, filters, reinforce=False)
    return [hit.node.content for hit in hits]


async def test_a_doing_in_a_window_is_found_by_its_gear_and_rides(
    storage: MemoryStorage,
) -> None:
    found = await _window_answers(storage, "cycling")

    assert found[: len(RIDES)] == RIDES, found
    assert EARLIER_RIDE not in found


async def test_a_doing_not_asked_lifts_no_rides(storage: MemoryStorage) -> None:
    found = await _window_answers(storage, "ramen")

    assert found and all("ramen" in text for text in found), found


async def test_gear_only_named_in_a_window_tells_no_doing(
    storage: MemoryStorage,
) -> None:
    racket = "Sam drew me holding a racket, the racket bigger than me."
    played = "Tennis at Levan's, lost two sets but my backhand is back."
    start = await _life(storage)
    for day, text in enumerate([racket, played]):
        draft = EpisodeDraft(text, f"x{day}", "user", start + (40 + day) * DAY)
        await storage.nodes.add_episode(draft)
    retriever = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    filters = SearchFilters(after=start, before=start + 60 * DAY, limit=10)
    hits = await retriever.search("tennis", filters, reinforce=False)

    assert hits and hits[0].node.content == played
