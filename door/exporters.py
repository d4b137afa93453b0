"""The door app's part of the downloads: the "Cash" sheet of the standings workbook
(:mod:`door.workbook`: the payments taken at the door and their totals per method, when the
tournament asks an entry fee).

Why here and not in ``screens``: it is part of a file, not of a page; the core's exporter registry
finds this module as the admin finds ``admin.py`` (:func:`tournaments.exporters.base.discover`),
before any standings workbook is built.
"""

from __future__ import annotations

from door.workbook import CashSheet
from tournaments.exporters.standings_xlsx import register_sheet

register_sheet("cash", CashSheet.of)
