"""A small everyday life, English and Russian, whose states change over time.

Each turn is (day, text, tag); a tag "home:old" / "home:new" marks a turn that
states the older / newer state of one thing ("home:move" states both). The
questions ask for the current state, the past one, or something never said.
Used by tests/search/test_now_and_nothing.py and bench/now_and_nothing.py.
"""

from __future__ import annotations

Turn = tuple[int, str, str]

EN: list[Turn] = [
    (1, "We finally got the keys to our flat in Berlin Kreuzberg.", "home:old"),
    (3, "Lena made soup tonight, the kids loved it.", ""),
    (6, "Our Berlin apartment is small but the balcony is lovely.", "home:old"),
    (9, "I started my new job at Siemens as a data engineer.", "work:old"),
    (12, "I drink a flat white coffee every morning before work.", "drink:old"),
    (15, "We are planning a trip to Japan in October.", "trip:old"),
    (18, "Work at Siemens was stressful today, two outages.", "work:old"),
    (20, "I go running in the park three times a week.", "sport:old"),
    (24, "Max has a cold, he stayed home from school.", ""),
    (27, "Booked the dentist for next Tuesday.", ""),
    (30, "The coffee machine broke, I miss my morning coffee.", "drink:old"),
    (33, "Finished reading Dune, what a book.", ""),
    (36, "Rent in Berlin went up again, we live in Kreuzberg for now.", "home:old"),
    (40, "My manager at Siemens praised the pipeline work.", "work:old"),
    (44, "Lena's birthday dinner at the Italian place was great.", ""),
    (50, "We moved from Berlin to Vienna, the new flat is near the Naschmarkt.",
     "home:move"),
    (53, "My last day at Siemens was Friday; on Monday I start at Bosch.",
     "work:move"),
    (57, "I quit coffee and switched to green tea in the mornings.", "drink:move"),
    (60, "We cancelled the Japan trip; we are going to Portugal instead.",
     "trip:move"),
    (63, "My knee hurts, I stopped running and now I swim at the pool.",
     "sport:move"),
    (66, "Living in Vienna is calmer, our flat has a view of the Naschmarkt.",
     "home:new"),
    (70, "Work at Bosch is busy, the new team ships every week.", "work:new"),
    (74, "A cup of green tea every morning keeps me calm.", "drink:new"),
    (78, "Packed the bags for Portugal, Lisbon first then Porto.", "trip:new"),
    (82, "Swimming twice a week at the pool, my knee feels better.", "sport:new"),
    (85, "Max started violin lessons on Thursdays.", ""),
]  # fmt: skip

RU: list[Turn] = [
    (1, "Мы наконец получили ключи от квартиры в Берлине, в Кройцберге.",
     "home:old"),
    (3, "Лена сварила суп, дети были в восторге.", ""),
    (6, "Наша квартира в Берлине маленькая, но балкон чудесный.", "home:old"),
    (9, "Я вышел на новую работу в Сименс инженером данных.", "work:old"),
    (12, "Каждое утро перед работой я пью кофе флэт уайт.", "drink:old"),
    (15, "Мы планируем поездку в Японию в октябре.", "trip:old"),
    (18, "На работе в Сименсе сегодня был стресс, две аварии.", "work:old"),
    (20, "Я бегаю в парке три раза в неделю.", "sport:old"),
    (24, "Макс простудился и остался дома, не пошёл в школу.", ""),
    (27, "Записался к стоматологу на следующий вторник.", ""),
    (30, "Кофемашина сломалась, скучаю по утреннему кофе.", "drink:old"),
    (33, "Дочитал «Дюну», отличная книга.", ""),
    (36, "Аренда в Берлине опять выросла, пока живём в Кройцберге.", "home:old"),
    (40, "Мой начальник в Сименсе похвалил работу над конвейером.", "work:old"),
    (44, "Ужин на день рождения Лены в итальянском ресторане удался.", ""),
    (50, "Мы переехали из Берлина в Вену, новая квартира у Нашмаркта.",
     "home:move"),
    (53, "Последний день в Сименсе был в пятницу, с понедельника я работаю в Бош.",
     "work:move"),
    (57, "Я бросил кофе и по утрам теперь пью зелёный чай.", "drink:move"),
    (60, "Мы отменили поездку в Японию, вместо неё едем в Португалию.",
     "trip:move"),
    (63, "Колено болит, я бросил бегать и теперь плаваю в бассейне.",
     "sport:move"),
    (66, "Жить в Вене спокойнее, из квартиры виден Нашмаркт.", "home:new"),
    (70, "На работе в Боше аврал, новая команда выпускает релиз каждую неделю.",
     "work:new"),
    (74, "Чашка зелёного чая каждое утро меня успокаивает.", "drink:new"),
    (78, "Собрали чемоданы в Португалию: сначала Лиссабон, потом Порту.",
     "trip:new"),
    (82, "Плаваю в бассейне два раза в неделю, колену лучше.", "sport:new"),
    (85, "Макс пошёл на скрипку по четвергам.", ""),
]  # fmt: skip

