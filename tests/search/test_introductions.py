"""The turn that introduces a person leads a question about them.

A person talked about often has dozens of everyday turns; the one saying who
they are ("The new shift lead is Dario (Дарио), 31", «Тимур, брат, приехал
из Казани. 41 год, механик») was left under the newest of them.
"""

from __future__ import annotations

import datetime as dt

from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import EpisodeDraft
from agent_memory.retrieval import Retriever
from agent_memory.search.introductions import introduces, name_words
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.entities import EntityLinker

DAY = 86_400.0
T0 = dt.datetime(2024, 1, 1, tzinfo=dt.UTC).timestamp()


def test_signs_beside_the_name_introduce_the_person() -> None:
    dario = name_words(["Dario", "Дарио"])
    for text in (
        "The new shift lead at the depot is Dario (Дарио), tall and loud.",
        "Dario, 31, took over the night shift.",
        "Dario is new: thirty-one years old? No, 31 years old, from Genoa.",
        "My neighbour Dario fixed the gate.",
        "Dario, my boss, wants the report by Friday.",
        "Dario, our new boss, wants the report by Friday.",
        "The manager of the depot is Dario now.",
        # an aside a few words on, with an age between commas
        "Lunch with Dario from the depot (the other driver, from Genoa, 31, loud).",
        # the name said as such, and an apposition closed by a mark
        "The man from the depot is called Dario. Tall and loud.",
        "Dario, the social worker from the municipality (revacha), came by.",
        "Dario, a retired surveyor from the depot, walked with us.",
    ):
        assert introduces(text, dario), text
    timur = name_words(["Тимур", "мой брат"])
    assert introduces("Тимур, брат, приехал из Казани. 41 год, механик.", timur)
    assert introduces("Мой брат Тимур приехал из Казани.", timur)
    assert introduces("Приехал Тимур (Timur), механик из Казани.", timur)


def test_each_person_is_read_by_their_own_names_turn_after_turn() -> None:
    """The names' stems are kept per person: the same turns read for one
    person, then another, then the first again, each by their own names (a
    declined Russian name included, «Тимуром»)."""
    timur, dina = name_words(["Тимур"]), name_words(["Дина"])
    turns = ["Ужинали с Тимуром (Timur), другом детства.", "Дина, соседка, зашла."]
    for _ in range(2):
        assert [introduces(t, timur) for t in turns] == [True, False]
        assert [introduces(t, dina) for t in turns] == [False, True]


def test_everyday_mentions_introduce_nobody() -> None:
    dario = name_words(["Dario", "my boss"])
    for text in (
        "Dario asked me to smile more at the customers.",
        "Went to the depot with Dario and my boss after lunch.",
        "Dario sent a message at 11pm, 3 emojis.",
        "dario is just a word here (lower case).",
        "Dario ordered the callos (12 euros, 3 plates).",
        # a role after the comma belongs to the next clause, not to Dario
        "Went to the cinema with Dario, and my sister came too.",
        "Видела Дарио, а мой брат опоздал.",
        # phoned, not named; an apposition that runs on into the sentence
        "I called Dario about the shift.",
        "Dario, the kids and I went to the zoo.",
    ):
        assert not introduces(text, dario), text
    timur = {"тимур"}
    assert not introduces("Тимур опять звонил, ругался на погоду.", timur)
    # someone else's age, or years that are no age
    assert not introduces("Тимур привёл стажёров, Олег и Макс, 24 года обоим.", timur)
    assert not introduces("С Тимуром 10 лет не виделись.", timur)


async def _life(storage: MemoryStorage, said: list[str]) -> None:
    linker = EntityLinker(storage)
    for i, text in enumerate(said):
        node = await storage.nodes.add_episode(
            EpisodeDraft(text, f"t{i % 9}", "user", T0 + i * DAY)
        )
        await linker.link_text(node, text)
    await storage.drain()


async def test_a_question_about_a_frequent_person_finds_their_introduction(
    storage: MemoryStorage,
) -> None:
    intro = "The new shift lead at the depot is Dario (Дарио), 31, with a headset."
    said = [
        "Paid the power bill and read a chapter of the novel tonight.",
        intro,
        *(
            f"Dario changed the rota again and wants everyone in early, week {i}."
            if i % 2
            else f"Дарио опять переписал график смен и всех ругал, неделя {i}."
            for i in range(60)
        ),
    ]
    await _life(storage, said)
    r = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    for question in ("Who is Dario?", "Tell me about Dario", "Кто такой Дарио?"):
        top = [h.node.content for h in await r.search(question, reinforce=False)]
        assert intro in top[:3], question


async def test_a_relation_question_finds_the_relatives_introduction(
    storage: MemoryStorage,
) -> None:
    intro = "Тимур, брат, приехал из Казани. 41 год, механик, двое детей."
    said = [
        intro,
        *(
            f"Timur called about the car again and complained, call {i}."
            if i % 2
            else f"Тимур опять звонил про машину, жаловался на погоду, раз {i}."
            for i in range(60)
        ),
        "Мой брат Тимур любит рыбалку больше всего на свете.",
    ]
    await _life(storage, said)
    r = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    for question in ("Кто такой Тимур?", "my brother"):
        top = [h.node.content for h in await r.search(question, reinforce=False)]
        assert intro in top[:3], question


async def test_a_name_said_as_such_introduces_the_person(
    storage: MemoryStorage,
) -> None:
    """«её зовут Дина, вдова, бывший библиотекарь», "her name is Dina": where
    the user first names someone, said with no relation beside the name."""
    dina = name_words(["Дина", "Dina"])
    assert introduces("её зовут Дина, Дина Ефимовна, вдова, библиотекарь.", dina)
    assert introduces("Her name is Dina, she sings alto.", dina)
    assert not introduces("с Диной пили кофе, зовут в гости", dina)
    intro = "её зовут Дина, Дина Ефимовна, вдова, бывший библиотекарь. в хоре альт"
    said = [
        "та женщина из хора тоже из Харькова оказывается",
        intro,
        *(
            f"Dina and I walked along the promenade again, walk {i}."
            if i % 2
            else f"с Диной гуляли по набережной, ветер, мороженое, раз {i}"
            for i in range(60)
        ),
    ]
    await _life(storage, said)
    r = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    for question in ("who's Dina?", "кто такая Дина?"):
        top = [h.node.content for h in await r.search(question, reinforce=False)]
        assert intro in top[:3], question
