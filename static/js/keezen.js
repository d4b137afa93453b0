/* What every page may need, declared in the markup: the Content-Security-Policy allows only
   script files of the site itself, so no inline script, no onchange="…", no style="…".
   - htmx and refused forms: a form posted by htmx that the server refuses (400, 409, 422, 429:
     a readable fragment saying why) is swapped in like an answer; htmx would drop it. A poll
     (GET) that fails leaves the page as it is, as htmx does by default.
   - [data-submit-on-change]: a change of the field submits its form (the standings' round).
   - [data-reload-after="30"]: the page reloads after that many seconds (the projector, waiting
     for the first round).
   - [data-progress="42"]: a progress bar's width in percent (a print file being made). */
(function () {
  "use strict";
  if (window.keezenPage) return;
  window.keezenPage = true;

  document.addEventListener("htmx:beforeSwap", function (event) {
    var detail = event.detail;
    var status = detail.xhr ? detail.xhr.status : 0;
    var verb = String((detail.requestConfig && detail.requestConfig.verb) || "get").toLowerCase();
    if (verb !== "get" && status >= 400 && status < 500) {
      detail.shouldSwap = true;
      detail.isError = false;
    }
  });

  document.addEventListener("change", function (event) {
    var field = event.target.closest && event.target.closest("[data-submit-on-change]");
    if (!field || !field.form) return;
    if (field.form.requestSubmit) field.form.requestSubmit(); else field.form.submit();
  });

  function showProgress(root) {
    var bars = Array.prototype.slice.call(root.querySelectorAll("[data-progress]"));
    if (root.matches && root.matches("[data-progress]")) bars.push(root);
    bars.forEach(function (bar) {
      var percent = Math.max(0, Math.min(100, Number(bar.dataset.progress) || 0));
      bar.style.width = percent + "%";
    });
  }

  function init() {
    showProgress(document);
    var reload = document.querySelector("[data-reload-after]");
    if (reload) {
      var seconds = Math.max(5, Number(reload.dataset.reloadAfter) || 30);
      setTimeout(function () { window.location.reload(); }, seconds * 1000);
    }
  }
  document.addEventListener("htmx:load", function (event) { showProgress(event.detail.elt); });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init); else init();
})();
