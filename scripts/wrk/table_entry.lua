-- wrk script: phones at the tables of the running round, on their tables' private links.
--   wrk ... -s scripts/wrk/table_entry.lua http://127.0.0.1:PORT -- TABLES.lua MODE PORT [SCHEME]
-- TABLES.lua returns { {token = "...", codes = {"123456", "654321"}}, ... } (written by
-- scripts/bench_load.sh from bench_load_data's JSON). MODE:
--   mixed  every table in turn: GET /s/<token>/ (the phone opens the link), then POST the sheet
--          (action=submit&code=<the first team's code>&arrivals=AAAAAAAA: the code says who submits).
--          The first POST per table wins; every later
--          one is answered 409 "already submitted" by design, so 409 counts as expected.
--   get    GET /s/<token>/ only (phones looking at their table).
--   some   GET /s/<token>/ for every table, and the POST after it for every fourth table: four
--          GETs to one POST (phones mostly looking, now and then a sheet; the results-arriving
--          scenario of scripts/bench_load.sh).
-- The POST carries a fixed CSRF secret both as cookie and as form field: Django accepts the
-- unmasked 32-character secret as the form token; its Referer is SCHEME://127.0.0.1:PORT (http
-- by default; https through nginx, which tells the hosts the request came by HTTPS).
-- After the run prints one parseable line:
--   WRK_RESULT requests=N duration_s=S rps=R p50_ms=A p95_ms=B p99_ms=C s2xx=N s3xx=N s409=N
--              s429=N s4xx_other=N s404=N s5xx=N socket_errors=N connect=N read=N write=N timeout=N

dofile("scripts/wrk/think.lua")  -- WRK_THINK_MS: phones that read between requests

local CSRF = "BenchLoadCsrfSecret0123456789abc"  -- 32 letters and digits
assert(#CSRF == 32)

local threads = {}
local next_id = 0

function setup(thread)
   thread:set("id", next_id)
   next_id = next_id + 1
   table.insert(threads, thread)
end

local requests_list = {}
local position = 0
counts = {}

function init(args)
   local tables = dofile(args[1])
   local mode = args[2] or "mixed"
   local port = args[3] or "80"
   local scheme = args[4] or "http"  -- https behind nginx, which tells the hosts the request came by HTTPS
   if #tables == 0 then
      error("no tables in " .. args[1])
   end
   if mode ~= "mixed" and mode ~= "get" and mode ~= "some" then
      error("unknown mode " .. mode .. " (mixed, get or some)")
   end
   for index, t in ipairs(tables) do
      local path = "/s/" .. t.token .. "/"
      table.insert(requests_list, wrk.format("GET", path))
      if mode == "mixed" or (mode == "some" and index % 4 == 0) then
         local referer = scheme .. "://127.0.0.1:" .. port .. path
         table.insert(requests_list, wrk.format("POST", path, {
            ["Content-Type"] = "application/x-www-form-urlencoded",
            ["Cookie"] = "csrftoken=" .. CSRF,
            ["Referer"] = referer,
         }, "action=submit&code=" .. t.codes[1] .. "&arrivals=AAAAAAAA&csrfmiddlewaretoken=" .. CSRF))
      end
   end
   -- Threads start at different tables, so they do not all hit the same rows at once.
   -- In mode mixed a thread starts at a GET (the list alternates GET, POST).
   local step = (mode == "mixed") and 2 or 1
   position = ((id or 0) * math.floor(#requests_list / (2 * step)) * step) % #requests_list
   for _, key in ipairs({"s2xx", "s3xx", "s404", "s409", "s429", "s4xx_other", "s5xx", "other"}) do
      counts[key] = 0
   end
end

function request()
   position = position % #requests_list + 1
   return requests_list[position]
end

function response(status, headers, body)
   local key
   if status >= 200 and status < 300 then key = "s2xx"
   elseif status >= 300 and status < 400 then key = "s3xx"
   elseif status == 404 then key = "s404"
   elseif status == 409 then key = "s409"
   elseif status == 429 then key = "s429"
   elseif status >= 400 and status < 500 then key = "s4xx_other"
   elseif status >= 500 then key = "s5xx"
   else key = "other" end
   counts[key] = counts[key] + 1
end

function done(summary, latency, requests)
   local total = {s2xx = 0, s3xx = 0, s404 = 0, s409 = 0, s429 = 0, s4xx_other = 0, s5xx = 0, other = 0}
   for _, thread in ipairs(threads) do
      local c = thread:get("counts")
      for key, value in pairs(c) do
         total[key] = (total[key] or 0) + value
      end
   end
   local e = summary.errors
   local seconds = summary.duration / 1e6
   io.write(string.format(
      "WRK_RESULT requests=%d duration_s=%.2f rps=%.1f p50_ms=%.1f p95_ms=%.1f p99_ms=%.1f "
         .. "s2xx=%d s3xx=%d s409=%d s429=%d s4xx_other=%d s404=%d s5xx=%d other=%d "
         .. "socket_errors=%d connect=%d read=%d write=%d timeout=%d\n",
      summary.requests, seconds, summary.requests / seconds,
      latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
      total.s2xx, total.s3xx, total.s409, total.s429, total.s4xx_other, total.s404, total.s5xx, total.other,
      e.connect + e.read + e.write + e.timeout, e.connect, e.read, e.write, e.timeout))
end
