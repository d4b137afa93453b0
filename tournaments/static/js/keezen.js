/* What every page may need, declared in the markup: the Content-Security-Policy allows only
   script files of the site itself, so no inline script, no onchange="…", no style="…".
   - htmx and refused forms: a form posted by htmx that the server refuses (400, 409, 422, 429:
     a readable fragment saying why) is swapped in like an answer; htmx would drop it. A poll
     (GET) that fails leaves the page as it is, as htmx does by default.
   - [data-submit-on-change]: a change of the field submits its form (the standings' round).
   - [data-reload-after="30"]: the page reloads after that many seconds (the projector, waiting
     for the first round).
   - [data-progress="42"]: a progress bar's width in percent (a print file being made).
   - [data-enter-submits]: Enter on the field submits its form, as Enter in a text box does (a
     select, such as the desk's forfeit, or a checkbox does not by itself).
   - [data-slug-from="id_name"][data-slug-to="id_slug"] around a form: the short name follows the
     name as it is typed (as Django's slugify makes it), until the short name is edited by hand.
   - [data-clears="id"] on a form htmx posts: once it is done, the field of that id is emptied (and
     its list shown whole again, by the field's "search" trigger) and takes the focus, for the next
     one (the check-in's search after a team is checked in).
   - [data-poll-visible] on an element that htmx polls ("every 30s, shown from:document"): no poll
     while the tab is hidden (a phone in a pocket); when it is shown again the document gets a
     "shown" event, which polls at once. */
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

  document.addEventListener("htmx:beforeRequest", function (event) {
    var poller = event.detail && event.detail.elt;
    if (document.hidden && poller && poller.hasAttribute && poller.hasAttribute("data-poll-visible")) event.preventDefault();
  });
  // Before the swap: the answer replaces the form, and a removed element's events reach no one.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var asked = event.detail && event.detail.requestConfig && event.detail.requestConfig.elt;  // detail.elt: the target
    var form = asked && asked.closest && asked.closest("[data-clears]");
    var status = event.detail && event.detail.xhr ? event.detail.xhr.status : 0;
    if (!form || status < 200 || status >= 300) return;
    var field = document.getElementById(form.getAttribute("data-clears"));
    if (!field || !field.value) return;
    field.value = "";
    field.dispatchEvent(new Event("search"));
    field.focus();
  });
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) document.dispatchEvent(new Event("shown"));
  });

  document.addEventListener("change", function (event) {
    var field = event.target.closest && event.target.closest("[data-submit-on-change]");
    if (!field || !field.form) return;
    if (field.form.requestSubmit) field.form.requestSubmit(); else field.form.submit();
  });

  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || event.isComposing || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    var field = event.target.closest && event.target.closest("[data-enter-submits]");
    if (!field || !field.form) return;
    event.preventDefault();
    if (field.form.requestSubmit) field.form.requestSubmit(); else field.form.submit();
  });

  function slugify(text, maxLength) {
    var slug = String(text).normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/[^\x00-\x7F]/g, "")
      .toLowerCase().replace(/[^\w\s-]/g, "").replace(/[-\s]+/g, "-").replace(/^[-_]+|[-_]+$/g, "");
    if (maxLength > 0) slug = slug.slice(0, maxLength).replace(/[-_]+$/, "");
    return slug;
  }

  function followSlugs(root) {
    var holders = Array.prototype.slice.call(root.querySelectorAll("[data-slug-from]"));
    holders.forEach(function (holder) {
      var name = document.getElementById(holder.dataset.slugFrom);
      var slug = document.getElementById(holder.dataset.slugTo);
      if (!name || !slug || slug.dataset.slugFollows) return;
      slug.dataset.slugFollows = "1";
      var maxLength = Number(slug.getAttribute("maxlength")) || 0;
      // Follows while empty or still what the name makes; typing in the short name stops it.
      var follows = !slug.value || slug.value === slugify(name.value, maxLength);
      name.addEventListener("input", function () {
        if (follows) slug.value = slugify(name.value, maxLength);
      });
      slug.addEventListener("input", function () {
        follows = !slug.value;
      });
    });
  }

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
    followSlugs(document);
    var reload = document.querySelector("[data-reload-after]");
    if (reload) {
      var seconds = Math.max(5, Number(reload.dataset.reloadAfter) || 30);
      setTimeout(function () { window.location.reload(); }, seconds * 1000);
    }
  }
  document.addEventListener("htmx:load", function (event) { showProgress(event.detail.elt); });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init); else init();
})();
