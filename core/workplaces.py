"""The places one works at and someone owns, in both languages.

With the occupations a person is by their work, in English.

Read by the write path, which files the new owner of the user's workplace
as the boss (writepath/workplace_owners.py), and by the read path, which
asks "Who owns the bistro now?" as the boss (search/asked_owner.py).
"""

from __future__ import annotations

# Each as said in the nominative; the Russian cases are the reader's to add.
WORKPLACES = (
    r"bistro|restaurant|caf[eé]|bar|bakery|shop|store|salon|clinic|pharmacy"
    r"|company|firm|agency|studio|office|business|garage|hotel"
    r"|бистро|ресторан|кафе|бар|пекарня|магазин|салон|клиника|аптека"
    r"|компания|фирма|агентство|студия|офис|бизнес|автосервис|отель|гостиница"
)


# What a person is by their work, said after their name: "Michal, the social
# worker from the municipality", "Geoff, a retired surveyor" (the write
# path's cues.py; a relation, "Nadia, the pharmacist", is read as such
# before, writepath/relations.py), and what says someone's job when it is
# asked (search/asked_job.py).
OCCUPATIONS = frozenset(
    """worker nurse librarian surveyor lawyer accountant carer caregiver cleaner
    driver nanny secretary receptionist engineer dentist vet midwife counsellor
    counselor physio physiotherapist officer plumber electrician builder
    postman postwoman caretaker volunteer""".split()
)
