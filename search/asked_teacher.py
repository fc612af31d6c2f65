"""A question about the teacher asked without the word "teacher".

«Кто у меня преподаёт чешский?», «Кто нам преподаёт английский?»: people
ask who teaches them by the teaching itself, and the memory files that
person under the relation («наша преподавательница пани Новотна»). The
question is then asked as «Кто мой преподаватель?» is
(search/role_by_verb.py), the subject kept after it («кто мой преподаватель
чешский»): it still says which teacher. Only when a teacher is on file
(search/question.py): with none, the one who teaches is a tutor, whose
turns the teaching's words find (search/kin_words.py). Only the user's own
teacher: «кто преподаёт в школе у Миши?» asks of no teacher of the user's.
"""

from __future__ import annotations

import re

from .role_by_verb import WHEN, WHEN2, RoleByVerb

_TEACHER = RoleByVerb(
    # Not "who teaches me English?": "teach" is said of a tutor and a coach
    # as much (search/kin_words.py reads it as all of them); asked as "my
    # teacher", the user's tutor went unfound (lives 13 and 25).
    english=re.compile(r"(?!)"),
    russian=re.compile(
        # «кто у меня преподаёт», «кто нам сейчас преподаёт», «кто преподавал у нас»
        # (not «ведёт»: «ведёт бухгалтерию» is no teaching)
        r"(?<!\w)кто\s+(?:у\s+(?:меня|нас)\s+|мне\s+|нам\s+)"
        + WHEN
        + r"(?:преподава\w*|препода[её]т)(?!\w)"
        r"|(?<!\w)кто\s+" + WHEN2 + r"(?:преподава\w*|препода[её]т)\s+"
        r"(?:у\s+(?:меня|нас)|мне|нам)(?!\w)",
        re.I,
    ),
    # "taught", "was", «преподавала», «вёл»
    past=re.compile(r"\b(?:taught|was)\b|(?<!\w)преподавал\w*", re.I),
    now_en="",
    before_en="",
    now_ru="кто мой преподаватель",
    before_ru="кто мой бывший преподаватель",
)


def teacher_phrased(text: str) -> str:
    """The question with its teaching said as the teacher: «Кто у меня
    преподаёт чешский?» -> «кто мой преподаватель чешский?»; any other text
    as it is."""
    return _TEACHER.said_as_relation(text)
