/* The round clock in the browser. The server is the one source of time: every element
   [data-clock-url] starts from the remaining seconds the page was rendered with, counts down
   against the browser's monotonic clock (not its wall clock, which may be wrong), and asks the
   server again every 15 s while the page is visible (304 while nothing changed) and whenever it
   becomes visible. Texts come from data-label-*
   attributes, so they are translated by Django. */
(function () {
  "use strict";
  if (window.keezenClock) return;
  window.keezenClock = true;
  var POLL_MS = 15000;

  function format(seconds) {
    seconds = Math.max(0, Math.ceil(seconds));
    var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    var mm = h ? String(m).padStart(2, "0") : String(m);
    return (h ? h + ":" : "") + mm + ":" + String(s).padStart(2, "0");
  }

  function Clock(el) {
    this.el = el;
    this.time = el.querySelector("[data-clock-time]");
    this.label = el.querySelector("[data-clock-label]");
    this.set(el.dataset.state, Number(el.dataset.remaining), Number(el.dataset.round));
  }
  Clock.prototype.set = function (state, remaining, round) {
    if (this.el.dataset.reloadOnRound && round && String(round) !== this.el.dataset.round) {
      window.location.reload();
      return;
    }
    this.state = state;
    this.deadline = performance.now() + remaining * 1000;
    this.remaining = remaining;
    this.el.dataset.state = state;
    this.el.className = this.el.className.replace(/round-clock-(waiting|running|paused|time-up|none)/, "round-clock-" + state);
    this.render();
  };
  Clock.prototype.render = function () {
    var left = this.remaining;
    if (this.state === "running") {
      left = (this.deadline - performance.now()) / 1000;
      if (left <= 0) { this.state = "time-up"; this.el.className = this.el.className.replace("round-clock-running", "round-clock-time-up"); left = 0; }
    }
    this.time.textContent = format(left);
    var key = { "waiting": "labelWaiting", "running": "labelRunning", "paused": "labelPaused", "time-up": "labelTimeUp" }[this.state];
    if (key && this.label) this.label.textContent = this.el.dataset[key];
  };
  Clock.prototype.poll = function () {
    var self = this;
    var headers = { "Accept": "application/json" };
    if (this.etag) headers["If-None-Match"] = this.etag;  // 304 while the clock's state holds: count on
    fetch(this.el.dataset.clockUrl, { cache: "no-store", headers: headers })
      .then(function (r) {
        if (!r.ok) return null;  // a 304 is not ok: nothing changed
        self.etag = r.headers.get("ETag");
        return r.json();
      })
      .then(function (data) { if (data && data.round) self.set(data.state, data.remaining, data.round); })
      .catch(function () { /* venue Wi-Fi: keep counting on what we know */ });
  };

  function init() {
    var clocks = Array.prototype.map.call(document.querySelectorAll("[data-clock-url]"), function (el) { return new Clock(el); });
    if (!clocks.length) return;
    // A page written anew (the table link's outbox shows a refusal so) has clocks of its own: these stop.
    var gone = function () { return !document.contains(clocks[0].el); };
    var render = setInterval(function () {
      if (gone()) { clearInterval(render); return; }
      clocks.forEach(function (c) { c.render(); });
    }, 250);
    // A hidden tab (a phone in a pocket) does not poll; it asks at once when it is shown again.
    var poll = setInterval(function () {
      if (gone()) { clearInterval(poll); return; }
      if (!document.hidden) clocks.forEach(function (c) { c.poll(); });
    }, POLL_MS);
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") clocks.forEach(function (c) { c.poll(); });
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init); else init();
})();
