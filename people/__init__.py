"""The club's register of people: the humans behind the players of every tournament.

Why an app of its own: a tournament knows players by the name typed on the day; a club knows
people who come back every month. Competitions (:mod:`seasons`) rank people across tournaments,
and a person's page shows their results everywhere, so the link from a tournament's player to a
person lives here, beside the register, not in the tournament core.
"""