# (question, thing) — the answer is the thing's newest state
CURRENT = {
    "en": [
        ("Where do I live now?", "home"),
        ("Which flat do we live in?", "home"),
        ("Where do I work now?", "work"),
        ("Which company do I work at?", "work"),
        ("What do I drink in the morning these days?", "drink"),
        ("Where are we going on our trip?", "trip"),
        ("What sport do I do now?", "sport"),
    ],
    "ru": [
        ("Где я сейчас живу?", "home"),
        ("В какой квартире мы живём?", "home"),
        ("Где я сейчас работаю?", "work"),
        ("В какой компании я работаю?", "work"),
        ("Что я теперь пью по утрам?", "drink"),
        ("Куда мы едем в поездку?", "trip"),
        ("Каким спортом я сейчас занимаюсь?", "sport"),
    ],
}
# (question, thing) — the answer is the thing's older state
PAST = {
    "en": [
        ("Where did I live before?", "home"),
        ("Where did I use to work?", "work"),
        ("What did I drink in the morning before?", "drink"),
        ("Where were we originally planning to travel?", "trip"),
        ("What sport did I do before?", "sport"),
    ],
    "ru": [
        ("Где я жил раньше?", "home"),
        ("Где я работал раньше?", "work"),
        ("Что я пил по утрам раньше?", "drink"),
        ("Куда мы изначально планировали поездку?", "trip"),
        ("Каким спортом я занимался раньше?", "sport"),
    ],
}
NEVER_SAID = {
    "en": [
        "What is my cat's name?",
        "What car do I drive?",
        "When is my piano lesson?",
        "What is my brother's name?",
        "Where did my daughter go to university?",
        "What is my blood type?",
        "Who is my accountant?",
    ],
    "ru": [
        "Как зовут мою кошку?",
        "На какой машине я езжу?",
        "Когда у меня урок фортепиано?",
        "Как зовут моего брата?",
        "В каком университете училась моя дочь?",
        "Какая у меня группа крови?",
        "Кто мой бухгалтер?",
    ],
}
# Questions that have an answer, never-said-like in form ("my ... name").
ANSWERED = {
    "en": [
        ("When is my dentist appointment?", "dentist"),
        ("What book did I finish?", "Dune"),
    ],
    "ru": [("Когда мой стоматолог?", "стоматолог"), ("Какую книгу я дочитал?", "Дюн")],
}
LIVES = {"en": EN, "ru": RU}


def answer_turns(life: list[Turn], thing: str, when: str) -> set[int]:
    """Indexes of the turns stating the thing's `when` ("new" / "old") state."""
    return {
        i
        for i, (_, _, tag) in enumerate(life)
        if tag in (f"{thing}:{when}", f"{thing}:move")
    }


def stale_turns(life: list[Turn], thing: str, when: str) -> set[int]:
    """Turns stating only the state the question does not ask for."""
    other = "old" if when == "new" else "new"
    return {i for i, (_, _, tag) in enumerate(life) if tag == f"{thing}:{other}"}
