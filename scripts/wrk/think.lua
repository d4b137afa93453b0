-- Phones that read between requests (loaded by report.lua and table_entry.lua with dofile, so run
-- wrk from the repository's root): when the environment variable WRK_THINK_MS is set and above 0,
-- each connection waits a random think time before each request, exponential with that mean (as
-- independent phones do; at most 1.5 s, see below), so that C connections ask about
-- C * 1000 / (WRK_THINK_MS + the time an answer takes) requests a second. wrk's latency is still measured from sending the request to
-- reading its answer. Unset or 0: no think time (every connection flat out, wrk's usual way).
-- The environment, not a script argument: wrk decides whether a script paces before calling
-- init(args).

local think_ms = tonumber(os.getenv("WRK_THINK_MS") or "") or 0

if think_ms > 0 then
   -- Each thread's Lua state has its own generator: seed each differently.
   math.randomseed(os.time() + tonumber(tostring({}):match("0x(%x+)") or "0", 16) % 100000)

   -- At most 1.5 s: wrk counts a "timeout" for every connection whose last request was sent more
   -- than 2 s ago (its --timeout), answered or not, so a longer pause would count as an error;
   -- with this cap only an answer slower than 0.5 s can (the count errs on the strict side).
   function delay()
      return math.min(1500, math.floor(-think_ms * math.log(1 - math.random())))
   end
end
