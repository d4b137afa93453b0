"""HTTPS for the director (docs/https.md): the settings of each mode and a clean ``check --deploy``,
the venue's certificates (made on the first start, reused after), the redirect of the director's
pages to HTTPS, the login page's warning over plain HTTP. ``manage.py serve`` with ``HTTPS=1``,
started for real and serving HTTP for the phones and HTTPS for the director side by side, is
tests/browser/test_served_https.py (with Chromium), on the helpers at the end of this module."""

from __future__ import annotations

import contextlib
import datetime
import http.client
import json
import os
import re
import secrets
import signal
import socket
import ssl
import stat
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest
from cryptography import x509
from django.conf import settings as django_settings
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import ImproperlyConfigured
from django.core.management.base import CommandError
from django.test import RequestFactory
from django.urls import resolve, reverse

from common import certificates, https
from common.https import Mode
from tournaments.management.commands.serve import refuse_if_taken

ROOT = Path(django_settings.BASE_DIR)
OTHER_MACHINE = "192.168.1.50"
SERVED_PASSWORD = "served-director-x7Kq2Lm"


@pytest.fixture(autouse=True)
def _plain_http(settings):
    """Each test here starts from plain HTTP, whatever ``HTTPS`` the test run has; ``venue`` turns it on."""
    settings.HTTPS_MODE = Mode.OFF
    settings.SESSION_COOKIE_SECURE = False


def _environment(**extra: str) -> dict[str, str]:
    environment = {key: value for key, value in os.environ.items()
                   if key not in ("HTTPS", "HTTPS_PORT", "DJANGO_DEBUG", "KEEZEN_HTTPS_DIR", "DJANGO_ALLOW_ASYNC_UNSAFE")}
    return {**environment, "DJANGO_SECRET_KEY": secrets.token_urlsafe(50), **extra}


# --- the modes and their settings -------------------------------------------------------------------------------


def test_the_mode_and_port_come_from_the_environment():
    assert [https.mode_from(value) for value in (None, "", "0", "off", "1", "yes", "venue", "proxy", " PROXY ")] == \
        [Mode.OFF, Mode.OFF, Mode.OFF, Mode.OFF, Mode.VENUE, Mode.VENUE, Mode.VENUE, Mode.PROXY, Mode.PROXY]
    with pytest.raises(ImproperlyConfigured, match="HTTPS='maybe'"):
        https.mode_from("maybe")
    assert (https.port_from(None), https.port_from("9443")) == (8443, 9443)
    for wrong in ("0", "65536", "84x3", "٨٤٤٣", "-1"):
        with pytest.raises(ImproperlyConfigured, match="HTTPS_PORT"):
            https.port_from(wrong)


SETTINGS = ["SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS",
            "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_PROXY_SSL_HEADER", "SILENCED_SYSTEM_CHECKS", "HTTPS_MODE"]
HTTPS_VALUES = ["", "1", "proxy"]  # plain HTTP (no HTTPS in the environment), the venue, behind a proxy
READ_AT_SETUP = ["INSTALLED_APPS", "MIDDLEWARE", "ROOT_URLCONF", "TEMPLATES", "DATABASES", "CACHES", "LOGGING",
                 "LOGGING_CONFIG", "STORAGES", "AUTH_USER_MODEL", "USE_I18N", "LANGUAGES", "LOCALE_PATHS", "USE_TZ",
                 "TIME_ZONE", "DEFAULT_AUTO_FIELD"]

