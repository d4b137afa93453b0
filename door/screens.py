"""The door app's tabs, panels and downloads on the core's screens, registered in ``apps.py``.

The entry fee and the way to the cash list above the check-in, each team's dues under its row
(the fees asked once for the whole list: :func:`door.services.attach_dues`) and the check-in tab
lit on the cash list. The "Cash" sheet of the standings workbook is :mod:`door.exporters`.
"""

from __future__ import annotations

from typing import Any

from door.services import attach_dues
from tournaments import screens
from tournaments.models import Team, Tournament


def checkin_data(tournament: Tournament, teams: list[Team]) -> dict[str, Any]:
    """The tournament's fee (None: it asks none), each team shown given its ``dues``."""
    return {"fee": attach_dues(tournament, teams)}


screens.register_data(screens.CHECKIN, checkin_data)
screens.register_extra(screens.CHECKIN_PANEL, "door/_checkin_fee.html")
screens.register_extra(screens.CHECKIN_ROW, "door/_dues.html")
screens.also_active("checkin", "door:cash", within=True)  # the cash list is reached from the check-in
