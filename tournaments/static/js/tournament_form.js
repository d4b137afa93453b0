/* The tournament form shows what the chosen game and entry need (forms.py TournamentForm): a field
   or fieldset marked data-for-game="klaverjas" shows only for that game's scoring systems, one
   marked data-needs="three" only for a game with three-team tables ("absent-pawns": a scoring system
   that counts an absent team's pawns), one
   marked data-for-entry="individual" only for that entry. The games are read from the page
   (#tournament-games, json_script). Without JavaScript every field shows, as before. */
(function () {
  "use strict";
  var data = document.getElementById("tournament-games");
  var system = document.querySelector("[name=scoring_system]");
  if (!data || !system) return;
  var games = JSON.parse(data.textContent);
  var entry = document.querySelector("[name=entry]");
  function update() {
    var game = games.systems[system.value] || "";
    var needs = (games.needs[game] || []).concat((games.system_needs || {})[system.value] || []);
    var chosenEntry = entry ? entry.value : "";
    document.querySelectorAll("[data-for-game], [data-needs], [data-for-entry]").forEach(function (part) {
      var shown = true;
      if (part.dataset.forGame) shown = shown && part.dataset.forGame === game;
      if (part.dataset.needs) shown = shown && needs.indexOf(part.dataset.needs) !== -1;
      if (part.dataset.forEntry) shown = shown && part.dataset.forEntry === chosenEntry;
      part.hidden = !shown;
    });
  }
  system.addEventListener("change", update);
  if (entry) entry.addEventListener("change", update);
  update();
})();

/* A preset's link (?preset=…) reloads the form filled by the preset: the name, short name, date and
   venue typed so far go along, so that choosing a preset does not wipe them (views/director.py
   KEPT_BY_PRESET). Without JavaScript the link works as a plain link. */
(function () {
  "use strict";
  document.querySelectorAll("a[data-preset]").forEach(function (link) {
    link.addEventListener("click", function (event) {
      var url = new URL(link.href, window.location.href);
      ["name", "slug", "date", "venue"].forEach(function (name) {
        var field = document.querySelector("[name=" + name + "]");
        if (field && field.value) url.searchParams.set(name, field.value);
      });
      event.preventDefault();
      window.location.href = url.toString();
    });
  });
})();
