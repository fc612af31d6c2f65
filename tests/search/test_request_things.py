"""A thing named in a request to the assistant is the request's, not one the
user has or does (search/category_things.py `own_holders`): "Make a table in
English: furnace, run length" says "run", a member of the sport category,
beside "English", and "where do I work out?" was answered by every request
naming English (life 23)."""

from __future__ import annotations

from agent_memory.search.category_things import own_holders
from agent_memory.search.morphology import stem
from day_hits import day_hit

REQUEST = "Make a table in English: furnace, run length, decoking date"
TOLD = "run along the river before the shift, 5 km, slow"


def test_a_request_holds_no_thing_of_the_user() -> None:
    hits = [day_hit(1, 1, REQUEST, "English"), day_hit(2, 2, TOLD)]
    held = own_holders(hits, {stem("run")})
    assert [hit.node.content for hit in held] == [TOLD]
