/* Table entry on a phone: the team buttons add the team's letter to the pawns-home field (one
   tap per pawn, in order), Undo takes the last one off. The field stays editable; the server
   reads and checks it, and shows the points as it changes (htmx). */
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-arrival], [data-arrival-undo]");
    if (!button) return;
    var field = document.getElementById("arrivals");
    if (!field) return;
    var text = field.value.replace(/[^A-Za-z0-9]/g, "").toUpperCase();
    field.value = button.hasAttribute("data-arrival-undo") ? text.slice(0, -1) : text + button.dataset.arrival;
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
})();
