-- wrk reporter: after the run, prints one parseable line (for scripts/bench_load.sh):
--   WRK_RESULT requests=N duration_s=S rps=R p50_ms=A p95_ms=B p99_ms=C non_2xx_3xx=N
--              socket_errors=N connect=N read=N write=N timeout=N
-- Latencies are wrk's (from sending a request to reading its whole response), in milliseconds.
-- Usage: [WRK_THINK_MS=450] wrk -t2 -c64 -d20s --latency -s scripts/wrk/report.lua URL
-- (WRK_THINK_MS: phones that read between requests, scripts/wrk/think.lua)

dofile("scripts/wrk/think.lua")

function done(summary, latency, requests)
   local e = summary.errors
   local seconds = summary.duration / 1e6
   io.write(string.format(
      "WRK_RESULT requests=%d duration_s=%.2f rps=%.1f p50_ms=%.1f p95_ms=%.1f p99_ms=%.1f "
         .. "non_2xx_3xx=%d socket_errors=%d connect=%d read=%d write=%d timeout=%d\n",
      summary.requests, seconds, summary.requests / seconds,
      latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
      e.status, e.connect + e.read + e.write + e.timeout, e.connect, e.read, e.write, e.timeout))
end
