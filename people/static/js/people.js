/* Suggestions from the club's register under a player's name as it is typed (docs/people.md).
   Markup, from tournaments/forms.py's team form:
     <input data-person-suggest="/director/people/suggest/" data-person-field="id_person_1"
            data-person-label="Anna de Vries (KC Noord, 1234)" data-person-linked="Linked: %(person)s">
   The server matches (accents, case and apostrophes do not count: people/matching.py) and answers
   JSON; this only shows the answer under the field. Choosing a person fills in their name and puts
   their pk in the hidden field; typing in the name again lets go of the link. Without script the
   form still works: names are linked on the server when exactly one person of the register has them,
   and a name nobody of the register has joins it when the team is saved.
   Keys: arrow down from the name into the list, arrows within it, Escape closes it. */
(function () {
  "use strict";
  if (window.keezenPeople) return;
  window.keezenPeople = true;
  var DELAY_MS = 150;

  function Suggest(input) {
    this.input = input;
    this.hidden = document.getElementById(input.dataset.personField);
    this.asked = 0;
    this.timer = null;
    this.list = document.createElement("div");
    this.list.className = "list-group mt-1";
    this.list.id = input.id + "-suggestions";
    this.list.hidden = true;
    this.note = document.createElement("div");
    this.note.className = "form-text text-success-emphasis";
    this.note.setAttribute("aria-live", "polite");
    input.setAttribute("aria-controls", this.list.id);
    input.setAttribute("aria-autocomplete", "list");
    input.insertAdjacentElement("afterend", this.note);
    input.insertAdjacentElement("afterend", this.list);
    this.showLinked(input.dataset.personLabel || "");
    var self = this;
    input.addEventListener("input", function () {
      self.hidden.value = "";
      self.showLinked("");
      clearTimeout(self.timer);
      self.timer = setTimeout(function () { self.ask(); }, DELAY_MS);
    });
    input.addEventListener("keydown", function (event) {
      if (event.key === "ArrowDown" && !self.list.hidden) {
        event.preventDefault();
        self.focus(0);
      } else if (event.key === "Escape") {
        self.close();
      }
    });
    this.list.addEventListener("keydown", function (event) {
      var buttons = self.buttons();
      var index = buttons.indexOf(document.activeElement);
      if (event.key === "ArrowDown") { event.preventDefault(); self.focus(index + 1); }
      else if (event.key === "ArrowUp") {
        event.preventDefault();
        if (index <= 0) self.input.focus(); else self.focus(index - 1);
      } else if (event.key === "Escape") { self.close(); self.input.focus(); }
    });
  }

  Suggest.prototype.buttons = function () {
    return Array.prototype.slice.call(this.list.querySelectorAll("button"));
  };

  Suggest.prototype.focus = function (index) {
    var buttons = this.buttons();
    if (buttons.length) buttons[Math.min(index, buttons.length - 1)].focus();
  };

  Suggest.prototype.close = function () {
    this.list.hidden = true;
    this.list.replaceChildren();
  };

  Suggest.prototype.showLinked = function (label) {
    var text = this.input.dataset.personLinked || "%(person)s";
    this.note.textContent = label ? text.replace("%(person)s", label) : "";
  };

  Suggest.prototype.ask = function () {
    var query = this.input.value.trim();
    var asked = ++this.asked;
    var self = this;
    if (query.length < 2) { this.close(); return; }
    fetch(this.input.dataset.personSuggest + "?q=" + encodeURIComponent(query), {
      headers: { "Accept": "application/json" }, credentials: "same-origin"
    }).then(function (response) {
      return response.ok ? response.json() : { people: [] };
    }).then(function (answer) {
      if (asked === self.asked) self.show(answer.people || []);
    }).catch(function () {
      if (asked === self.asked) self.close();
    });
  };

  Suggest.prototype.show = function (people) {
    var self = this;
    this.list.replaceChildren();
    people.forEach(function (person) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "list-group-item list-group-item-action py-1";
      button.dataset.personId = person.id;
      var name = document.createElement("span");
      name.className = "fw-semibold";
      name.textContent = person.name;
      button.appendChild(name);
      var details = [person.club, person.member_number].filter(Boolean).join(" · ");
      if (details) {
        var small = document.createElement("span");
        small.className = "small text-body-secondary ms-2";
        small.textContent = details;
        button.appendChild(small);
      }
      button.addEventListener("click", function () { self.choose(person); });
      self.list.appendChild(button);
    });
    this.list.hidden = people.length === 0;
  };

  Suggest.prototype.choose = function (person) {
    this.input.value = person.name;
    this.hidden.value = String(person.id);
    this.showLinked(person.label);
    this.close();
    this.input.focus();
  };

  function init() {
    Array.prototype.forEach.call(document.querySelectorAll("input[data-person-suggest]"), function (input) {
      if (!input.dataset.personReady && document.getElementById(input.dataset.personField)) {
        input.dataset.personReady = "1";
        new Suggest(input);
      }
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