CONFIGURED = r"""
import contextlib, io, json, os, sys
import django
from django.conf import Settings, settings
from django.core.management import ManagementUtility
from django.test.utils import override_settings

names, https_values, read_at_setup = json.loads(sys.argv[1])
module = os.environ["DJANGO_SETTINGS_MODULE"]


def configured(https):
    # The settings of a process started with HTTPS=https: the settings module run again (read at import).
    saved = dict(os.environ)
    if https:
        os.environ["HTTPS"] = https
    sys.modules.pop(module, None)
    try:
        return Settings(module)
    finally:
        os.environ.clear()
        os.environ.update(saved)


django.setup()  # as a process started without HTTPS
plain = configured("")
found = {}
for https in https_values:
    mode = configured(https)
    changed = {name: getattr(mode, name) for name in dir(mode)
               if name.isupper() and getattr(mode, name) != getattr(plain, name)}
    if changed.keys() & set(read_at_setup):
        sys.exit(f"HTTPS={https} changes {sorted(changed.keys() & set(read_at_setup))}, read when Django starts: "
                 "its check --deploy needs a process of its own")
    out, err = io.StringIO(), io.StringIO()
    with override_settings(**changed), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            ManagementUtility(["manage.py", "check", "--deploy", "--fail-level", "WARNING"]).execute()
            code = 0
        except SystemExit as stopped:
            code = stopped.code if isinstance(stopped.code, int) else 1
    found[https] = {"settings": {name: getattr(mode, name) for name in names},
                    "check": {"returncode": code, "stdout": out.getvalue(), "stderr": err.getvalue()}}
print(json.dumps(found))
"""


@pytest.fixture(scope="module")
def configurations() -> dict:
    """For each ``HTTPS`` value: the settings a process started with it has, and what ``manage.py check
    --deploy --fail-level WARNING`` answers there. One process for all three: each value's settings are
    the settings module run again with it in the environment (Django's own ``Settings``), and its check
    runs on them (``override_settings`` of what differs from plain HTTP). HTTPS changes none of the
    settings read when Django starts (apps, middleware, URLs, templates, databases: the process says so
    if it ever does), so this is what a process of its own per value would answer."""
    done = subprocess.run([sys.executable, "-c", CONFIGURED, json.dumps([SETTINGS, HTTPS_VALUES, READ_AT_SETUP])],
                          cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env=_environment(DJANGO_SETTINGS_MODULE="keezen_site.settings"))
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_plain_http_keeps_every_cookie_readable_for_the_phones(configurations):
    plain = configurations[""]["settings"]
    assert plain["HTTPS_MODE"] == "off"
    assert not plain["SESSION_COOKIE_SECURE"] and not plain["CSRF_COOKIE_SECURE"] and not plain["SECURE_SSL_REDIRECT"]
    assert plain["SECURE_HSTS_SECONDS"] == 0 and plain["SILENCED_SYSTEM_CHECKS"] == []


def test_at_the_venue_the_directors_session_is_secure_and_the_phones_stay_on_http(configurations):
    venue = configurations["1"]["settings"]
    assert venue["HTTPS_MODE"] == "venue"
    assert venue["SESSION_COOKIE_SECURE"] is True
    assert venue["CSRF_COOKIE_SECURE"] is False  # the phones post their sheets over HTTP
    assert venue["SECURE_SSL_REDIRECT"] is False and venue["SECURE_HSTS_SECONDS"] == 0  # HSTS would hold on every port
    assert venue["SECURE_PROXY_SSL_HEADER"] is None  # nobody may claim HTTPS by a header
    assert venue["SILENCED_SYSTEM_CHECKS"] == ["security.W004", "security.W008", "security.W016"]


