"""The summary of ``make bench-load`` (scripts/bench_load.sh): one table of every scenario's
figures, the results-arriving delays, met/missed per target, and one ``BENCH_RESULT {json}`` line
per target at the very end (the form of ``make bench``'s commands, see scripts/bench_all.py).

    bench_load_summary.py DIR --teams 250 --server "gunicorn, ..." --duration 20s \
        --arriving C-50:50:38:12:108:200 C-200:200:150:50:428:833 C-200-flat:200:150:50:0:0 \
        [--bench-results FILE]

DIR holds what bench_load.sh kept: NAME.result (wrk's ``WRK_RESULT`` line) for A, B-get, B-entry,
RUN-standings and RUN-tables, and RUN-driver.json (scripts/bench_results_arriving.py); each
``--arriving`` item is RUN:TOTAL:STANDINGS:TABLES:THINK_STANDINGS_MS:THINK_TABLES_MS of one
results-arriving run (connections, and the phones' mean think time; 0 is flat out). The targets
are for the paced run at :data:`TARGET_CONNECTIONS` connections; the others are for reference.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

# Scenario A: the public standings while nothing changes.
A_RPS, A_P95_MS = 300, 200
# Results arriving, at TARGET_CONNECTIONS: the public standings, the table links, the delay.
TARGET_CONNECTIONS = 200
C_RPS, C_P95_MS, TABLES_P95_MS, VISIBLE_S = 300, 300, 300, 2.0


def wrk_result(directory: Path, name: str) -> dict[str, float] | None:
    path = directory / f"{name}.result"
    if not path.exists():
        return None
    fields = path.read_text().split()[1:]
    return {key: float(value) for key, value in (field.split("=", 1) for field in fields)}


def table_errors(r: dict) -> int:
    """Table links: every answer but 2xx, 3xx and the expected 409, and every socket error."""
    return int(r["s404"] + r["s429"] + r["s4xx_other"] + r["s5xx"] + r.get("other", 0) + r["socket_errors"])


def standings_errors(r: dict) -> int:
    return int(r["non_2xx_3xx"] + r["socket_errors"])


def socket_detail(r: dict) -> str:
    return (f"socket errors {int(r['socket_errors'])} (connect {int(r['connect'])}, read {int(r['read'])}, "
            f"write {int(r['write'])}, timeout {int(r['timeout'])})")


def table_detail(r: dict) -> str:
    return (f"2xx {int(r['s2xx'])}, 3xx {int(r['s3xx'])}, 409 {int(r['s409'])} (expected), 429 {int(r['s429'])}, "
            f"404 {int(r['s404'])}, other 4xx {int(r['s4xx_other'])}, 5xx {int(r['s5xx'])}; " + socket_detail(r))


def standings_figure(figure: str, r: dict, errors: int, rps: float, p95_ms: float) -> dict:
    """A public-standings target: requests a second, p95 and no errors."""
    return {
        "figure": figure,
        "measured": f"{r['rps']:.0f} req/s, p95 {r['p95_ms']:.0f} ms, {errors} errors",
        "target": f"≥ {rps} req/s, p95 ≤ {p95_ms} ms, 0 errors",
        "met": r["rps"] >= rps and r["p95_ms"] <= p95_ms and errors == 0,
    }


def pace(think_ms: int) -> str:
    """How a run's phones ask, for the table's URL column."""
    return f", reads {think_ms} ms" if think_ms else ", flat out"


def grid(rows: list[tuple[str, ...]], right: set[int] = frozenset()) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [cell.rjust(width) if i in right else cell.ljust(width) for i, (cell, width) in enumerate(zip(row, widths))]
        lines.append("  ".join(cells).rstrip())
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dir", type=Path)
    parser.add_argument("--teams", type=int, required=True)
    parser.add_argument("--server", required=True)
    parser.add_argument("--duration", required=True)
    parser.add_argument("--arriving", nargs="*", default=[],
                        help="RUN:TOTAL:STANDINGS:TABLES:THINK_STANDINGS_MS:THINK_TABLES_MS per run")
    parser.add_argument("--hosts", nargs="*", default=[],
                        help="the two-host runs (scenario H), as --arriving: H1-N (one host) and H2-N (two) per N")
    parser.add_argument("--polls", type=Path, help="scenario P's figures (scripts/bench_polls.py's OUT.json)")
    parser.add_argument("--bench-results", type=Path, help="write the BENCH_RESULT lines here, not to stdout")
    args = parser.parse_args()
    directory: Path = args.dir
    runs = [(item.split(":")[0], *(int(n) for n in item.split(":")[1:])) for item in args.arriving]

    print(f"{args.server}; {args.teams} teams; wrk on the same machine; duration {args.duration}\n")
    rows = [("scenario", "URLs", "conn", "req/s", "p50 ms", "p95 ms", "p99 ms", "errors", "answers")]

    def add(name: str, urls: str, connections: str, r: dict | None, errors: int | None, detail: str) -> None:
        if r is None:
            rows.append((name, urls, connections, "-", "-", "-", "-", "-", "did not run"))
            return
        rows.append((name, urls, connections, f"{r['rps']:.1f}", f"{r['p50_ms']:.1f}", f"{r['p95_ms']:.1f}",
                     f"{r['p99_ms']:.1f}", str(errors), detail))

    a = wrk_result(directory, "A")
    add("A", "standings (nothing changes)", "64", a, a and standings_errors(a), a and f"non-2xx/3xx {int(a['non_2xx_3xx'])}, " + socket_detail(a))
    for name, connections in (("B-get", "64"), ("B-entry", "64")):
        r = wrk_result(directory, name)
        add(name, "table links, GET" if name == "B-get" else "table links, GET+POST 1:1", connections, r,
            r and table_errors(r), r and table_detail(r))
    drivers = {}
    for run, total, on_standings, on_tables, think_standings, think_tables in runs:
        s = wrk_result(directory, f"{run}-standings")
        t = wrk_result(directory, f"{run}-tables")
        driver_path = directory / f"{run}-driver.json"
        drivers[run] = json.loads(driver_path.read_text()) if driver_path.exists() else None
        add(run, f"standings (1 result/s{pace(think_standings)})", f"{on_standings}/{total}", s,
            s and standings_errors(s), s and f"non-2xx/3xx {int(s['non_2xx_3xx'])}, " + socket_detail(s))
        add(run, f"table links, GET+POST 4:1{pace(think_tables)}", f"{on_tables}/{total}", t, t and table_errors(t),
            t and table_detail(t))
    print(grid(rows, right={3, 4, 5, 6, 7}))
    print("(errors: non-2xx/3xx answers and socket errors; on the table links a 409 'already submitted' is expected;"
          " 'reads N ms': each phone waits a random think time of mean N ms, at most 1.5 s, before each request)")

    if runs:
        print("\nResults arriving: one sheet a second (open loop) submitted and confirmed on a table link of its own; "
              "delay = first public-page answer showing the new totals minus the moment the confirm's answer arrived "
              "(page polled every 50 ms)")
        rows = [("run", "confirmed", "seen", "not seen", "max s", "median s", "late pages", "went back",
                 "submit ms med/max", "confirm ms med/max", "polls (errors)", "driver problems")]
        for run, *_counts in runs:
            d = drivers[run]
            if d is None:
                rows.append((run, "-", "-", "-", "-", "-", "-", "-", "-", "-", "-", "no driver output"))
                continue
            problems = list(d["step_errors"][:3]) + (["ran out of tables"] if d["ran_out_of_tables"] else [])
            if d["unexpected_pages"]:
                problems.append(f"{d['unexpected_pages']} pages with neither the old nor the new totals")
            rows.append((run, f"{d['confirmed']}/{d['attempted']}", str(d["measured"]), str(d["not_visible"]),
                         str(d["delay_max_s"]), str(d["delay_median_s"]),
                         f"{d['late']} ({d['late_confirmations']} results)",
                         f"{d['went_back']} ({d['went_back_confirmations']} results)",
                         f"{d['submit_ms_median']:.0f}/{d['submit_ms_max']:.0f}" if d["submit_ms_max"] is not None else "-",
                         f"{d['confirm_ms_median']:.0f}/{d['confirm_ms_max']:.0f}" if d["confirm_ms_max"] is not None else "-",
                         f"{d['polls']} ({d['poll_errors']})", "; ".join(problems) or "none"))
        print(grid(rows, right=set(range(1, 11))))
        print("(late pages: poll answers lacking a result confirmed more than 2 s before they were asked; "
              "went back: poll answers lacking a result that an earlier answer had already shown)")
        for run, *_counts in runs:
            d = drivers[run]
            for kind in ("late", "went_back"):
                cases = d["examples"][kind][:3] if d else []
                if cases:
                    print(f"  {run} {kind.replace('_', ' ')}, first cases: " + "; ".join(
                        f"asked at {e['asked_at_s']} s, lacked #{e['lacks']} (confirmed {e['asked_after_confirm_ms']} ms, "
                        f"first seen {e['asked_after_first_seen_ms']} ms before), showed {len(e['shows'])} results"
                        for e in cases))

    # ---- targets
    results = []
    if a is not None:
        results.append(standings_figure(f"public standings, {args.teams} teams, 64 connections, no changes",
                                        a, standings_errors(a), A_RPS, A_P95_MS))
    reference = []
    for run, total, on_standings, on_tables, think_standings, think_tables in runs:
        s = wrk_result(directory, f"{run}-standings")
        t = wrk_result(directory, f"{run}-tables")
        d = drivers[run]
        scenario = (f"{args.teams} teams, {total} phones reading, 1 result/s" if think_standings
                    else f"{args.teams} teams, {total} connections flat out, 1 result/s")
        figures = []
        if s is not None:
            poll_errors = d["poll_errors"] if d else 0
            figures.append(standings_figure(f"public standings, {scenario}", s, standings_errors(s) + poll_errors,
                                            C_RPS, C_P95_MS))
        if d is not None:
            seen_all = d["measured"] > 0 and d["not_visible"] == 0
            measured = (f"max {d['delay_max_s']} s, median {d['delay_median_s']} s over {d['measured']} confirmations"
                        if d["measured"] else "no confirmation measured")
            if d["not_visible"]:
                measured += f", {d['not_visible']} not seen within {d['timeout_s']:.0f} s"
            if d["late"]:
                measured += (f"; {d['late']} pages asked more than {VISIBLE_S:g} s after a confirmation "
                             f"still lacked it ({d['late_confirmations']} results)")
            figures.append({
                "figure": f"confirmed result visible on the public standings, {scenario}",
                "measured": measured,
                "target": f"≤ {VISIBLE_S:g} s (every page asked later shows it)",
                "met": seen_all and d["delay_max_s"] <= VISIBLE_S and d["late"] == 0,
            })
        if t is not None:
            errors = table_errors(t)
            figures.append({
                "figure": f"table links (GET + POST), {scenario}",
                "measured": f"{t['rps']:.0f} req/s, p95 {t['p95_ms']:.0f} ms, {errors} errors",
                "target": f"p95 ≤ {TABLES_P95_MS} ms",
                "met": t["p95_ms"] <= TABLES_P95_MS,
            })
        (results if total == TARGET_CONNECTIONS and think_standings else reference).extend(figures)

    def verdicts(items: list[dict]) -> str:
        return grid([("figure", "measured", "target", "")]
                    + [(r["figure"], r["measured"], r["target"], "met" if r["met"] else "MISSED") for r in items])

    if reference:
        print(f"\nThe same targets in the other runs (for reference; the targets are for {TARGET_CONNECTIONS} phones reading):")
        print(verdicts(reference))
    hosts_table(directory, args.hosts)
    results += hosts_figures(directory, args.hosts)
    results += polls_figures(args.polls)
    print("\nTargets:")
    print(verdicts(results))
    missed = sum(not r["met"] for r in results)
    print(f"{len(results) - missed} of {len(results)} targets met\n")
    lines = "".join("BENCH_RESULT " + json.dumps(r, ensure_ascii=False) + "\n" for r in results)
    if args.bench_results:
        args.bench_results.write_text(lines)
    else:
        print(lines, end="")


# ---- scenario H: two hosts behind nginx beside one

HOSTS_RATIO = 0.90  # two hosts on this 2-core machine cannot be faster than one: at least 90 % of its throughput


def _hosts_run(directory: Path, name: str) -> dict | None:
    """A results-arriving run of scenario H: its two wrk results and its driver, with the totals."""
    s, t = wrk_result(directory, f"{name}-standings"), wrk_result(directory, f"{name}-tables")
    driver = directory / f"{name}-driver.json"
    if s is None or t is None or not driver.exists():
        return None
    d = json.loads(driver.read_text())
    return {"rps": s["rps"] + t["rps"], "p95_s": s["p95_ms"], "p95_t": t["p95_ms"],
            "errors": standings_errors(s) + table_errors(t) + d["poll_errors"] + len(d["step_errors"]), "driver": d,
            "visible": d["measured"] > 0 and d["not_visible"] == 0 and d["delay_max_s"] <= VISIBLE_S and d["late"] == 0}


def _connections(runs: list[str]) -> list[int]:
    return sorted({int(item.split(":")[1]) for item in runs})


def hosts_table(directory: Path, runs: list[str]) -> None:
    if not runs:
        return
    print("\nTwo hosts behind nginx beside one host behind nginx (scenario H; phones reconnect for every request; "
          "/robots.txt flat out on the same balancer as the most that path serves):")
    rows = [("phones", "hosts", "req/s", "standings p95 ms", "table links p95 ms", "errors", "visible max s",
             "late pages", "/robots.txt req/s", "robots p95 ms")]
    for connections in _connections(runs):
        for hosts in (1, 2):
            r = _hosts_run(directory, f"H{hosts}-{connections}")
            robots = wrk_result(directory, f"R{hosts}-{connections}")
            robots_cells = (f"{robots['rps']:.0f}", f"{robots['p95_ms']:.0f}") if robots else ("-", "-")
            if r is None:
                rows.append((str(connections), str(hosts), "-", "-", "-", "-", "-", "-", *robots_cells))
                continue
            d = r["driver"]
            rows.append((str(connections), str(hosts), f"{r['rps']:.0f}", f"{r['p95_s']:.0f}", f"{r['p95_t']:.0f}",
                         str(r["errors"]), str(d["delay_max_s"]), str(d["late"]), *robots_cells))
    print(grid(rows, right=set(range(2, 10))))


def hosts_figures(directory: Path, runs: list[str]) -> list[dict]:
    """Per number of phones: two hosts without errors, every result visible within 2 s, and at least
    :data:`HOSTS_RATIO` of one host's throughput."""
    figures = []
    for connections in _connections(runs):
        one, two = _hosts_run(directory, f"H1-{connections}"), _hosts_run(directory, f"H2-{connections}")
        scenario = f"two hosts behind nginx, {connections} phones reconnecting, 1 result/s"
        if one is None or two is None:
            figures.append({"figure": scenario, "measured": "did not run", "target": "-", "met": False})
            continue
        d = two["driver"]
        ratio = two["rps"] / one["rps"] if one["rps"] else 0.0
        figures.append({"figure": f"{scenario}: throughput beside one host",
                        "measured": f"{two['rps']:.0f} vs {one['rps']:.0f} req/s ({ratio:.0%})",
                        "target": f"≥ {HOSTS_RATIO:.0%}", "met": ratio >= HOSTS_RATIO})
        figures.append({"figure": f"{scenario}: errors", "measured": f"{two['errors']} (one host: {one['errors']})",
                        "target": "0", "met": two["errors"] == 0})
        figures.append({"figure": f"{scenario}: confirmed result visible",
                        "measured": f"max {d['delay_max_s']} s over {d['measured']} confirmations, {d['late']} late pages",
                        "target": f"≤ {VISIBLE_S:g} s", "met": two["visible"]})
    return figures



