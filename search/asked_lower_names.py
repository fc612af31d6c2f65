"""A question that writes a person's name in lower case: "when's jamie's
birthday?".

Someone typing fast writes every name in lower case, questions included,
and the memory may never have seen the name capitalised (no entity links
it). The readers of what is asked of a person (search/asked_of.py: "Jamie's
birthday", names_in) know a name by its capital, so "jamie's birthday" read
as a birthday of nobody in particular, and any turn naming jamie, or any
birthday at all (a friend's party, "a birthday present for a 10 year old"),
answered it. A lower-case possessive right before an attribute one owns
(a birthday, an address, a phone: attribute_owner.py) is read as the name
it is; not a relative's word ("mum's birthday" is the relative's reader's)
nor a stop word ("what's", "it's"); nor is the one whose job is asked
("what does callum do for a living?", asked_job.py).
"""

from __future__ import annotations

import re

from .asked_job import job_asked_of
from .attribute_owner import owned_attribute
from .lower_case_name import as_name, may_be_name
from .morphology import stem

# a lower-case word, its "'s", and the word it owns
_LOWER_OWNER = re.compile(
    r"(?<![\w'’])([^\W\d_A-ZА-ЯЁ][^\W\d_]+)(?=['’]s\s+(\w+))", re.UNICODE
)


def with_names_capitalised(text: str) -> str:
    """`text` with a lower-case owner of a birthday, an address or a phone
    written as a name ("jamie's birthday" → "Jamie's birthday"); `text`
    itself when it has none."""

    def capitalised(match: re.Match[str]) -> str:
        word = match[1]
        if may_be_name(word, owner=True) and owned_attribute(
            {stem(match[2].casefold())}
        ):
            return as_name(word)
        return word

    text = _LOWER_OWNER.sub(capitalised, text)
    # "what does callum do for a living?": the one whose job is asked
    whose_job = job_asked_of(text)
    if whose_job and whose_job.islower() and may_be_name(whose_job, owner=True):
        name = as_name(whose_job)
        text = re.sub(rf"(?<!\w){re.escape(whose_job)}(?!\w)", name, text)
    return text
