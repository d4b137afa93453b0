/* The dispute desk: a tap (or Enter/Space) on a hole of the board, or a change of colour, mode,
   seat, card or house rule, posts the whole desk form; htmx swaps in the server's answer. The
   board and every answer are drawn on the server by the rules engine; this file only forwards
   what was tapped. Event delegation on the document, so it keeps working after each swap. */
(function () {
  "use strict";
  if (window.keezenDesk) return;
  window.keezenDesk = true;

  function submit(form, what) {
    form.elements["do"].value = what;
    form.requestSubmit();
  }

  function tap(hole) {
    var form = hole.closest("form#desk");
    if (!form) return;
    form.elements["tap"].value = hole.dataset.loc;
    form.elements["tap_colour"].value = hole.dataset.colour || "";
    submit(form, "tap");
  }

  document.addEventListener("click", function (event) {
    var hole = event.target.closest && event.target.closest("#desk [data-loc]");
    if (hole) { event.preventDefault(); tap(hole); }
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    var hole = event.target.closest && event.target.closest("#desk [data-loc]");
    if (hole) { event.preventDefault(); tap(hole); }
  });
  document.addEventListener("change", function (event) {
    var field = event.target.closest && event.target.closest("#desk [data-desk-change]");
    if (field) submit(field.form, field.name);
  });
  // Keep the focus on the same hole after a swap, so keyboard users can go on.
  document.addEventListener("htmx:beforeSwap", function () {
    var active = document.activeElement;
    window.keezenDeskFocus = active && active.dataset && active.dataset.loc
      ? { loc: active.dataset.loc, colour: active.dataset.colour || "" } : null;
  });
  document.addEventListener("htmx:afterSwap", function () {
    var focus = window.keezenDeskFocus;
    if (!focus) return;
    var selector = '#desk [data-loc="' + focus.loc + '"]' + (focus.colour ? '[data-colour="' + focus.colour + '"]' : ":not([data-colour])");
    var hole = document.querySelector(selector);
    if (hole) hole.focus();
  });
})();
