"""Phones polling the public standings as they do on the day (``make bench-load`` scenario P):

    bench_polls.py BASE PATH OUT.json [--phones 500] [--every 30] [--duration 120] [--busy 60]

Each phone asks ``BASE + PATH`` every ``--every`` seconds from a random start within the first
period (open loop: at its own times, whether or not the server kept up; the time an answer takes is
counted from the moment the phone meant to ask, so a server or client that falls behind shows in
it). Every poll is a new connection (``Connection: close``: a phone that polls every 30 s finds its
connection gone), asks for gzip, and sends back the ETag of the phone's own last answer
(``If-None-Match``), so the answer is 304 and no body when nothing changed since that phone last
looked. The first ``--busy`` seconds are the busy part of the day (make bench-load runs the
results-arriving driver beside it: a result a second), the rest quiet (no result): figures for
each. An answer that takes more than 2 s, a connection error or another status than 200/304 is an
error. Prints the figures, and writes them to OUT.json for scripts/bench_load_summary.py.
"""

from __future__ import annotations

import argparse
import heapq
import http.client
import json
import random
import statistics
import threading
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor

TIMEOUT = 2.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base")
    parser.add_argument("path")
    parser.add_argument("out")
    parser.add_argument("--phones", type=int, default=500)
    parser.add_argument("--every", type=float, default=30.0)
    parser.add_argument("--duration", type=float, default=120.0)
    parser.add_argument("--busy", type=float, default=60.0)
    args = parser.parse_args()
    url = urllib.parse.urlsplit(args.base)
    host, port = url.hostname, url.port or 80

    tags: dict[int, str] = {}
    answers: list[tuple[float, float, int]] = []  # (when it was meant to ask, seconds, status; 0: error)
    lock = threading.Lock()

    def poll(phone: int, due: float) -> None:
        headers = {"Accept-Encoding": "gzip, deflate", "Connection": "close", "Accept-Language": "nl"}
        if phone in tags:
            headers["If-None-Match"] = tags[phone]
        status = 0
        try:
            link = http.client.HTTPConnection(host, port, timeout=TIMEOUT)
            try:
                link.request("GET", args.path, headers=headers)
                answer = link.getresponse()
                answer.read()
                status = answer.status
                if status == 200 and answer.getheader("ETag"):
                    tags[phone] = answer.getheader("ETag")
            finally:
                link.close()
        except OSError:
            status = 0
        took = time.monotonic() - due
        with lock:
            answers.append((due, took, status if took <= TIMEOUT else 0))

    rng = random.Random(34)
    began = time.monotonic() + 0.5
    schedule = [(began + rng.uniform(0, args.every), phone) for phone in range(args.phones)]
    heapq.heapify(schedule)
    end = began + args.duration
    with ThreadPoolExecutor(max_workers=64) as pool:
        while schedule and schedule[0][0] < end:
            due, phone = heapq.heappop(schedule)
            wait = due - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            pool.submit(poll, phone, due)
            heapq.heappush(schedule, (due + args.every, phone))

    phases = {"busy": [a for a in answers if a[0] < began + args.busy],
              "quiet": [a for a in answers if a[0] >= began + args.busy]}
    figures = {name: figures_of(chosen) for name, chosen in phases.items()}
    figures.update(phones=args.phones, every_s=args.every, busy_s=args.busy, duration_s=args.duration)
    for name in ("busy", "quiet"):
        shown = figures[name]
        if shown["requests"]:
            print(f"polls, {name} part: {shown['requests']} answers ({shown['rps']:.1f}/s), p50 {shown['p50_ms']:.0f} ms, "
                  f"p95 {shown['p95_ms']:.0f} ms, max {shown['max_ms']:.0f} ms, 304 for {shown['share_304']:.0%}, "
                  f"{shown['errors']} errors")
    with open(args.out, "w", encoding="utf-8") as out:
        json.dump(figures, out)


def figures_of(answers: list[tuple[float, float, int]]) -> dict:
    if not answers:
        return {"requests": 0, "rps": 0.0, "p50_ms": 0.0, "p95_ms": 0.0, "max_ms": 0.0, "share_304": 0.0, "errors": 0}
    times = sorted(took * 1000 for _due, took, _status in answers)
    span = max(due for due, _t, _s in answers) - min(due for due, _t, _s in answers) or 1.0
    return {
        "requests": len(answers), "rps": len(answers) / span,
        "p50_ms": statistics.median(times), "p95_ms": times[min(len(times) - 1, int(0.95 * len(times)))],
        "max_ms": times[-1], "share_304": sum(1 for *_x, status in answers if status == 304) / len(answers),
        "errors": sum(1 for *_x, status in answers if status not in (200, 304)),
    }


if __name__ == "__main__":
    main()
