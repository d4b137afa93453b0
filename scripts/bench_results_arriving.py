"""The results-arriving driver of ``make bench-load`` (scripts/bench_load.sh): one sheet a second
confirmed on its table's private link, and the delay until the public standings show it.

Started in the background by bench_load.sh while wrk loads the public standings and the table
links; stdlib only (it talks HTTP to the running gunicorn like phones do). Usage::

    bench_results_arriving.py BASE_URL STANDINGS_PATH TABLES.json OUT.json --duration 20s

TABLES.json is ``{"tables": [{"number", "token", "codes", "teams"}, ...], "arrivals": "AAAAAAAA",
"points": {"2": [1120, 0]}}``: tables nobody else posts to, the sheet to post, and the points each
seat gets for it by number of seats (computed by ``manage.py bench_load_data`` with the scoring
code).

Confirmations. Every ``--interval`` s (1 s; open loop: each in its own thread, started on time
however slow the server answers, as sheets arrive on the day) the driver takes the next unused
table and
  1. POSTs ``action=submit&code=<the first team's code>&arrivals=AAAAAAAA`` to ``/s/<token>/`` (302 expected),
  2. POSTs ``action=confirm&code=<the second team's code>`` (302 expected); the moment this answer
     has been read is the confirmation time.
Each POST carries the fixed CSRF secret of scripts/wrk/table_entry.lua as cookie and form field,
with a Referer. The expected totals of the table's teams are the totals the public page showed
before the submit plus the sheet's points (no other table changes these teams' totals).

Polls. All the while a poller GETs the public standings page (plain GET, as a reload, not htmx)
every 50 ms, each poll in its own thread so that a slow answer does not delay the next one, and
reads every ``data-testid="total-T<n>">POINTS<``. Per confirmation:
  * delay: the first poll answer (the moment it was read) that shows all its teams' new totals,
    minus the confirmation time (0 when that answer raced ahead of the confirm's own answer);
  * went back: poll answers that lack it although they were asked after another poll had
    already shown it (a stale page after a fresh one);
  * late: poll answers that lack it although they were asked more than ``--stale-limit`` s (2 s)
    after the confirmation (a phone reloading then would not see the result).

Confirmations start ``--start-delay`` s after launch and stop ``--tail`` s before ``--duration``
ends, so that each is measured while the load runs; then the driver polls on for ``--settle`` s
after the last confirmation (and until every one is seen, at most ``--timeout`` s after it) and
writes OUT.json.
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import statistics
import sys
import threading
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor

CSRF = "BenchLoadCsrfSecret0123456789abc"  # as scripts/wrk/table_entry.lua: a fixed 32-character secret
assert len(CSRF) == 32
TOTAL = re.compile(r'data-testid="total-(T\d+)">\s*([^<]*?)\s*<')
EXAMPLES = 10


def parse_duration(text: str) -> float:
    """wrk's duration: 20, 20s, 2m, 1h."""
    match = re.fullmatch(r"(\d+(?:\.\d+)?)([smh]?)", text.strip())
    if not match:
        raise argparse.ArgumentTypeError(f"not a duration: {text!r}")
    return float(match.group(1)) * {"": 1, "s": 1, "m": 60, "h": 3600}[match.group(2)]


def totals_of(page: str) -> dict[str, int]:
    found = {}
    for key, text in TOTAL.findall(page):
        digits = re.sub(r"[^\d-]", "", text)
        if digits:
            found[key] = int(digits)
    return found


def rounded(values: list[float], how) -> float | None:
    return round(how(values), 3) if values else None


