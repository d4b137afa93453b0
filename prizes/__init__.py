"""Prizes on the day (issue 19, part 3): the prizes a director hands out, by place, by category
(tags on teams and players), the booby prize and the best club; who wins them; and the club
ranking on the public standings.

Why an app of its own: prizes read the standings but change nothing in them; this app reads the one
standings shape (:mod:`tournaments.services.standings`) and keeps its own tables beside the
tournament's. The tournament file carries them (its ``prizes`` section), so a backup keeps them.

- :mod:`.awarding` — who wins what, and the club ranking, in pure Python (tested with stub rows);
- :mod:`.text` — the prize list as the director types it ("1: vlaai", "youth: a cake", …);
- :mod:`.models` — categories and their tags, prizes, the per-tournament settings;
- :mod:`.services` — the database side: reading, checking and saving, the awards of a standings;
- :mod:`.forms`, :mod:`.views`, :mod:`.urls` — the director's pages; :mod:`.admin`.

The prize-list PDF is laid out with the standings' (:mod:`tournaments.exporters.standings_pdf`),
and the public standings show the club ranking (:mod:`tournaments.services.published_standings`).
"""
