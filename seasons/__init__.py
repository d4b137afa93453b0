"""Seasons: competitions that rank people over a series of tournaments (``shared/spec/competition.md``).

Why an app of its own: a club runs a season, not one tournament — best 6 of 8 evenings, periods,
points for an excused absence. A competition only reads its tournaments' standings and the people
of the register (:mod:`people`); the ranking itself is pure arithmetic in :mod:`scoring.competition`.
"""
