"""The people app's tabs, panels and downloads on the core's screens, registered in ``apps.py``.

The Excel import's preview says how players are found in the club's register and, per player, who
they are there (the preview's rows are :func:`people.imports.preview_people`'s, ``preview`` in the
page's context); the team form says how a player is linked to a person as the name is typed (and
brings the suggestions' script, ``static/js/people.js``); the site's menu has the register.
"""

from __future__ import annotations

from tournaments import screens

screens.register_extra(screens.TEAM_IMPORT_INTRO, "people/_import_intro.html")
screens.register_extra(screens.TEAM_IMPORT_PLAYER, "people/_import_player.html")
screens.register_extra(screens.TEAM_FORM_INTRO, "people/_team_form_intro.html")
screens.register_extra(screens.SITE_MENU, "people/_site_menu.html")
