// Check-in: filter the list as the director types. Ticking a team in is done by htmx
// (or a plain form post without JavaScript).
(function () {
  const filter = document.getElementById("checkin-filter");
  if (!filter) return;
  filter.addEventListener("input", function () {
    const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    document.querySelectorAll("#checkin-list .checkin-row").forEach(function (row) {
      const text = row.dataset.search || "";
      row.classList.toggle("d-none", !words.every(function (w) { return text.includes(w); }));
    });
  });
})();
