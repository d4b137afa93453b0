/* The director's tab strip (templates/tournaments/director/_tournament_nav.html, keezen.css): on a
   narrow screen it is one row that scrolls sideways, and the current tab starts in view. Browsers
   with CSS scroll-initial-target do that without script; for the others (Safari, Firefox) this
   scrolls the row, never the page. Without script every tab still works: the row just starts at
   the first tab. */
(function () {
  "use strict";
  if (window.CSS && CSS.supports && CSS.supports("scroll-initial-target", "nearest")) return;

  function reveal() {
    Array.prototype.forEach.call(document.querySelectorAll(".director-tabs"), function (bar) {
      var active = bar.querySelector(".nav-link.active");
      if (!active) return;
      var row = bar.getBoundingClientRect();
      var tab = active.getBoundingClientRect();
      if (tab.right > row.right) bar.scrollLeft += Math.ceil(tab.right - row.right);
      else if (tab.left < row.left) bar.scrollLeft -= Math.ceil(row.left - tab.left);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", reveal);
  else reveal();
})();
