/* The table link's outbox: a sheet, a confirmation or a dispute typed on a phone is never lost and
   never sent twice (services/sent_actions.py).

   - What is typed in a form marked data-outbox is kept in the phone's storage as it is typed, and
     put back when the page opens again with the field empty.
   - A send is kept in the phone's storage (with the one-time key the server put in the form) until
     the server answers. No answer (the Wi-Fi is gone, the answer was lost, a server in between
     failed): the page says "saved on this phone, not sent yet" and sends it again by itself, when
     the connection is back, every few seconds, on reload, and on a tap of "send now". The server
     gives a key sent twice the first sending's outcome, so a repeat is never a second sheet.
   - The server's answer is the page: after a done action the sheet's page is opened (it then says
     "sent"), a refusal is shown as the server wrote it, with what was typed. Only an answer of this
     site counts (its X-Keezen-Answer header, or a 4xx): a venue's login portal answering 200 in
     between is no answer, and the send stays kept.
   Without JavaScript the forms post as they always did, with their key. */
(function () {
  "use strict";
  var SENDS = "keezen-outbox:";  // + path + " " + key: a send waiting for its answer
  var DRAFT = "keezen-draft:";  // + path + " " + form id: what is typed
  var SENT = "keezen-sent";  // sessionStorage: the page after a done action says "sent"
  var RETRY_MS = [1000, 3000, 5000, 10000];  // then every 10 s
  var NOT_TYPED = { csrfmiddlewaretoken: 1, action_key: 1, action: 1 };
  var box = document.getElementById("outbox");
  if (!box) return;
  var path = location.pathname;
  var sending = false, tries = 0, timer = null;

  function store(kind) {
    try { return kind === "session" ? window.sessionStorage : window.localStorage; } catch (e) { return null; }
  }
  function read(name) {
    var s = store();
    try { return s ? JSON.parse(s.getItem(name) || "null") : null; } catch (e) { return null; }
  }
  function write(name, value) {
    var s = store();
    try { if (s) { if (value === null) s.removeItem(name); else s.setItem(name, JSON.stringify(value)); } } catch (e) { /* full or private mode: the form still posts */ }
  }
  function waiting() {  // the sends of this page waiting for an answer, oldest first
    var s = store(), found = [];
    if (!s) return found;
    for (var i = 0; i < s.length; i++) {
      var name = s.key(i);
      if (name && name.indexOf(SENDS + path + " ") === 0) { var item = read(name); if (item) found.push(item); }
    }
    return found.sort(function (a, b) { return a.at - b.at; });
  }

  function say(state) {
    box.dataset.state = state;
    box.classList.remove("d-none", "alert-warning", "alert-success", "alert-info");
    box.classList.add(state === "sent" ? "alert-success" : state === "waiting" ? "alert-warning" : "alert-info");
    box.querySelector("[data-outbox-text]").textContent = box.dataset[state];
    box.querySelector("[data-outbox-send]").classList.toggle("d-none", state !== "waiting");
  }

  function show(html) {  // the server's answer becomes the page (its scripts run again)
    clearTimeout(timer);
    document.open();
    document.write(html);
    document.close();
  }

  function later() {
    clearTimeout(timer);
    timer = setTimeout(sendWaiting, RETRY_MS[Math.min(tries, RETRY_MS.length - 1)]);
    tries++;
  }

  function send(item) {
    sending = true;
    say("sending");
    return fetch(item.url, {
      method: "POST", body: item.body, credentials: "same-origin", redirect: "follow",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Outbox": "1" },
    }).then(function (response) {
      var ours = response.headers.get("X-Keezen-Answer") || (response.status >= 400 && response.status < 500);
      if (!ours || response.status >= 500) throw new Error("HTTP " + response.status);  // not done
      write(item.name, null);
      sending = false;
      if (response.ok) {  // the action was done (now or by an earlier sending): open the sheet's page
        write(DRAFT + path + " " + item.form, null);
        try { store("session").setItem(SENT, path); } catch (e) { /* no storage: no "sent" line */ }
        clearTimeout(timer);
        location.replace(response.url);
        return true;
      }
      return response.text().then(function (html) { show(html); return true; });
    }).catch(function () {
      sending = false;
      say("waiting");
      later();
      return false;
    });
  }

  function sendWaiting() {
    if (sending) return;
    var items = waiting();
    if (!items.length) return;
    send(items[0]);
  }

  function keepDraft(form) {
    var typed = {};
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!field.name || NOT_TYPED[field.name] || field.type === "submit" || field.type === "button") return;
      if ((field.type === "checkbox" || field.type === "radio") && !field.checked) return;
      typed[field.name] = field.value;
    });
    write(DRAFT + path + " " + form.id, typed);
  }

  function restoreDraft(form) {
    var typed = read(DRAFT + path + " " + form.id);
    if (!typed) return;
    var restored = false;
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!field.name || !(field.name in typed) || NOT_TYPED[field.name]) return;
      if (field.type === "checkbox" || field.type === "radio") {
        if (!field.checked && field.value === typed[field.name]) { field.checked = true; restored = true; }
      } else if (field.type !== "hidden" && !field.value) {
        field.value = typed[field.name];
        restored = true;
      }
    });
    if (!restored) return;
    var follow = function () { setTimeout(function () { form.dispatchEvent(new Event("input", { bubbles: true })); }, 0); };
    // The live points follow, once htmx has set the form up (it does so when the page is parsed).
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", follow); else follow();
  }

  Array.prototype.forEach.call(document.querySelectorAll("form[data-outbox]"), function (form) {
    var pressed = null;  // the button tapped, where the browser has no event.submitter (older Safari)
    form.addEventListener("click", function (event) {
      var button = event.target.closest && event.target.closest("button[type=submit], input[type=submit]");
      if (button) pressed = button;
    });
    restoreDraft(form);
    form.addEventListener("input", function () { keepDraft(form); });
    form.addEventListener("change", function () { keepDraft(form); });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (sending) return;  // a double tap: the first is on its way
      var body = new URLSearchParams(new FormData(form));
      var button = event.submitter || pressed;
      if (button && button.name) body.append(button.name, button.value);
      var key = body.get("action_key") || String(Date.now());
      var item = { name: SENDS + path + " " + key, url: new URL(form.getAttribute("action") || "", location.href).href,  // form.action: its button named "action"
                    body: body.toString(),
                   form: form.id, at: Date.now() };
      write(item.name, item);
      tries = 0;
      send(item);
    });
  });

  box.querySelector("[data-outbox-send]").addEventListener("click", function () { tries = 0; sendWaiting(); });
  window.addEventListener("online", function () { tries = 0; sendWaiting(); });

  var sent = null;
  try { sent = store("session").getItem(SENT); store("session").removeItem(SENT); } catch (e) { /* none */ }
  if (waiting().length) {
    say("waiting");
    sendWaiting();
  } else if (sent === path) {
    say("sent");
  }
})();
