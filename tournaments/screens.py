"""The core's screens as the club's apps extend them: the tabs of the director's tab bar, what an app
adds in a named place ("slot") of a core page, and the data those additions need.

Why: the core must not know its satellites (no ``door:`` or ``prizes:`` URL, no include of an app's
template, no call into an app's services), yet the prizes tab, the fee at the check-in or the club
ranking under the public standings belong on its pages. In the spirit of pretix's navigation
signals, but one plain registry (no signal, one way): each app registers in its ``screens`` module,
which its ``AppConfig.ready()`` imports; the core's templates ask this module what to show
(``{% load screens %}``: :mod:`tournaments.templatetags.screens`).

- **Tabs** (:func:`register_tab`): the director's tab bar of a tournament, in ``order``; an app may
  also make a core tab active on its own pages (:func:`also_active`: door's cash list lights the
  check-in tab).
- **Extras** (:func:`register_extra`): a template an app adds to a slot of a core page (the
  :data:`SLOTS`), included there with the page's context.
- **Data** (:func:`register_data`): what an app adds to a page's context, made once for the page
  (a check-in of 250 teams asks door for the fees once, not per row); the view calls
  :func:`page_data`.

Each registration is made once (a repeated one raises ValueError: the module that makes it runs once
per process) and has its ``unregister_…`` twin, given the same key, for a test's stub.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tournaments.models import Tournament

# The slots of the core's pages where apps add templates.
CHECKIN_PANEL = "checkin-panel"
"""Above the check-in list (door: the entry fee and the way to the cash list)."""
CHECKIN_ROW = "checkin-row"
"""Under each team of the check-in, ``team`` in the context (door: its dues); the row comes back alone
after a tap (htmx), so an app's views that answer with the row render the core's row template."""
PUBLIC_STANDINGS = "public-standings"
"""Under the public standings, ``standings`` in the context (prizes: the club ranking). Part of the
fragment rendered once per results version (:mod:`tournaments.services.published_standings`)."""
PUBLIC_HOME = "public-home"
"""Under the public list of tournaments (seasons: the competitions)."""
DIRECTOR_HOME = "director-home"
"""Buttons beside "New tournament" on the director's list of tournaments (seasons: the competitions)."""
TEAM_IMPORT_INTRO = "team-import-intro"
"""Above the Excel import's preview (people: how players are found in the register)."""
TEAM_IMPORT_PLAYER = "team-import-player"
"""Each player of the Excel import's preview, ``player`` in the context (people: who it is in the
register); nothing registered: the player's name."""
TEAM_FORM_INTRO = "team-form-intro"
"""Under the form of a team or player added or edited (people: how a player is linked to the register)."""
SITE_MENU = "site-menu"
"""Items (``<li class="nav-item">``) of the site's menu shown to a director, after "Director" (people:
the register)."""
SLOTS = frozenset({CHECKIN_PANEL, CHECKIN_ROW, PUBLIC_STANDINGS, PUBLIC_HOME, DIRECTOR_HOME, TEAM_IMPORT_INTRO,
                   TEAM_IMPORT_PLAYER, TEAM_FORM_INTRO, SITE_MENU})

# The pages whose context apps add to (register_data), and what their providers are given.
CHECKIN = "checkin"
"""``provide(tournament, teams)``: the teams shown (their players prefetched), a list."""
STANDINGS = "public-standings"
"""``provide(tournament, standings)``: the public standings as shown (frozen ones once frozen)."""
PAGES = frozenset({CHECKIN, STANDINGS})

Label = str | Promise | Callable[[Tournament], str]


@dataclass(frozen=True)
class Tab:
    """One tab of the director's tab bar. ``url_name`` is reversed with the tournament's slug (or a
    function of the tournament giving the URL name); the tab is active on its own page, or on every
    page under its URL when ``within``, and on the pages of ``also`` (URL names, exact)."""

    key: str
    order: int
    label: Label
    url_name: str | Callable[[Tournament], str]
    within: bool = False
    also: tuple[str, ...] = ()
    shown: Callable[[Tournament], bool] | None = None


@dataclass(frozen=True)
class ShownTab:
    """A tab as one tournament's page shows it."""

    key: str
    label: str
    url: str
    active: bool


TABS: dict[str, Tab] = {}
ALSO_ACTIVE: dict[str, list[tuple[str, bool]]] = {}
EXTRAS: dict[str, list[tuple[int, str]]] = {}
DATA: dict[str, list[Callable[..., dict[str, Any]]]] = {}


def register_tab(tab: Tab) -> None:
    """Add ``tab`` to every tournament's tab bar (its key must be new: ValueError)."""
    if tab.key in TABS:
        raise ValueError(f"a tab called {tab.key!r} is registered already")
    TABS[tab.key] = tab


def unregister_tab(key: str) -> None:
    """Take the tab ``key`` away again (a test's stub); nothing when there is none."""
    TABS.pop(key, None)