def test_behind_a_proxy_the_whole_site_is_https(configurations):
    proxy = configurations["proxy"]["settings"]
    assert proxy["SESSION_COOKIE_SECURE"] is True and proxy["CSRF_COOKIE_SECURE"] is True
    assert proxy["SECURE_SSL_REDIRECT"] is True
    assert proxy["SECURE_HSTS_SECONDS"] >= 31_536_000 and proxy["SECURE_HSTS_INCLUDE_SUBDOMAINS"] is True
    assert proxy["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert proxy["SILENCED_SYSTEM_CHECKS"] == ["security.W021"]  # preloading is the domain owner's decision


@pytest.mark.parametrize(("mode", "silenced"), [("1", 3), ("proxy", 1)])
def test_check_deploy_is_clean_for_the_https_setups(configurations, mode, silenced):
    done = configurations[mode]["check"]
    assert done["returncode"] == 0, done["stdout"] + done["stderr"]
    assert f"System check identified no issues ({silenced} silenced)." in done["stdout"]
    assert "WARNING" not in done["stdout"] + done["stderr"]


def test_check_deploy_still_warns_on_plain_http(configurations):
    """Nothing is silenced for plain HTTP: the warnings are what HTTPS=1 or a proxy answers."""
    done = configurations[""]["check"]
    assert done["returncode"] != 0
    warned = set(re.findall(r"security\.W\d+", done["stdout"] + done["stderr"]))
    assert {"security.W004", "security.W008", "security.W012", "security.W016"} <= warned


# --- the venue's certificates -----------------------------------------------------------------------------------

NAMES = ["localhost", "keezen-laptop", "keezen-laptop.local"]
ADDRESSES = ["127.0.0.1", "::1", "192.168.1.23"]


def alternative_names(path: Path) -> tuple[list[str], list[str]]:
    certificate = x509.load_pem_x509_certificate(path.read_bytes())
    alternative = certificate.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    return (alternative.get_values_for_type(x509.DNSName),
            [str(ip) for ip in alternative.get_values_for_type(x509.IPAddress)])


def test_the_certificate_is_made_on_the_first_start_and_reused_on_the_second(tmp_path):
    folder = tmp_path / ".https"
    first = certificates.ensure(folder, NAMES, ADDRESSES)
    assert first.made_ca and first.made_server
    files = {path.name: path.read_bytes() for path in folder.iterdir()}
    assert set(files) == {"ca.pem", "ca-key.pem", "server.pem", "server-key.pem"}
    assert alternative_names(first.certificate) == (NAMES, ADDRESSES)

    second = certificates.ensure(folder, NAMES, ADDRESSES)
    assert not second.made_ca and not second.made_server
    assert (second.ca_fingerprint, second.server_fingerprint) == (first.ca_fingerprint, first.server_fingerprint)
    assert {path.name: path.read_bytes() for path in folder.iterdir()} == files

    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    for key in ("ca-key.pem", "server-key.pem"):
        assert stat.S_IMODE((folder / key).stat().st_mode) == 0o600
    assert "/.https/" in (ROOT / ".gitignore").read_text().splitlines()


def test_a_new_address_gets_a_new_server_certificate_from_the_same_authority(tmp_path):
    first = certificates.ensure(tmp_path, NAMES, ADDRESSES)
    hotspot = certificates.ensure(tmp_path, NAMES, ["127.0.0.1", "::1", "10.42.0.1"])
    assert not hotspot.made_ca and hotspot.made_server  # the desk laptop trusts it already
    assert hotspot.ca_fingerprint == first.ca_fingerprint and hotspot.server_fingerprint != first.server_fingerprint
    assert alternative_names(hotspot.certificate)[1] == ["127.0.0.1", "::1", "10.42.0.1"]
    server = x509.load_pem_x509_certificate(hotspot.certificate.read_bytes())
    server.verify_directly_issued_by(x509.load_pem_x509_certificate(hotspot.ca.read_bytes()))


def test_expiring_or_damaged_certificates_are_made_anew(tmp_path):
    first = certificates.ensure(tmp_path, NAMES, ADDRESSES)
    now = datetime.datetime.now(datetime.UTC)
    later = certificates.ensure(tmp_path, NAMES, ADDRESSES, now=now + datetime.timedelta(days=380))
    assert not later.made_ca and later.made_server  # the server's year is nearly over
    assert later.ca_fingerprint == first.ca_fingerprint
    (tmp_path / "server-key.pem").write_text("not a key")
    assert certificates.ensure(tmp_path, NAMES, ADDRESSES).made_server
    decade = certificates.ensure(tmp_path, NAMES, ADDRESSES, now=now + datetime.timedelta(days=3640))
    assert decade.made_ca and decade.made_server and decade.ca_fingerprint != first.ca_fingerprint


def test_the_authority_vouches_for_local_names_and_private_addresses_only(tmp_path):
    """Its key cannot vouch for a site on the internet: name constraints, and a public address
    asked for is left out (and said so), not signed; so is a host name the laptop took after the
    authority was made."""
    certificates.ensure(tmp_path, NAMES, ADDRESSES)
    found = certificates.ensure(tmp_path, [*NAMES, "example.com"], [*ADDRESSES, "8.8.8.8", "2001:db8::1"])
    assert found.left_out == ("example.com", "8.8.8.8", "2001:db8::1")
    assert alternative_names(found.certificate) == (NAMES, ADDRESSES)
    authority = x509.load_pem_x509_certificate(found.ca.read_bytes())
    constraints = authority.extensions.get_extension_for_class(x509.NameConstraints)
    assert constraints.critical
    permitted = {str(tree.value) for tree in constraints.value.permitted_subtrees}
    assert {"localhost", "local", "keezen-laptop", "192.168.0.0/16", "10.0.0.0/8"} <= permitted
    assert authority.extensions.get_extension_for_class(x509.BasicConstraints).value.path_length == 0


# --- the redirect, the login's warning, the authority's download --------------------------------------------------


@pytest.fixture
def venue(settings, tmp_path):
    settings.HTTPS_MODE = Mode.VENUE
    settings.HTTPS_PORT = 8443
    settings.HTTPS_DIR = tmp_path / ".https"
    settings.ALLOWED_HOSTS = ["testserver", "192.168.1.23"]
    return settings


def test_the_director_pages_paths_cover_every_director_url():
    for url in (reverse("login"), reverse("logout"), reverse("admin:index"), reverse("director:tournament_list"),
                reverse("director:checkin", args=["x"])):
        assert url.startswith(https.DIRECTOR_PATHS), url


@pytest.mark.usefixtures("venue")
def test_at_the_venue_director_pages_login_and_admin_redirect_to_https(client, director):
    for path in ("/director/", "/director/t/keezen-cup-2026/checkin/?q=anna", "/login/?next=/director/", "/admin/",
                 "/logout/"):
        response = client.get(path, REMOTE_ADDR=OTHER_MACHINE)
        assert (response.status_code, response["Location"]) == (302, f"https://testserver:8443{path}"), path
    response = client.get("/director/", HTTP_HOST="192.168.1.23:8000", REMOTE_ADDR=OTHER_MACHINE)
    assert response["Location"] == "https://192.168.1.23:8443/director/"
    # A password posted over plain HTTP is not looked at: redirected, nobody logged in.
    response = client.post("/login/", {"username": director.username, "password": "keezen-test-password"},
                           REMOTE_ADDR=OTHER_MACHINE)
    assert response.status_code == 302 and response["Location"].startswith("https://")
    assert "_auth_user_id" not in client.session


@pytest.mark.usefixtures("venue")
def test_at_the_venue_phones_stay_on_http_and_the_director_works_over_https(client, director_client, tournament,
                                                                            published_round):
    table = published_round(tournament, 4).tables.get(number=1)
    for path in ("/", f"/t/{tournament.slug}/", f"/t/{tournament.slug}/standings/", f"/s/{table.token}/", "/rules/",
                 "/robots.txt"):
        assert client.get(path, REMOTE_ADDR=OTHER_MACHINE).status_code == 200, path
    assert director_client.get("/director/", secure=True, REMOTE_ADDR=OTHER_MACHINE).status_code == 200
    assert director_client.get(f"/director/t/{tournament.slug}/checkin/", secure=True).status_code == 200


@pytest.mark.usefixtures("venue")
def test_qr_codes_made_over_https_point_the_phones_at_plain_http(director_client, tournament, make_teams, settings):
    """The table cards' QR codes hold the address the director used, but on the phones' HTTP port:
    no phone meets the venue's certificate."""
    settings.PRINT_FILES_RUN = "task"  # the publish queues the round's files with their address
    from tournaments.models import PrintFile
    from tournaments.services.pairing import pair_round
    from tournaments.services.rounds import add_round

    make_teams(tournament, 4)
    round_ = add_round(tournament)
    pair_round(round_)
    response = director_client.post(f"/director/t/{tournament.slug}/rounds/1/publish/", secure=True,
                                    HTTP_HOST="192.168.1.23:8443")
    assert response.status_code == 302
    assert set(PrintFile.objects.filter(round=round_).values_list("site_url", flat=True)) == {"http://192.168.1.23:8000/"}


def test_without_https_nothing_redirects(client, director_client):
    assert client.get("/login/", REMOTE_ADDR=OTHER_MACHINE).status_code == 200
    assert director_client.get("/director/", REMOTE_ADDR=OTHER_MACHINE).status_code == 200


@pytest.mark.usefixtures("english")
def test_the_login_warns_over_plain_http_from_another_machine(client):
    page = client.get("/login/", REMOTE_ADDR=OTHER_MACHINE, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="in-clear-warning"' in page
    assert "Your password would cross the network in clear" in page
    assert "make run HTTPS=1" in page and "https://" not in page  # nothing serves HTTPS to link to


@pytest.mark.usefixtures("english")
@pytest.mark.parametrize("address", ["127.0.0.1", "127.0.1.1", "::1", "::ffff:127.0.0.1"])
def test_the_login_does_not_warn_on_the_laptop_itself(client, address):
    assert 'id="in-clear-warning"' not in client.get("/login/", REMOTE_ADDR=address).content.decode()


def test_the_login_does_not_warn_over_https(client):
    assert 'id="in-clear-warning"' not in client.get("/login/", secure=True, REMOTE_ADDR=OTHER_MACHINE).content.decode()


@pytest.mark.usefixtures("venue", "english")
def test_the_warning_links_the_https_address_when_https_runs():
    """The page itself is redirected first (above); rendered without the redirect, it links the
    same page over HTTPS."""
    request = RequestFactory().get("/login/?next=/director/", REMOTE_ADDR=OTHER_MACHINE, HTTP_HOST="192.168.1.23:8000")
    request.user = AnonymousUser()
    assert https.context(request) == {"in_clear": True, "https_url": "https://192.168.1.23:8443/login/?next=/director/"}
    response = resolve("/login/").func(request)
    response.render()
    page = response.content.decode()
    assert 'id="in-clear-warning"' in page
    assert 'href="https://192.168.1.23:8443/login/?next=/director/"' in page


def test_the_authority_can_be_downloaded_to_trust_it_when_https_runs(client, venue):
    assert client.get("/https/keezen-ca.crt").status_code == 404  # not made yet
    found = certificates.ensure(venue.HTTPS_DIR, NAMES, ADDRESSES)
    response = client.get("/https/keezen-ca.crt", REMOTE_ADDR=OTHER_MACHINE)
    assert response.status_code == 200 and response["Content-Type"] == "application/x-x509-ca-cert"
    assert b"".join(response.streaming_content) == found.ca.read_bytes()
    venue.HTTPS_MODE = Mode.OFF
    assert client.get("/https/keezen-ca.crt").status_code == 404


# --- manage.py serve with HTTPS=1 -----------------------------------------------------------------------------------


def test_serve_refuses_one_port_for_both(venue):
    from django.core.management import CommandError, call_command

    with pytest.raises(CommandError, match="cannot share port 8443"):
        call_command("serve", port=8443)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Served:
    http: str
    https: str
    folder: Path
    output: Path
    process: subprocess.Popen

    @property
    def ca(self) -> Path:
        return self.folder / ".https" / "ca.pem"

    def printed(self) -> str:
        return self.output.read_text()


def prepare_site(folder: Path, migrated_sqlite) -> dict[str, str]:
    """A migrated SQLite database (the ``migrated_sqlite`` fixture's) with a director, for a server of its own."""
    migrated_sqlite(folder / "db.sqlite3")
    environment = _environment(DATABASE_URL=f"sqlite:///{folder / 'db.sqlite3'}", KEEZEN_HTTPS_DIR=str(folder / ".https"),
                               KEEZEN_BACKUP_DIR=str(folder / "backups"), BACKUPS_RUN="off",
                               ALLOWED_HOSTS="127.0.0.1,localhost", KEEZEN_WORKERS="1", KEEZEN_THREADS="4")
    script = ("from django.core.management import call_command; from django.contrib.auth import get_user_model; "
              "from tournaments.permissions import directors_group; "
              "call_command('createcachetable'); "
              f"get_user_model().objects.create_user('director', password={SERVED_PASSWORD!r}).groups.add(directors_group())")
    subprocess.run([sys.executable, "manage.py", "shell", "-c", script], cwd=ROOT, env=environment, check=True,
                   capture_output=True, timeout=300)
    return environment


@contextlib.contextmanager
def serving(folder: Path, environment: dict[str, str]):
    """``manage.py serve`` with ``HTTPS=1`` on two free ports of 127.0.0.1, stopped (SIGTERM) at the end."""
    http_port, https_port = free_port(), free_port()
    output = folder / f"serve-{http_port}.txt"
    with output.open("w") as log:
        process = subprocess.Popen(
            [sys.executable, "manage.py", "serve", "--host", "127.0.0.1"], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
            env={**environment, "HTTPS": "1", "PORT": str(http_port), "HTTPS_PORT": str(https_port)},
            start_new_session=True)
    served = Served(f"http://127.0.0.1:{http_port}", f"https://127.0.0.1:{https_port}", folder, output, process)
    try:
        unverified = ssl.create_default_context()
        unverified.check_hostname, unverified.verify_mode = False, ssl.CERT_NONE
        deadline = time.monotonic() + 60
        for url, context in ((served.http, None), (served.https, unverified)):
            while True:
                assert process.poll() is None, f"serve stopped:\n{served.printed()}"
                try:
                    with urllib.request.urlopen(f"{url}/robots.txt", timeout=2, context=context):
                        break
                except OSError:
                    assert time.monotonic() < deadline, f"serve did not answer within 60 s:\n{served.printed()}"
                    time.sleep(0.2)
        yield served
    finally:
        stop(process)


def stop(process: subprocess.Popen) -> tuple[int | None, bool]:
    """SIGTERM to ``serve``; its exit code, and whether any process of its session was left (then killed)."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
    try:
        code = process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        code = None
    try:
        os.killpg(process.pid, 0)
    except ProcessLookupError:
        return code, False
    os.killpg(process.pid, signal.SIGKILL)
    return code, True


def trusting(ca: Path) -> ssl.SSLContext:
    """A client that trusts the venue's authority, as a desk laptop does once it imported it."""
    return ssl.create_default_context(cafile=str(ca))


def https_request(served: Served, method: str, path: str, *, host: str = "127.0.0.1", body: str | None = None,
                  headers: dict | None = None) -> http.client.HTTPResponse:
    port = int(served.https.rsplit(":", 1)[1])
    connection = http.client.HTTPSConnection(host, port, context=trusting(served.ca), timeout=20)
    connection.request(method, path, body=body, headers={"Accept-Language": "en", **(headers or {})})
    response = connection.getresponse()
    response.body = response.read().decode()
    connection.close()
    return response


def test_behind_our_proxy_the_limits_count_the_forwarded_address(settings, rf):
    from common.https import Mode, client_address

    settings.HTTPS_MODE = Mode.PROXY
    through_proxy = rf.get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.9, 198.51.100.7")
    assert client_address(through_proxy) == "198.51.100.7"  # the one our proxy appended
    assert client_address(rf.get("/", REMOTE_ADDR="192.0.2.1", HTTP_X_FORWARDED_FOR="198.51.100.7")) == "192.0.2.1"
    assert client_address(rf.get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="nonsense")) == "127.0.0.1"
    settings.HTTPS_MODE = Mode.OFF
    assert client_address(through_proxy) == "127.0.0.1"  # without a proxy the header is anyone's


def test_serve_refuses_a_port_a_server_listens_on_already():
    """gunicorn's processes listen with SO_REUSEPORT (each its own socket, connections spread
    evenly), so gunicorn alone would let a second server share the port: ``serve`` refuses first."""
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    port = listener.getsockname()[1]
    try:
        with pytest.raises(CommandError, match=f"Port {port} is in use"):
            refuse_if_taken("127.0.0.1", port)
    finally:
        listener.close()
    refuse_if_taken("127.0.0.1", port)  # free again
