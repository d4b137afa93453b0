"""The core's own section of the registry (:mod:`.sections`): the models every tournament file holds,
each with how a changed row finds its tournament — what the automatic backups follow
(:mod:`tournaments.services.backups`). Its fields of the file are the core's modules' to write."""

from __future__ import annotations

from tournaments.models import Bye, Player, Result, ResultEvent, Round, Ruling, Table, TableSeat, Team, Tournament
from tournaments.services.tournament_file.sections import Kept, Section, register

# Seats are only made in bulk and go with their table; the log and the rulings go with their table or
# tournament; a tournament's own delete is no change to back up.
CORE = register(Section(name="tournaments", models={
    Tournament: Kept(deleted_alone=False), Team: Kept(), Round: Kept(), Player: Kept(("team",)),
    Table: Kept(("round",)), TableSeat: Kept(("round",), deleted_alone=False), Bye: Kept(("round",)),
    Result: Kept(("table", "round")), ResultEvent: Kept(("table", "round"), deleted_alone=False),
    Ruling: Kept(deleted_alone=False),
}))
