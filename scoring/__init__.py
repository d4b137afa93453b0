"""Scoring of Keezen score sheets, standings and tiebreaks (``shared/spec/scoring.md``).

Pure Python, no Django: the tournament app, the command line and the tests all use the same
arithmetic, and it can be tested with plain values.
"""
