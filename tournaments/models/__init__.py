"""The tournament app's models, in modules by what they hold:

- :mod:`.registration` — tournaments, clubs, teams and players;
- :mod:`.rounds` — rounds, tables with their seated teams, byes, and the versioned results;
- :mod:`.rulings` — the dispute desk's rulings, kept with the table;
- :mod:`.finals` — the knock-out finals after the Swiss rounds, and which table plays which match;
- :mod:`.sent_actions` — what a table link's phone sent, by its one-time key;
- :mod:`.print_files` — PDFs rendered in the background, ready before the click;
- :mod:`.workers` — the background workers, as each says it is alive.
"""

from tournaments.models.finals import FinalMatch, Finals, LevelRule  # noqa: F401
from tournaments.models.print_files import PrintFile, PrintFileStatus  # noqa: F401
from tournaments.models.registration import (  # noqa: F401
    MAX_TEAM_NUMBER,
    NAME_MAX_LENGTH,
    Club,
    DrawMode,
    Entry,
    ForcedOrOptional,
    GameChoice,
    Language,
    MissedRounds,
    PublicNames,
    Player,
    ScoringSystem,
    Team,
    TeamQuerySet,
    Tournament,
    TournamentStatus,
    new_pass_token,
    new_seed,
)
from tournaments.models.rounds import (  # noqa: F401
    Attempt,
    Bye,
    Result,
    ResultEvent,
    ResultSource,
    ResultState,
    Round,
    RoundStatus,
    Table,
    TableQuerySet,
    TableSeat,
)
from tournaments.models.rulings import Ruling  # noqa: F401
from tournaments.models.sent_actions import SentAction  # noqa: F401
from tournaments.models.workers import Worker  # noqa: F401
