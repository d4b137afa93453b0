/* The results desk at typing speed (templates/tournaments/director/results_desk.html): "table
   number, Enter, the sheet, Enter, the next table number, …" loses no key.

   Why: both of the desk's forms used to load a new page — the table box (a GET) and the sheet (a
   POST answered by a redirect) — and whatever was typed in the 0.3 s before the new page had the
   focus was gone: "AABBBBBBBB" saved as the valid "BBBBBBBB", and "12" typed straight after
   saving opened table 2. With this script both are sent by fetch and the answer's desk is swapped
   in without a reload; every key typed meanwhile is held. When the server did what was asked
   (2xx: the table opened, or the sheet was saved and the desk asks for the next table) the held
   keys are typed into the field that has the focus in the new desk (the one marked autofocus: the
   sheet's first field, or the table box after a save), as if it had been there all along:
   letters and digits, Backspace, Tab to the next field, and Enter, which sends that form in turn
   (keys after it are held again). When the server refused (4xx: no such table, a sheet with
   errors, "is the game really over?") the held keys were meant for a page that did not come:
   they are dropped, never typed into the refused sheet, and the desk shows which they were. On
   the card's "played" buttons a key goes to the buttons themselves (A or B picks the team,
   static/js/card_entry.js). An answer without a desk (the login page, a server error) or no
   answer is left to the browser: the form is sent again the plain way (a sheet carries the
   version it saw, so a save that did arrive is not saved twice). Without this script (or fetch)
   the desk works as plain forms, as before. */
(function () {
  "use strict";
  if (window.keezenDesk) return;
  window.keezenDesk = true;

  var ran = {};  // script files this page has run: a swapped-in desk runs each once
  var pending = null;  // keys typed while an answer is on its way, or null

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

  var KEY_NAMES = { Enter: "\u23ce", Tab: "\u21e5", Backspace: "\u232b" };

  function drop(node, keys) {
    var notice = node.querySelector("#keys-dropped");
    if (!notice || !keys.length) return;
    notice.querySelector("kbd").textContent = keys.map(function (press) {
      return KEY_NAMES[press.key] || press.key;
    }).join("");
    notice.hidden = false;
  }

  function settle(node, done) {
    var keys = pending;
    var form = node.querySelector("#sheet-form");
    var first = node.querySelector("[autofocus]") ||
      (form && tabbable(form)[0]);
    if (first) first.focus();
    node.dispatchEvent(new CustomEvent("htmx:load", { bubbles: true, detail: { elt: node } }));  // new content, as htmx says it
    pending = null;
    if (!done) return drop(node, keys);
    keys.forEach(function (press) {
      if (pending !== null) pending.push(press);  // an Enter sent a form again: the rest waits for its answer
      else typeKey(press);
    });
  }

  /* The desk's two forms: the table box (GET, #table-picker) and the sheet (POST, #sheet-form). */
  function request(form) {
    var url = new URL(form.getAttribute("action") || window.location.href, window.location.href);
    var data = new URLSearchParams(new FormData(form));
    var init = { credentials: "same-origin", headers: { Accept: "text/html" } };
    url.hash = "";
    if (form.method === "post") {
      init.method = "POST";
      init.body = data;
      return { url: url.href, init: init, plain: function () { form.submit(); } };
    }
    url.search = data.toString();
    return { url: url.href, init: init, plain: function () { window.location.assign(url.href); } };
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if ((form.id !== "table-picker" && form.id !== "sheet-form") || !window.fetch || !window.DOMParser) return;
    event.preventDefault();
    if (pending !== null) return;  // one answer at a time: a second send while one is on its way is ignored
    pending = [];
    var sent = request(form);
    function plain() { pending = null; sent.plain(); }
    fetch(sent.url, sent.init).then(function (response) {
      return response.text().then(function (html) { return { response: response, html: html }; });
    }).then(function (answer) {
      // A saved sheet is answered by a redirect to the desk; fetch follows it (response.url).
      var node = swap(answer.html, answer.response.url || sent.url);
      if (!node) return plain();
      runScripts(node, function () { settle(node, answer.response.ok); });
    }, plain);  // no answer: the plain way
  });

  remember(document);
})();
