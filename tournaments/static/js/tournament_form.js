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
