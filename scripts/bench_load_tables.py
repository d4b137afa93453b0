"""The tables of a ``make bench-load`` tournament, shared out (scripts/bench_load.sh):

    bench_load_tables.py DIR DURATION [RUN ...]

reads DIR/data.json (``manage.py bench_load_data``) and writes, for wrk's Lua (tokens and codes
are letters, digits, '-' and '_'), DIR/tables.lua with every table of the running round (B-get,
which posts nothing) and DIR/tables-wrk.lua with all but the last ones, which are the
results-arriving driver's: DIR/driver-RUN.json, one set per run (a sheet a second, a few spare),
so that nobody else posts to them and every confirmation changes the standings.
"""

from __future__ import annotations

import json
import math
import re
import sys
from pathlib import Path


def main() -> None:
    tmp, duration, runs = Path(sys.argv[1]), sys.argv[2], sys.argv[3:]
    data = json.loads((tmp / "data.json").read_text())
    tables = data["tables"]
    number, unit = re.fullmatch(r"(\d+(?:\.\d+)?)([smh]?)", duration).groups()
    seconds = float(number) * {"": 1, "s": 1, "m": 60, "h": 3600}[unit]
    per_run = min(math.ceil(seconds) + 2, len(tables) // (2 * len(runs))) if runs else 0
    driver = tables[len(tables) - per_run * len(runs):] if per_run else []
    wrk_tables = tables[:len(tables) - len(driver)]
    for index, name in enumerate(runs):
        (tmp / f"driver-{name}.json").write_text(json.dumps({
            "tables": driver[index * per_run:(index + 1) * per_run],
            "arrivals": data["arrivals"], "points": data["points"]}))
    lua(tmp / "tables.lua", tables)
    lua(tmp / "tables-wrk.lua", wrk_tables)
    print(f"{len(tables)} tables in the running round: {len(wrk_tables)} for wrk's posts, "
          f"{len(driver)} for the results-arriving driver ({per_run} per run)")


def lua(path: Path, chosen: list[dict]) -> None:
    with open(path, "w") as out:
        out.write("return {\n")
        for t in chosen:
            codes = ", ".join(json.dumps(c) for c in t["codes"])
            out.write(f"  {{token = {json.dumps(t['token'])}, codes = {{{codes}}}}},\n")
        out.write("}\n")


if __name__ == "__main__":
    main()
