"""The tournament file of ``scoring.md``: a whole tournament as JSON, for backups, for moving a
tournament to another laptop, and for loading results kept elsewhere.

Version 1 holds the teams and the results that count; version 2, a strict superset, holds the
whole running day — check-ins, withdrawals, every version of every sheet with its log, table
links and team codes, the clock, the frozen standings and the rulings — so that a restore is the
day exactly as it was. Either version holds a team tournament, or with ``"entry": "individual"``
an individual one: players, and tables of pairs drawn for the round. In modules by what they do:

- :mod:`.spec` — the names of the format (version, patterns) and its limits (size, depth, lengths);
- :mod:`.schema` — the kind, range and length of every field, read from the model columns, of the
  kinds of :mod:`.kinds`;
- :mod:`.sides` — how a table names its sides: teams by id, or an individual tournament's pairs;
- :mod:`.checks` and :mod:`.day_checks` — reading within the limits, then every check (the schema
  first, then what makes sense), before anything is written;
- :mod:`.writing` — import, restore over, or copy beside, in one transaction and in bulk;
- :mod:`.export` — the file of a tournament, in a fixed order so that it round-trips byte for byte;
- :mod:`.sections` — the registry through which the club's apps add their part of the file (the
  money at the door, the prizes, who of the register a player is, what a restore keeps) and of the
  automatic backups, each from its ``<app>/file_section.py``; :mod:`.core_section` is the core's own,
  :mod:`.finals_section` the knock-out finals' (``"finals"``).

How an app adds a section: in ``<app>/file_section.py`` (imported by its ``AppConfig.ready()``), call
:func:`.sections.register` with a :class:`.sections.Section` — its key in the file, schema, check,
export (``None`` leaves the key out), write and the models it keeps (for the backups). The core never
imports an app; see ``docs/tournament-file.md``. What differs per game comes from the game's plug-in
(``tournaments/games``: the kinds of its results and ``rules``, the default game and system).
"""

from tournaments.services.tournament_file import core_section  # noqa: F401  (the core's models, for the backups)
from tournaments.services.tournament_file import finals_section  # noqa: F401  (the knock-out finals, "finals")
from tournaments.services.tournament_file.checks import InvalidTournamentFile, ParsedFile, loads, read_file  # noqa: F401
from tournaments.services.tournament_file.export import dumps, export_file  # noqa: F401
from tournaments.services.tournament_file.spec import FORMAT, READS, VERSION  # noqa: F401
from tournaments.services.tournament_file.writing import (  # noqa: F401
    copy_file,
    existing,
    import_file,
    restore_file,
)