# ---- scenario P: phones polling every 30 s with the ETag of their last answer

POLLS_P95_MS = 300


def polls_figures(path: Path | None) -> list[dict]:
    """Scenario P (scripts/bench_polls.py): p95 of the answers while a result arrives every second,
    and of the quiet part after it, each with its share of 304 Not Modified."""
    if path is None or not path.exists():
        return []
    p = json.loads(path.read_text())
    print(f"\nPhones polling the public standings every {p['every_s']:.0f} s with If-None-Match (scenario P, "
          f"{p['phones']} phones, a new connection per poll; a result a second for {p['busy_s']:.0f} s, then none):")
    rows = [("part", "answers", "req/s", "p50 ms", "p95 ms", "max ms", "304", "errors")]
    for name in ("busy", "quiet"):
        f = p[name]
        rows.append((name, str(f["requests"]), f"{f['rps']:.1f}", f"{f['p50_ms']:.0f}", f"{f['p95_ms']:.0f}",
                     f"{f['max_ms']:.0f}", f"{f['share_304']:.0%}", str(f["errors"])))
    print(grid(rows, right=set(range(1, 8))))
    figures = []
    for name, what in (("busy", "1 result/s"), ("quiet", "no result")):
        f = p[name]
        figures.append({
            "figure": f"{p['phones']} phones polling the standings every {p['every_s']:.0f} s with If-None-Match, {what}",
            "measured": f"p50 {f['p50_ms']:.0f} ms, p95 {f['p95_ms']:.0f} ms, {f['share_304']:.0%} answered 304, "
                        f"{f['errors']} errors",
            "target": f"p95 ≤ {POLLS_P95_MS} ms, 0 errors",
            "met": f["requests"] > 0 and f["p95_ms"] <= POLLS_P95_MS and f["errors"] == 0,
        })
    return figures


if __name__ == "__main__":
    main()
