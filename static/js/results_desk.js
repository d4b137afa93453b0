/* The results desk at typing speed (templates/tournaments/director/results_desk.html): "table
   number, Enter, the sheet, Enter" loses no key.

   Why: the table box is a plain GET form, so Enter reloaded the page, and whatever was typed in
   the 0.3 s before the sheet's first box had the focus was gone — "AABBBBBBBB" saved as the valid
   "BBBBBBBB". With this script Enter fetches the table's page and swaps the desk in without a
   reload; every key typed meanwhile is kept and then typed into the sheet's first field (the one
   marked autofocus: the letters, the first pawns or home-holes box, the card's first deal), as if
   the field had been there all along: letters and digits, Backspace, Tab to the next field, and
   Enter, which saves. On the card's "played" buttons a key goes to the buttons themselves (A or B
   picks the team, static/js/card_entry.js). Without this script (or fetch) the desk works as a
   plain form, as before. */
(function () {
  "use strict";
  if (window.keezenDesk) return;
  window.keezenDesk = true;

  var ran = {};  // script files this page has run: a swapped-in desk runs each once
  var pending = null;  // keys typed while a table is on its way, or null

  function remember(root) {
    Array.prototype.forEach.call(root.querySelectorAll("script[src]"), function (script) {
      ran[script.getAttribute("src")] = true;
    });
  }

  function kept(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return false;
    return event.key.length === 1 || event.key === "Backspace" || event.key === "Enter" || event.key === "Tab";
  }

  document.addEventListener("keydown", function (event) {
    if (pending === null || !kept(event)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    pending.push({ key: event.key, shiftKey: event.shiftKey });
  }, true);

  function editable(field) {
    return field && field.tagName === "INPUT" && /^(text|search|tel|url|email|number)?$/.test(field.getAttribute("type") || "") &&
      typeof field.setRangeText === "function";
  }

  function tabbable(form) {
    return Array.prototype.filter.call(form.querySelectorAll("input, select, textarea, button"), function (field) {
      if (field.disabled || field.type === "hidden" || field.offsetParent === null) return false;
      if (field.type !== "radio") return true;
      var group = form.querySelectorAll('input[type=radio][name="' + field.name + '"]');
      var checked = Array.prototype.filter.call(group, function (radio) { return radio.checked; })[0];
      return checked ? field === checked : field === group[0];
    });
  }

  function typeKey(press) {
    var field = document.activeElement;
    if (!field || !field.form) return;
    if (press.key === "Enter") {
      if (editable(field) || field.hasAttribute("data-enter-submits")) {
        if (field.form.requestSubmit) field.form.requestSubmit(); else field.form.submit();
      }
      return;
    }
    if (press.key === "Tab") {
      var fields = tabbable(field.form), at = fields.indexOf(field);
      var next = fields[at + (press.shiftKey ? -1 : 1)];
      if (at >= 0 && next) next.focus();
      return;
    }
    if (!editable(field)) {  // a button, a radio, a select: its own key handlers decide
      field.dispatchEvent(new KeyboardEvent("keydown", { key: press.key, shiftKey: press.shiftKey, bubbles: true, cancelable: true }));
      return;
    }
    var start = field.selectionStart, end = field.selectionEnd;
    if (press.key === "Backspace") {
      if (start === end && start > 0) start -= 1;
      field.setRangeText("", start, end, "end");
    } else {
      field.setRangeText(press.key, start, end, "end");
    }
    field.dispatchEvent(new Event("input", { bubbles: true }));  // the live points
  }

  function runScripts(root, done) {
    var waiting = 1;
    function one() { waiting -= 1; if (waiting === 0) done(); }
    Array.prototype.forEach.call(root.querySelectorAll("script[src]"), function (old) {
      var src = old.getAttribute("src");
      if (ran[src]) return;
      ran[src] = true;
      var script = document.createElement("script");
      script.src = src;
      waiting += 1;
      script.onload = one;
      script.onerror = one;
      document.head.appendChild(script);
    });
    one();
  }

  function swap(html, url) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var desk = document.getElementById("desk"), freshDesk = fresh.getElementById("desk");
    var main = document.querySelector("main"), freshMain = fresh.querySelector("main");
    if (!desk || !freshDesk || !main || !freshMain) return null;
    // The messages of the page shown, as a navigation would show them.
    Array.prototype.forEach.call(main.querySelectorAll(":scope > [role=alert]"), function (alert) { alert.remove(); });
    Array.prototype.slice.call(freshMain.querySelectorAll(":scope > [role=alert]")).reverse().forEach(function (alert) {
      main.insertBefore(document.adoptNode(alert), main.firstChild);
    });
    var node = document.adoptNode(freshDesk);
    desk.replaceWith(node);
    document.title = fresh.title;
    history.replaceState(null, "", url);
    if (window.htmx) window.htmx.process(node);
    return node;
  }

  function settle(node) {
    var keys = pending;
    var form = node.querySelector("#sheet-form");
    var first = node.querySelector("[autofocus]") ||
      (form && tabbable(form)[0]);
    if (first) first.focus();
    node.dispatchEvent(new CustomEvent("htmx:load", { bubbles: true, detail: { elt: node } }));  // new content, as htmx says it
    pending = null;
    if (form) keys.forEach(typeKey);  // no such table: nothing was meant for the table box
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.id !== "table-picker" || pending !== null || !window.fetch || !window.DOMParser) return;
    event.preventDefault();
    pending = [];
    var url = new URL(form.getAttribute("action") || window.location.href, window.location.href);
    url.search = new URLSearchParams(new FormData(form)).toString();
    url.hash = "";
    function plain() { pending = null; window.location.assign(url.href); }
    fetch(url.href, { credentials: "same-origin", headers: { Accept: "text/html" } }).then(function (response) {
      // A table of the round (200) or none of that number (404: the page says so); else load it plainly.
      if (!(response.ok || response.status === 404) || response.redirected) return plain();
      return response.text().then(function (html) {
        var node = swap(html, url.href);
        if (!node) return plain();
        runScripts(node, function () { settle(node); });
      });
    }).catch(plain);
  });

  remember(document);
})();
