/* A Klaverjassen score card on a phone or at the desk (templates/tournaments/sheets/_fields_klaverjas.html).
   The form works without this; with it:
   - tapping the team that played moves on to that deal's points (one tap and the digits per deal);
   - +20, +50 and stuk add roem to the deal in hand (the last one touched), for team A or B;
   - a pit fills in the card points (all 162 to the pit team);
   - each deal shows its score as the rules count it (more than half of 162 and both roems, else
     nat: 0 and everything to the other team; a pit adds the bonus; nothing for a deal the rules
     refuse), and the card its totals — dealScore, window.klaverjasCard.dealScore for the tests;
   - at a keyboard (the desk), A or B typed on a deal's "played" buttons picks that team, as a tap
     does: "A", then the points.
   The server checks and scores the card again (klaverjas/score_card.py): this is only the view. */
(function () {
  "use strict";
  var TOTAL = 162;

  function card() { return document.querySelector("[data-testid=klaverjas-card]"); }
  function field(row, name) { return row.querySelector("[name=deal_" + row.dataset.deal + "_" + name + "]"); }
  function whole(text) { return /^\d+$/.test((text || "").trim()) ? parseInt(text, 10) : null; }
  function playing(row) {
    var checked = row.querySelector("input[type=radio]:checked");
    return checked ? (checked.value === "A" ? 0 : 1) : null;
  }

  /* One deal's score as klaverjas/deals.py counts it (tests/browser/test_deal_score_vectors.py checks the
     two on generated deals): side 0 (A) or 1 (B) played, team A's card points (B has the rest of 162),
     each team's roem, the pit team ("", "A" or "B") and the pit bonus. null for a deal the rules refuse
     (klaverjas.md's invalid deals: the server then names the problem). */
  function dealScore(side, a, roem, pit, bonus) {
    if (a < 0 || a > TOTAL || roem[0] < 0 || roem[1] < 0 || roem[0] % 10 || roem[1] % 10) return null;
    var points = [a, TOTAL - a], pitSide = pit ? (pit === "A" ? 0 : 1) : null;
    if (pitSide !== null && (points[pitSide] !== TOTAL || roem[1 - pitSide])) return null;
    var everything = TOTAL + roem[0] + roem[1];
    var nat = 2 * (points[side] + roem[side]) <= everything;  // exactly half is not enough
    var out = nat ? [0, 0] : [points[0] + roem[0], points[1] + roem[1]];
    if (nat) out[1 - side] = everything;
    if (pitSide !== null) out[pitSide] += bonus;
    return { a: out[0], b: out[1], nat: nat, pit: pit };
  }
  window.klaverjasCard = { dealScore: dealScore };

  function score(row, bonus) {
    var pit = field(row, "pit").value, side = playing(row);
    var typed = field(row, "points").value.trim(), a = whole(typed);
    if (!typed && pit) a = pit === "A" ? TOTAL : 0;  // a pit: every card point to the pit team
    var roem = [roemOf(row, 0), roemOf(row, 1)];
    if (side === null || a === null || roem[0] === null || roem[1] === null) return null;
    return dealScore(side, a, roem, pit, bonus);
  }
  function roemOf(row, side) {  // none typed: 0; typed but not a whole number: null (the server refuses it too)
    var text = field(row, "roem_" + side).value.trim();
    return text ? whole(text) : 0;
  }

  function refresh() {
    var table = card();
    if (!table) return;
    var bonus = whole(table.dataset.pitBonus) || 0, totals = [0, 0], any = false;
    table.querySelectorAll("tbody tr[data-deal]").forEach(function (row) {
      var result = score(row, bonus), cell = row.querySelector("[data-deal-score]");
      if (!result) { cell.textContent = ""; return; }
      any = true;
      totals[0] += result.a; totals[1] += result.b;
      cell.textContent = result.a + " – " + result.b +
        (result.nat ? " " + table.dataset.natLabel : "") + (result.pit ? " " + table.dataset.pitLabel : "");
      cell.dataset.nat = result.nat ? "1" : "";
    });
    var foot = table.querySelector("[data-card-totals]");
    foot.classList.toggle("d-none", !any);
    foot.querySelector("[data-card-total]").textContent = totals[0] + " – " + totals[1];
  }

  var current = null;  // the deal in hand: the row last touched

  function hold(row) {
    current = row;
    var bar = document.querySelector("[data-card-roem]");
    if (!bar) return;
    bar.classList.remove("d-none");
    bar.querySelector("[data-card-current]").textContent = "#" + row.dataset.deal;
  }

  document.addEventListener("change", function (event) {
    var row = event.target.closest && event.target.closest("tr[data-deal]");
    if (!row || !card() || !card().contains(row)) return;
    hold(row);
    if (event.target.type === "radio") {  // the team that played: on to the points
      var points = field(row, "points");
      points.focus();
      points.select();
    }
    refresh();
  });
  document.addEventListener("focusin", function (event) {
    var row = event.target.closest && event.target.closest("tr[data-deal]");
    if (row && card() && card().contains(row)) hold(row);
  });
  document.addEventListener("keydown", function (event) {
    var radio = event.target;
    if (!radio || radio.type !== "radio" || !/^deal_\d+_playing$/.test(radio.name || "")) return;
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    var team = String(event.key || "").toUpperCase(), row = radio.closest("tr[data-deal]");
    var chosen = (team === "A" || team === "B") && row && row.querySelector("input[type=radio][value=" + team + "]");
    if (!chosen) return;
    event.preventDefault();
    chosen.checked = true;
    chosen.dispatchEvent(new Event("input", { bubbles: true }));  // the live preview
    chosen.dispatchEvent(new Event("change", { bubbles: true }));  // on to the points
  });
  document.addEventListener("htmx:load", refresh);  // a card swapped in (the desk opens a table without a reload)
  document.addEventListener("input", function (event) {
    if (event.target.closest && event.target.closest("[data-testid=klaverjas-card]")) refresh();
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-roem]");
    if (!button || !current) return;
    var roem = field(current, "roem_" + button.dataset.roemSide);
    roem.value = String((whole(roem.value) || 0) + parseInt(button.dataset.roem, 10));
    roem.dispatchEvent(new Event("input", { bubbles: true }));  // the live preview and the totals
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", refresh); else refresh();
})();
