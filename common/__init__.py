"""What every layer above uses and nothing here knows of tournaments: the PDF renderer, the
laptop's LAN addresses, the HTTPS helpers, the safe ``next`` redirect, the response headers.

Below the tournament core and the club's apps (README, *Code map*); ``keezen_site`` only wires
these into settings and URLs, and nothing imports ``keezen_site``.
"""
