"""The seasons app's tabs, panels and downloads on the core's screens, registered in ``apps.py``.

The competitions under the public list of tournaments and a button to them on the director's list.
The competition's files are :mod:`seasons.exporters`, the demo competition :mod:`seasons.demo`.
"""

from __future__ import annotations

from tournaments import screens

screens.register_extra(screens.PUBLIC_HOME, "seasons/public/_home_block.html")
screens.register_extra(screens.DIRECTOR_HOME, "seasons/director/_home_link.html")
