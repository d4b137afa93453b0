/* The director's dispute badge (templatetags/dispute_badge.py) polls itself; on a page that asks for
   it ([data-dispute-sound]: the round page, the sheets from the tables) a new dispute beeps twice
   (after the director's first tap or key: browsers keep sound off until then). */
(function () {
  "use strict";
  if (window.keezenDisputeBadge) return;  // the tab bar may be on a page twice (an htmx swap)
  window.keezenDisputeBadge = true;
  var sound = null;
  function allow() {
    if (sound || !(window.AudioContext || window.webkitAudioContext)) return;
    try { sound = new (window.AudioContext || window.webkitAudioContext)(); } catch (e) { sound = null; }
  }
  document.addEventListener("pointerdown", allow, { once: true });
  document.addEventListener("keydown", allow, { once: true });
  function beep(at) {
    var tone = sound.createOscillator(), volume = sound.createGain();
    tone.frequency.value = 660;
    volume.gain.value = 0.25;
    tone.connect(volume);
    volume.connect(sound.destination);
    tone.start(sound.currentTime + at);
    tone.stop(sound.currentTime + at + 0.18);
  }
  function count() {
    var badge = document.getElementById("dispute-badge");
    return badge ? parseInt(badge.getAttribute("data-count") || "0", 10) : 0;
  }
  var seen = count();
  document.addEventListener("htmx:afterSettle", function () {
    var now = count();
    if (now > seen && document.querySelector("[data-dispute-sound]")) {
      document.body.dataset.disputeHeard = String(now);  // for the eye (and the tests)
      if (sound) { try { beep(0); beep(0.3); } catch (e) { /* no sound: the badge shows it */ } }
    }
    seen = now;
  });
})();
