/* The whole-deal page (card_rules/deal.html): tapping a card types it into the tricks, as the page's
   language spells it (the button's data-tap-card, services/card_deals.tap_cards), four cards to a
   line — a trick; "take back" removes the last card. Without JavaScript the buttons stay hidden and
   the tricks are typed. */
(function () {
  "use strict";
  var taps = document.getElementById("deal-taps");
  if (!taps) return;
  var field = document.getElementById(taps.dataset.tapsFor);
  if (!field) return;
  taps.hidden = false;
  function tokens() {
    return field.value.split("\n").map(function (line) {
      return line.split(/[\s,;]+/).filter(Boolean);
    }).filter(function (line) { return line.length; });
  }
  function write(lines) {
    field.value = lines.map(function (line) { return line.join(" "); }).join("\n");
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
  taps.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (!button) return;
    var lines = tokens();
    if (button.hasAttribute("data-tap-undo")) {
      if (lines.length) {
        lines[lines.length - 1].pop();
        if (!lines[lines.length - 1].length) lines.pop();
      }
    } else if (button.dataset.tapCard) {
      if (!lines.length || lines[lines.length - 1].length >= 4) lines.push([]);
      lines[lines.length - 1].push(button.dataset.tapCard);
    }
    write(lines);
  });
})();
