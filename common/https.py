"""HTTPS for the director, plain HTTP for the phones (docs/https.md).

At a venue the players' phones open the public pages and their table links from a QR code: a
certificate warning on a hundred phones would stop the day, so those stay on plain HTTP. The
director's password and session must not cross the venue's Wi-Fi in clear, so ``HTTPS=1`` makes
``manage.py serve`` also serve HTTPS on ``HTTPS_PORT`` (8443) with a certificate of its own
(common/certificates.py), and :class:`DirectorHttpsMiddleware` sends the director pages, the
admin and the login there. On a public server a reverse proxy (Caddy, nginx) does HTTPS for the
whole site: ``HTTPS=proxy``. The settings each mode implies are in keezen_site/settings.py's
security section; this module reads the mode and holds what the pages and ``serve`` need.
"""

from __future__ import annotations

import enum
import ipaddress
import socket
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured, MiddlewareNotUsed
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.http.request import split_domain_port
from django.utils.functional import SimpleLazyObject

DIRECTOR_PATHS = ("/director/", "/admin/", "/login/", "/logout/")
"""What only the director opens: with ``HTTPS=1`` these answer over HTTPS only (tests/test_https.py
checks that the login, logout, admin and director URLs start with one of them)."""

DEFAULT_PORT = 8443
CA_FILE = "ca.pem"
CA_KEY_FILE = "ca-key.pem"
SERVER_FILE = "server.pem"
SERVER_KEY_FILE = "server-key.pem"


class Mode(enum.StrEnum):
    OFF = "off"  # plain HTTP only
    VENUE = "venue"  # HTTP for the phones, HTTPS with our own certificate for the director
    PROXY = "proxy"  # a reverse proxy in front does HTTPS for the whole site


def mode_from(value: str | None) -> Mode:
    """The ``HTTPS`` environment variable: unset or ``0`` off, ``1`` at the venue, ``proxy``."""
    text = (value or "").strip().lower()
    if text in ("", "0", "off", "no", "false"):
        return Mode.OFF
    if text in ("1", "on", "yes", "true", "venue"):
        return Mode.VENUE
    if text == "proxy":
        return Mode.PROXY
    raise ImproperlyConfigured(f"HTTPS={value!r}: use 1 (HTTPS at the venue), proxy (behind a reverse proxy) or 0.")


def port_from(value: str | None, name: str = "HTTPS_PORT", default: int = DEFAULT_PORT) -> int:
    """A port from the environment (``HTTPS_PORT``: 8443 when unset; ``PORT``: 8000)."""
    text = (value or "").strip()
    if not text:
        return default
    if not (text.isascii() and text.isdigit() and 0 < int(text) < 65536):
        raise ImproperlyConfigured(f"{name}={value!r}: a port number from 1 to 65535.")
    return int(text)


def folder_from(value: str | None, base_dir: Path) -> Path:
    """``KEEZEN_HTTPS_DIR``, else ``.https`` in the project folder: the certificates, untracked."""
    return Path(value).expanduser().resolve() if value else base_dir / ".https"


def https_url(request: HttpRequest, path: str | None = None) -> str | None:
    """The address of ``path`` (default: this page) over HTTPS on the host the browser used, or
    None when nothing serves HTTPS."""
    if settings.HTTPS_MODE == Mode.OFF:
        return None
    host, _port = split_domain_port(request.get_host())
    port = f":{settings.HTTPS_PORT}" if settings.HTTPS_MODE == Mode.VENUE and settings.HTTPS_PORT != 443 else ""
    return f"https://{host}{port}{path if path is not None else request.get_full_path()}"


def public_url_from(value: str | None) -> str:
    """``PUBLIC_URL``, the address phones open, as ``http://host[:port][/path]/``; ``""`` when unset. A
    bare ``192.168.1.20:8000`` gets ``http://``; anything but an http(s) address of a host (a query,
    a fragment, a user name) is refused at start rather than printed on a hundred cards."""
    text = (value or "").strip()
    if not text:
        return ""
    if "://" not in text:
        text = f"http://{text}"
    parts = urlsplit(text)
    try:
        port = parts.port
    except ValueError:
        port = -1
    if parts.scheme not in ("http", "https") or not parts.hostname or port == -1 or parts.query or parts.fragment \
            or parts.username is not None or any(char.isspace() for char in text):
        raise ImproperlyConfigured(f"PUBLIC_URL={value!r}: the address phones open, e.g. http://192.168.1.20:8000/.")
    return f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/')}/"


def lan_url(port: int) -> str:
    """``http://<first LAN address>:<port>/``: the address ``manage.py serve`` prints first for the
    phones (common/lan.py finds it); ``""`` when the laptop has none (no network at start)."""
    from common.lan import lan_addresses

    addresses = lan_addresses()
    if not addresses:
        return ""
    return f"http://{addresses[0]}{'' if port == 80 else f':{port}'}/"


def public_url(value: str | None, port: int, mode: Mode) -> str:
    """The ``PUBLIC_URL`` setting: the environment's address, else the LAN address the server prints
    at start (not behind a proxy, whose public name only the browser's requests tell); ``""`` when
    neither: then :func:`phones_url` takes the director's browser's host."""
    return public_url_from(value) or ("" if mode == Mode.PROXY else lan_url(port))