def also_active(tab_key: str, url_name: str, within: bool = False) -> None:
    """Make the tab ``tab_key`` active on the page ``url_name`` (reversed with the slug), or on every
    page under it when ``within``: an app's page reached from a core tab. Once per page (ValueError)."""
    if any(entry[0] == url_name for entry in ALSO_ACTIVE.get(tab_key, ())):
        raise ValueError(f"the tab {tab_key!r} is active on {url_name!r} already")
    ALSO_ACTIVE.setdefault(tab_key, []).append((url_name, within))


def unregister_active(tab_key: str, url_name: str) -> None:
    """Take :func:`also_active`'s page away again (a test's stub); nothing when there is none."""
    ALSO_ACTIVE[tab_key] = [entry for entry in ALSO_ACTIVE.get(tab_key, []) if entry[0] != url_name]


def register_extra(slot: str, template: str, order: int = 100) -> None:
    """Include ``template`` in ``slot`` (one of :data:`SLOTS`) with the page's context; once per slot
    (ValueError)."""
    if slot not in SLOTS:
        raise ValueError(f"no slot is called {slot}")
    if template in extras(slot):
        raise ValueError(f"{template!r} is registered in the slot {slot!r} already")
    EXTRAS.setdefault(slot, []).append((order, template))
    EXTRAS[slot].sort(key=lambda entry: entry[0])


def unregister_extra(slot: str, template: str) -> None:
    """Take ``template`` out of ``slot`` again (a test's stub); nothing when it is not there."""
    EXTRAS[slot] = [entry for entry in EXTRAS.get(slot, []) if entry[1] != template]


def register_data(page: str, provide: Callable[..., dict[str, Any]]) -> None:
    """Add what ``provide`` returns to the context of ``page`` (one of :data:`PAGES`); once per page
    (ValueError)."""
    if page not in PAGES:
        raise ValueError(f"no page is called {page}")
    if any(found is provide for found in DATA.get(page, ())):
        raise ValueError(f"{provide.__qualname__!r} provides for the page {page!r} already")
    DATA.setdefault(page, []).append(provide)


def unregister_data(page: str, provide: Callable[..., dict[str, Any]]) -> None:
    """Take ``provide`` away from ``page`` again (a test's stub); nothing when it is not there."""
    DATA[page] = [found for found in DATA.get(page, []) if found is not provide]


def extras(slot: str) -> list[str]:
    """The templates registered for ``slot``, in their order."""
    return [template for _order, template in EXTRAS.get(slot, ())]


def page_data(page: str, *args: Any) -> dict[str, Any]:
    """What the apps add to ``page``'s context, given the page's ``args`` (see :data:`PAGES`)."""
    context: dict[str, Any] = {}
    for provide in DATA.get(page, ()):
        context.update(provide(*args))
    return context


def tabs(tournament: Tournament, path: str) -> list[ShownTab]:
    """The tournament's tab bar on the page at ``path``: every tab shown, in order, the active one marked."""
    shown = []
    for tab in sorted(TABS.values(), key=lambda tab: tab.order):
        if tab.shown is not None and not tab.shown(tournament):
            continue
        name = tab.url_name(tournament) if callable(tab.url_name) else tab.url_name
        url = reverse(name, args=[tournament.slug])
        pages = [(url, tab.within), *((reverse(other, args=[tournament.slug]), False) for other in tab.also),
                 *((reverse(other, args=[tournament.slug]), within) for other, within in ALSO_ACTIVE.get(tab.key, ()))]
        active = any(page in path if within else page == path for page, within in pages)
        label = tab.label(tournament) if callable(tab.label) else tab.label
        shown.append(ShownTab(tab.key, str(label), url, active))
    return shown


def _dispute_desk(tournament: Tournament) -> str:
    """The game's own dispute desk (Klaverjassen: the card-rules helper)."""
    return tournament.plugin.dispute_desk_url_name


# The core's own tabs; an app's go between them by their order (prizes: 70).
for _tab in (
    Tab("teams", 10, lambda tournament: _("Players") if tournament.individual else _("Teams"), "director:team_list"),
    Tab("checkin", 20, _("Check-in"), "director:checkin"),
    Tab("import", 30, _("Excel import"), "director:team_import"),
    Tab("rounds", 40, _("Rounds"), "director:round_list", within=True),
    Tab("desk", 50, _("Results desk"), "director:results_desk_start", within=True),
    Tab("standings", 60, _("Standings"), "director:standings"),
    Tab("disputes", 80, _("Dispute desk"), _dispute_desk, also=("director:rulings",)),
    Tab("settings", 90, _("Settings"), "director:tournament_edit"),
    Tab("public", 100, _("Public page"), "public:tournament_detail",
        shown=lambda tournament: not tournament.practice),
):
    register_tab(_tab)
