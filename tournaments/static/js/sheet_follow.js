/* A table's sheet page follows its sheet: another phone confirms or disputes it, or the desk
   corrects it, and this page shows it within seconds (views/table_entry.py sheet_state: one query,
   304 while nothing changed). It reloads when the state or version differs from what it shows —
   not while the outbox has a send on its way, and what was typed comes back (static/js/outbox.js).
   A hidden tab does not ask. */
(function () {
  "use strict";
  var shown = document.getElementById("sheet-follow");
  if (!shown || !window.fetch) return;
  var SECONDS = 5;
  var url = location.pathname + "?state";
  function busy() {
    var outbox = document.getElementById("outbox");
    return outbox && outbox.dataset.state && outbox.dataset.state !== "sent";
  }
  var timer = null;
  function ask() {
    if (!document.contains(shown)) { clearInterval(timer); return; }  // a page written anew has its own
    if (document.hidden || busy()) return;
    fetch(url, { credentials: "same-origin" }).then(function (response) {
      return response.ok ? response.json() : null;
    }).then(function (now) {
      if (!now || busy()) return;
      if (now.state !== shown.dataset.sheetState || String(now.version) !== shown.dataset.sheetVersion) {
        location.reload();
      }
    }).catch(function () { /* no connection: the outbox says so; ask again later */ });
  }
  timer = setInterval(ask, SECONDS * 1000);
  document.addEventListener("visibilitychange", function () { if (!document.hidden && timer) ask(); });
})();