def phones_url(request: HttpRequest) -> str:
    """The site's address for the phones, as the QR codes on the table cards hold it: ``PUBLIC_URL``
    (by default the laptop's LAN address, as ``manage.py serve`` prints it). Without one (no network
    at start, or behind a proxy) the address the director's browser uses, but with ``HTTPS=1`` its
    plain-HTTP port even when the director works over HTTPS, so that no phone meets the venue's own
    certificate."""
    if settings.PUBLIC_URL:
        return settings.PUBLIC_URL
    if settings.HTTPS_MODE == Mode.VENUE and request.is_secure():
        host, _port = split_domain_port(request.get_host())
        return f"http://{host}{'' if settings.HTTP_PORT == 80 else f':{settings.HTTP_PORT}'}/"
    return request.build_absolute_uri("/")


LOOPBACK_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback")


def unreachable_host(host: str) -> bool:
    """Whether no phone can open an address of ``host``: this machine itself (``localhost``, 127.x,
    ::1), no address at all (0.0.0.0, ::) or a link-local one (169.254.x, fe80::, what a laptop gives
    itself without a network)."""
    name = host.strip().strip("[]").rstrip(".").lower()
    if name in LOOPBACK_NAMES or name.endswith(".localhost"):
        return True
    try:
        ip = ipaddress.ip_address(name.split("%")[0])
    except ValueError:
        return False
    ip = getattr(ip, "ipv4_mapped", None) or ip
    return ip.is_loopback or ip.is_unspecified or ip.is_link_local


def short_address(url: str) -> str:
    """An address as a player types it: without ``http://`` and the last ``/``
    (``192.168.1.20:8000/s/abc123``)."""
    parts = urlsplit(url)
    return f"{parts.netloc}{parts.path.rstrip('/')}" if parts.netloc else url


@dataclass(frozen=True)
class PhonesAddress:
    """The address the QR codes will hold, and whether phones can open it (the print pages warn)."""

    url: str
    from_setting: bool  # PUBLIC_URL or the LAN address found at start; else the browser's host (no LAN address)

    @property
    def reachable(self) -> bool:
        return not unreachable_host(urlsplit(self.url).hostname or "")


def phones_address(request: HttpRequest) -> PhonesAddress:
    """:func:`phones_url` with what the warning before printing needs (nothing is looked up: the
    LAN address was found at start)."""
    return PhonesAddress(url=phones_url(request), from_setting=bool(settings.PUBLIC_URL))


def is_loopback(address: str | None) -> bool:
    """Whether a client address is this machine itself (127.0.0.0/8, ::1, ::ffff:127.x)."""
    try:
        ip = ipaddress.ip_address((address or "").split("%")[0])
    except ValueError:
        return False
    mapped = getattr(ip, "ipv4_mapped", None)
    return (mapped or ip).is_loopback


def in_clear_over_the_network(request: HttpRequest) -> bool:
    """Plain HTTP from another machine: what the request carries crosses the network readable."""
    return not request.is_secure() and not is_loopback(request.META.get("REMOTE_ADDR"))


def context(request: HttpRequest) -> dict:
    """Template context: ``in_clear`` (plain HTTP from another machine) and ``https_url`` (this
    page over HTTPS, when it is served). The login page warns with them."""
    in_clear = in_clear_over_the_network(request)
    return {"in_clear": in_clear, "https_url": https_url(request) if in_clear else None}


def phones_context(request: HttpRequest) -> dict:
    """Template context: ``phones_address``, the address of the QR codes (:class:`PhonesAddress`,
    worked out only where a page shows it). The round page and the print pages warn with it."""
    return {"phones_address": SimpleLazyObject(lambda: phones_address(request))}


class DirectorHttpsMiddleware:
    """With ``HTTPS=1``: the director pages, the admin and the login over plain HTTP redirect to
    the same address on the HTTPS port. A temporary redirect (302), so that a browser remembers
    nothing when the laptop later runs without HTTPS."""

    def __init__(self, get_response):
        if settings.HTTPS_MODE != Mode.VENUE:
            raise MiddlewareNotUsed
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not request.is_secure() and request.path_info.startswith(DIRECTOR_PATHS):
            return HttpResponseRedirect(https_url(request))
        return self.get_response(request)


def ca_certificate(request: HttpRequest) -> FileResponse:
    """The venue's certificate authority (``HTTPS=1``), to trust once on a desk laptop: compare its
    fingerprint with the one ``manage.py serve`` prints before trusting it (docs/https.md)."""
    path = settings.HTTPS_DIR / CA_FILE
    if settings.HTTPS_MODE != Mode.VENUE or not path.is_file():
        raise Http404("HTTPS is not on")
    return FileResponse(path.open("rb"), as_attachment=True, filename="keezen-ca.crt",
                        content_type="application/x-x509-ca-cert")


def certificate_names() -> tuple[list[str], list[str]]:
    """The names and addresses the server's certificate covers: what a desk laptop may type
    (as common/lan.py finds them for ``ALLOWED_HOSTS``)."""
    from common.lan import lan_addresses

    host = socket.gethostname().strip().lower()
    names = ["localhost"] + ([host, f"{host}.local"] if host and host != "localhost" else [])
    return names, ["127.0.0.1", "::1", *lan_addresses()]


def client_address(request: HttpRequest) -> str:
    """The address of the phone or laptop that asked, for the rate limits. Behind our own reverse
    proxy (``HTTPS=proxy``: it listens on this machine and connects from loopback) that is the
    last address of ``X-Forwarded-For``, the one the proxy appended; otherwise the connection's.
    A header from anyone else is ignored: it would let a guesser pick a new address each time."""
    address = request.META.get("REMOTE_ADDR", "") or "unknown"
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if settings.HTTPS_MODE == Mode.PROXY and forwarded and _is_loopback(address):
        last = forwarded.split(",")[-1].strip()
        try:
            return str(ipaddress.ip_address(last))
        except ValueError:
            return address
    return address


def _is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False