class Http:
    def __init__(self, base: str, origin: str | None = None):
        url = urllib.parse.urlsplit(base)
        self.host, self.port = url.hostname, url.port or 80
        self.base = base.rstrip("/")
        self.origin = (origin or base).rstrip("/")  # the Referer's: https:// behind a balancer that does HTTPS

    def request(self, method: str, path: str, body: str | None = None, headers: dict | None = None,
                timeout: float = 30) -> tuple[int, str, float, float]:
        """(status, body, sent_at, answered_at): one request on a new connection (gunicorn's sync
        workers close every connection), redirects not followed; monotonic seconds."""
        connection = http.client.HTTPConnection(self.host, self.port, timeout=timeout)
        try:
            sent_at = time.monotonic()
            connection.request(method, path, body=body.encode() if body is not None else None, headers=headers or {})
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
            return response.status, text, sent_at, time.monotonic()
        finally:
            connection.close()

    def post_form(self, path: str, fields: dict[str, str]) -> tuple[int, str, float, float]:
        body = urllib.parse.urlencode({**fields, "csrfmiddlewaretoken": CSRF})
        return self.request("POST", path, body, {
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"csrftoken={CSRF}",
            "Referer": self.origin + path,
        })


class Confirmation:
    def __init__(self, number: int, table: dict, expected: dict[str, int], before: dict[str, int]):
        self.number = number
        self.table = table.get("number")
        self.expected = expected
        self.before = before
        self.confirmed_at: float | None = None
        self.seen_at: float | None = None  # answer time of the first poll that showed it
        self.went_back = 0
        self.late = 0

    def shown(self, totals: dict[str, int]) -> bool | None:
        """True: the page shows the new totals; False: the old ones; None: neither (unexpected)."""
        if all(totals.get(key) == value for key, value in self.expected.items()):
            return True
        if all(totals.get(key) == value for key, value in self.before.items()):
            return False
        return None


