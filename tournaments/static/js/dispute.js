/* The dispute desk: a tap (or Enter/Space) on a hole of the board, or a change of colour, mode,
   seat, card or house rule, posts the whole desk form; htmx swaps in the server's answer. The
   board and every answer are drawn on the server by the rules engine; this file only forwards
   what was tapped. Event delegation on the document, so it keeps working after each swap.
   The server writes the desk's state into the address after every answer (HX-Replace-Url); the
   NL/EN switch returns to that address, not to the one the page was loaded with. On a phone the
   board is wider than the screen (44 px holes) and scrolls sideways: it starts centred and keeps
   its scroll across each answer. */
(function () {
  "use strict";
  if (window.keezenDesk) return;
  window.keezenDesk = true;

  var busy = false;  // a request of the desk is on its way: taps wait for its answer
  var waiting = [];  // holes tapped meanwhile, as {loc, colour}, and fields changed meanwhile, as {field, value}
  var kept = null;   // what survives the swap: the focused hole and the board's scroll

  function fromDesk(event) {
    var elt = event.detail && event.detail.elt;
    return !!(elt && elt.closest && elt.closest("#desk"));
  }

  function submit(form, what) {
    form.elements["do"].value = what;
    form.requestSubmit();
  }

  function spot(hole) { return { loc: hole.dataset.loc, colour: hole.dataset.colour || "" }; }
  function find(where) {
    var selector = '#desk [data-loc="' + where.loc + '"]' + (where.colour ? '[data-colour="' + where.colour + '"]' : ":not([data-colour])");
    return document.querySelector(selector);
  }

  // A tap is sent with the desk as the last answer drew it; a tap before that answer waits for it,
  // so quick taps are never sent with a stale position or claim.
  function tap(where) {
    var form = document.querySelector("form#desk");
    if (!form) return;
    if (busy) { waiting.push(where); return; }
    form.elements["tap"].value = where.loc;
    form.elements["tap_colour"].value = where.colour;
    submit(form, "tap");
  }

  document.addEventListener("click", function (event) {
    var hole = event.target.closest && event.target.closest("#desk [data-loc]");
    if (hole) { event.preventDefault(); tap(spot(hole)); }
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    var hole = event.target.closest && event.target.closest("#desk [data-loc]");
    if (hole) { event.preventDefault(); tap(spot(hole)); }
  });
  // A change (a house rule, the card, the mode) made while an answer is on its way would be undone by
  // that answer's board: it waits, and is made again on the new board.
  function change(field) {
    if (busy) {
      waiting.push({ field: field.id, value: field.type === "checkbox" || field.type === "radio" ? field.checked : field.value });
      return;
    }
    submit(field.form, field.name);
  }
  function next(item) {
    if (!item.field) { tap(item); return; }
    var field = document.getElementById(item.field);
    if (!field) return;
    if (field.type === "checkbox" || field.type === "radio") field.checked = item.value; else field.value = item.value;
    change(field);
  }
  document.addEventListener("change", function (event) {
    var field = event.target.closest && event.target.closest("#desk [data-desk-change]");
    if (field) change(field);
  });
  // The language switch goes back to the board as it is now (its state is in the address).
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.querySelector || !form.querySelector("button[name=language]") || !form.elements["next"]) return;
    if (document.getElementById("desk")) form.elements["next"].value = window.location.pathname + window.location.search;
  }, true);

  function frame() { return document.querySelector("#desk .board-scroll"); }
  function players() { var svg = frame() && frame().querySelector("svg"); return svg ? svg.dataset.players : ""; }
  function centre() {
    var board = frame();
    if (board) board.scrollLeft = (board.scrollWidth - board.clientWidth) / 2;
  }

  document.addEventListener("htmx:beforeRequest", function (event) { if (fromDesk(event)) busy = true; });
  ["htmx:sendError", "htmx:responseError", "htmx:sendAbort", "htmx:timeout"].forEach(function (name) {
    document.addEventListener(name, function (event) {
      if (fromDesk(event)) { busy = false; waiting = []; }
    });
  });
  // Keep the focus on the same hole after a swap, so keyboard users can go on; and the board's scroll.
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!fromDesk(event)) return;
    var active = document.activeElement;
    var board = frame();
    kept = {
      focus: active && active.dataset && active.dataset.loc ? spot(active) : null,
      left: board ? board.scrollLeft : null, players: players(),
    };
  });
  document.addEventListener("htmx:afterSwap", function () {
    if (!document.getElementById("desk") || !kept) return;
    var board = frame();
    if (board && kept.left !== null && players() === kept.players) board.scrollLeft = kept.left; else centre();
    var hole = kept.focus && find(kept.focus);
    if (hole) hole.focus({ preventScroll: true });
    kept = null;
    busy = false;
    if (waiting.length) next(waiting.shift());
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", centre); else centre();
})();
