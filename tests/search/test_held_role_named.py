"""A role's name asked in the present («как зовут тренера?») asks its
present holder: the newest one's turns that name them alone rise with the
turn that says the role. Not a relative's («как зовут врача мамы?»)."""

from __future__ import annotations

from agent_memory.search.analysis import analyse
from agent_memory.search.role_holders import _asks_holder
from agent_memory.storage import MemoryStorage
from day_turns import top_three


async def test_the_coachs_name_asked_now_finds_the_new_coach(
    storage: MemoryStorage,
) -> None:
    texts = [
        "Тренер в бассейне Олег Петрович, строгий.",
        "Олег Петрович похвалил за кроль.",
        "Новый тренер в бассейне Игорь Семёнович, молодой, бывший пловец.",
        "Игорь Семёнович написал в чат про субботние сборы.",
    ]
    top = await top_three(storage, texts, "как зовут тренера?")
    assert all("Игорь" in text for text in top[:2]), top


def test_a_relatives_role_is_not_the_users_present_holder() -> None:
    assert _asks_holder(analyse("Как зовут ветеринара?"))
    assert not _asks_holder(analyse("как зовут врача мамы?"))
    assert not _asks_holder(analyse("как звали тренера?"))