class Driver:
    def __init__(self, args):
        self.args = args
        self.http = Http(args.base, args.origin)
        self.standings = args.standings_path
        data = json.loads(open(args.tables).read())
        self.tables = data["tables"]
        self.points = {int(seats): points for seats, points in data["points"].items()}
        self.arrivals = data.get("arrivals", "AAAAAAAA")
        self.lock = threading.Lock()
        self.started = time.monotonic()
        self.confirmations: list[Confirmation] = []
        self.latest_totals: tuple[float, dict[str, int]] | None = None  # (answered_at, totals)
        self.polls = 0
        self.poll_errors: list[str] = []
        self.unexpected_pages = 0
        self.step_errors: list[str] = []
        self.submit_ms: list[float] = []
        self.confirm_ms: list[float] = []
        self.ran_out = False
        self.stop_polling = threading.Event()
        self.went_back_polls = 0
        self.late_polls = 0
        self.examples: dict[str, list[dict]] = {"went_back": [], "late": []}

    def at(self, moment: float) -> float:
        """Seconds since the driver started (for the examples)."""
        return round(moment - self.started, 3)

    # -- the poller ---------------------------------------------------------------------------
    def poll_once(self) -> None:
        try:
            status, page, sent_at, answered_at = self.http.request("GET", self.standings, timeout=30)
        except Exception as error:  # a socket error is a figure, not a crash
            with self.lock:
                self.polls += 1
                self.poll_errors.append(f"{type(error).__name__}: {error}")
            return
        totals = totals_of(page) if status == 200 else {}
        with self.lock:
            self.polls += 1
            if status != 200:
                self.poll_errors.append(f"HTTP {status}")
                return
            if self.latest_totals is None or answered_at > self.latest_totals[0]:
                self.latest_totals = (answered_at, totals)
            shows = [(confirmation, confirmation.shown(totals)) for confirmation in self.confirmations]
            went_back, late = [], []
            for confirmation, shown in shows:
                if shown is None:
                    self.unexpected_pages += 1
                elif shown:
                    if confirmation.seen_at is None or answered_at < confirmation.seen_at:
                        confirmation.seen_at = answered_at
                else:
                    if confirmation.seen_at is not None and sent_at > confirmation.seen_at:
                        confirmation.went_back += 1
                        went_back.append(confirmation)
                    if (confirmation.confirmed_at is not None
                            and sent_at > confirmation.confirmed_at + self.args.stale_limit):
                        confirmation.late += 1
                        late.append(confirmation)
            self.went_back_polls += bool(went_back)
            self.late_polls += bool(late)
            for kind, lacking in (("went_back", went_back), ("late", late)):
                if lacking and len(self.examples[kind]) < EXAMPLES:
                    self.examples[kind].append({
                        "asked_at_s": self.at(sent_at),
                        "answer_ms": round((answered_at - sent_at) * 1000),
                        "lacks": [c.number for c in lacking],
                        "asked_after_confirm_ms": [round((sent_at - c.confirmed_at) * 1000) if c.confirmed_at else None
                                                   for c in lacking],
                        "asked_after_first_seen_ms": [round((sent_at - c.seen_at) * 1000) if c.seen_at else None
                                                      for c in lacking],
                        "shows": [c.number for c, shown in shows if shown],
                    })

    def poller(self) -> None:
        with ThreadPoolExecutor(max_workers=64) as pool:
            next_at = time.monotonic()
            while not self.stop_polling.is_set():
                pool.submit(self.poll_once)
                next_at += self.args.poll
                delay = next_at - time.monotonic()
                if delay > 0:
                    self.stop_polling.wait(delay)
                else:
                    next_at = time.monotonic()

    # -- the confirmations --------------------------------------------------------------------
    def confirm_one(self, number: int, table: dict) -> None:
        try:
            self._confirm(number, table)
        except Exception as error:
            with self.lock:
                self.step_errors.append(f"table {table.get('number')}: {type(error).__name__}: {error}")

    def _confirm(self, number: int, table: dict) -> None:
        path = f"/s/{table['token']}/"
        with self.lock:
            latest = self.latest_totals
        if latest is None:
            status, page, _sent, answered = self.http.request("GET", self.standings)
            latest = (answered, totals_of(page) if status == 200 else {})
        before = {key: latest[1].get(key) for key in table["teams"]}
        if None in before.values():
            raise RuntimeError(f"teams {table['teams']} are not on the public page")
        points = self.points[len(table["teams"])]
        expected = {key: before[key] + points[index] for index, key in enumerate(table["teams"])}
        confirmation = Confirmation(number, table, expected, before)
        status, _body, sent, answered = self.http.post_form(path, {"action": "submit", "code": table["codes"][0],
                                                                   "arrivals": self.arrivals})
        with self.lock:
            self.submit_ms.append((answered - sent) * 1000)
        if status != 302:
            raise RuntimeError(f"submit answered HTTP {status}")
        with self.lock:  # watched from here on: a page cannot show it before the confirm
            self.confirmations.append(confirmation)
        status, _body, sent, answered = self.http.post_form(path, {"action": "confirm", "code": table["codes"][1]})
        with self.lock:
            self.confirm_ms.append((answered - sent) * 1000)
            if status != 302:
                self.confirmations.remove(confirmation)
                raise RuntimeError(f"confirm answered HTTP {status}")
            confirmation.confirmed_at = answered
            # A poll answered between the confirm's commit and its answer may already show it.
            if confirmation.seen_at is not None:
                confirmation.seen_at = max(confirmation.seen_at, answered)

    def run(self) -> dict:
        args = self.args
        poller = threading.Thread(target=self.poller, daemon=True)
        poller.start()
        time.sleep(args.start_delay)
        first_at = time.monotonic()
        count = max(0, int((args.duration - args.tail - args.start_delay) / args.interval + 1e-6) + 1)
        if count > len(self.tables):
            self.ran_out = True
            count = len(self.tables)
        steps = []
        for number in range(count):
            pause = first_at + number * args.interval - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            step = threading.Thread(target=self.confirm_one, args=(number, self.tables[number]), daemon=True)
            step.start()
            steps.append(step)
        for step in steps:
            step.join()
        confirming_s = time.monotonic() - first_at
        # Poll on: --settle s after the last confirmation, and until each is seen (or timed out).
        while True:
            now = time.monotonic()
            with self.lock:
                confirmed = [c.confirmed_at for c in self.confirmations if c.confirmed_at is not None]
                pending = [c for c in self.confirmations if c.seen_at is None and c.confirmed_at is not None
                           and now - c.confirmed_at < args.timeout]
            if not pending and (not confirmed or now > max(confirmed) + args.settle):
                break
            time.sleep(0.05)
        self.stop_polling.set()
        poller.join()
        return self.result(count, confirming_s, time.monotonic() - self.started)

    def result(self, attempted: int, confirming_s: float, total_s: float) -> dict:
        confirmed = [c for c in self.confirmations if c.confirmed_at is not None]
        delays = sorted(max(0.0, c.seen_at - c.confirmed_at) for c in confirmed if c.seen_at is not None)
        return {
            "attempted": attempted,
            "confirmed": len(confirmed),
            "measured": len(delays),
            "not_visible": sum(c.seen_at is None for c in confirmed),
            "timeout_s": self.args.timeout,
            "delay_max_s": rounded(delays, max),
            "delay_median_s": rounded(delays, statistics.median),
            "delays_s": [round(d, 3) for d in delays],
            "stale_limit_s": self.args.stale_limit,
            "late": self.late_polls,
            "late_confirmations": sum(c.late > 0 for c in confirmed),
            "went_back": self.went_back_polls,
            "went_back_confirmations": sum(c.went_back > 0 for c in confirmed),
            "examples": self.examples,
            "confirming_s": round(confirming_s, 1),
            "submit_ms_median": rounded(self.submit_ms, statistics.median),
            "submit_ms_max": rounded(self.submit_ms, max),
            "confirm_ms_median": rounded(self.confirm_ms, statistics.median),
            "confirm_ms_max": rounded(self.confirm_ms, max),
            "polls": self.polls,
            "poll_errors": len(self.poll_errors),
            "poll_error_examples": sorted(set(self.poll_errors))[:5],
            "unexpected_pages": self.unexpected_pages,
            "step_errors": self.step_errors,
            "ran_out_of_tables": self.ran_out,
            "seconds": round(total_s, 1),
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base", help="http://127.0.0.1:PORT")
    parser.add_argument("standings_path", help="/t/<slug>/standings/")
    parser.add_argument("tables", help="JSON file of the driver's tables, the sheet and its points")
    parser.add_argument("out", help="JSON file to write the results to")
    parser.add_argument("--origin", help="the site's origin in the posts' Referer when it is not BASE's "
                                         "(https://… behind nginx, which tells the hosts the request came by HTTPS)")
    parser.add_argument("--duration", type=parse_duration, default=20.0, help="as wrk's -d (default 20s)")
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between confirmations (1)")
    parser.add_argument("--poll", type=float, default=0.05, help="seconds between polls of the public page (0.05)")
    parser.add_argument("--start-delay", type=float, default=1.0, help="seconds before the first confirmation (1)")
    parser.add_argument("--tail", type=float, default=3.0, help="no confirmation in the last seconds (3)")
    parser.add_argument("--settle", type=float, default=4.0, help="poll on this long after the last confirmation (4)")
    parser.add_argument("--stale-limit", type=float, default=2.0,
                        help="a page asked this long after a confirmation must show it (2)")
    parser.add_argument("--timeout", type=float, default=15.0, help="a result not seen after this many s is 'not visible' (15)")
    args = parser.parse_args()
    result = Driver(args).run()
    with open(args.out, "w") as out:
        json.dump(result, out, indent=1)
    print(f"results-arriving driver: {result['confirmed']} of {result['attempted']} confirmed "
          f"in {result['confirming_s']} s, {result['measured']} seen: max delay {result['delay_max_s']} s, "
          f"median {result['delay_median_s']} s; {result['late']} pages lacked a result confirmed more than "
          f"{args.stale_limit:g} s before, {result['went_back']} went back; {len(result['step_errors'])} step errors, "
          f"{result['poll_errors']} poll errors of {result['polls']}", file=sys.stderr)


if __name__ == "__main__":
    main()
