"""The names the tournament file uses (``scoring.md``), in one place for reading and writing."""

FORMAT = "keezen-tournament"
VERSION = 2
"""The version this program writes."""
READS = (1, 2)
"""The versions it reads: version 1 (teams and results) and version 2 (the whole running day)."""
RESULT_FIELDS = ("arrivals", "pawns_home", "home", "forfeit")
"""The fields of a table (and of a sheet version) that hold its result."""
TOKEN_PATTERN = r"[A-Za-z0-9_-]{16,32}"
"""A table's private link as ``new_table_token`` makes it (written in the file, kept on restore)."""
CODE_PATTERN = r"\d{6}"
"""A team's confirmation code as ``new_team_code`` makes it."""
