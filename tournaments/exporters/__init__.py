"""Files for the director: every PDF and Excel download, each an exporter registered once
(:mod:`.base`, :mod:`.catalogue`). The standings files read
:class:`tournaments.services.standings.Standings`, the one shape the pages and ``manage.py
standings`` read too, so a file never disagrees with the pages."""
