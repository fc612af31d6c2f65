"""A synthetic group chat shaped like the host's contract harness corpus.

Threads of turns among PEOPLE ("Hana: I felt inspired after volunteering at
the shelter..."), every turn from the last hour, and atomic facts about the
people for `remember_fact`. Deterministic for a seed. `questions` gives the
question kinds the tool latency bench times (when / why / who / what /
name-only / keywords), each asking about something the corpus holds.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

PEOPLE = (
    "Hana Lucia Priya Freya Omar Mateo Aiko Lars Nadia Tomas Ines Kofi Mei Rafael "
    "Sofia Yusuf Elena Bjorn Amara Diego Leila Sven Zara Kenji Olga Pablo Ayesha "
    "Marco Ingrid Tariq Lina Hugo Noor Emil Chloe Ravi Astrid Jonah Maya Felix "
    "Sana Luca Greta Idris Nora Anton Keiko Milan Rosa Dev Ada Jonas Vera Ilya"
).split()
PLACES = "Porto Lisbon Kyoto Oslo Cairo Lima Prague Seville Bergen Tbilisi".split()
ACTIVITIES = (
    "volunteering at the animal shelter",
    "a walk on the beach",
    "going to the gym",
    "a pottery class",
    "painting a sunset",
    "reading a mystery novel",
    "baking sourdough bread",
    "a charity run",
    "playing the guitar",
    "hiking in the hills",
    "a photography workshop",
    "gardening with tomatoes",
)
FEELINGS = "inspired excited proud calm nervous grateful tired happy".split()
FILLER = (
    "That sounds great!",
    "Oh nice, tell me more.",
    "Haha, same here.",
    "Really? I did not know that.",
    "Thanks for sharing that with me.",
)
TEMPLATES = (
    "I felt {feeling} after {activity} yesterday, it was a lovely day.",
    "Last weekend I went to {place} and spent the whole time {activity}.",
    "I have been {activity} a lot lately because it makes me feel {feeling}.",
    "Do you remember when we talked about {activity}? I still think about it.",
    "My plan for next month is to visit {place} with my family and try {activity}.",
    "I was feeling super {feeling} because my friend {other} joined me for {activity}.",
)
FACT_TEMPLATES = (
    "{name} likes {activity}.",
    "{name} visited {place}.",
    "{name} feels {feeling} about {activity}.",
    "{name} works in {place}.",
)


@dataclass(frozen=True)
class Turn:
    thread: str
    speaker: str
    text: str
    role: str  # "user" (user_message) or "agent" (agent_response)


def turns(threads: int, per_thread: int, seed: int = 3) -> Iterator[Turn]:
    """`threads` × `per_thread` turns; two to four people speak in a thread."""
    rng = random.Random(seed)
    for t in range(threads):
        cast = rng.sample(PEOPLE, rng.randint(2, 4))
        for n in range(per_thread):
            speaker = cast[n % len(cast)]
            if rng.random() < 0.25:
                line = rng.choice(FILLER)
            else:
                line = rng.choice(TEMPLATES).format(
                    feeling=rng.choice(FEELINGS),
                    activity=rng.choice(ACTIVITIES),
                    place=rng.choice(PLACES),
                    other=rng.choice(PEOPLE),
                )
            role = "user" if n % 2 == 0 else "agent"
            yield Turn(f"thread-{t}", speaker, f"{speaker}: {line}", role)


def facts(count: int, seed: int = 4) -> list[str]:
    rng = random.Random(seed)
    out: list[str] = []
    seen: set[str] = set()
    for _ in range(count * 20):  # the fact space is finite: stop short of it
        if len(out) >= count:
            break
        fact = rng.choice(FACT_TEMPLATES).format(
            name=rng.choice(PEOPLE),
            activity=rng.choice(ACTIVITIES),
            place=rng.choice(PLACES),
            feeling=rng.choice(FEELINGS),
        )
        if fact not in seen:
            seen.add(fact)
            out.append(fact)
    return out


def questions(count: int, seed: int = 5) -> list[tuple[str, str]]:
    """(kind, question) pairs, the kinds in turn."""
    rng = random.Random(seed)
    kinds = (
        ("when", lambda: f"When did {name()} go to {rng.choice(PLACES)}?"),
        ("why", lambda: f"Why was {name()} feeling {rng.choice(FEELINGS)}?"),
        ("who", lambda: f"Who went {rng.choice(ACTIVITIES)} with {name()}?"),
        ("what", lambda: f"What does {name()} like to do?"),
        ("name-only", lambda: f"Tell me about {name()}"),
        ("keywords", lambda: " ".join(rng.choice(ACTIVITIES).split()[-2:])),
    )

    def name() -> str:
        return rng.choice(PEOPLE)

    return [
        (kinds[i % len(kinds)][0], kinds[i % len(kinds)][1]()) for i in range(count)
    ]
