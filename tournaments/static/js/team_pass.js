/* The team pass: when the polled part (views/team_pass.py now) shows another table than before —
   a round was published — the phone vibrates and beeps where the browser allows (a beep needs a
   tap on the page first: browsers keep sound off until then). When the director opens or closes
   the door (or checks the team in), the page opens anew, so "we are here" shows or goes. */
(function () {
  "use strict";
  var holder = document.getElementById("pass-now");
  if (!holder) return;
  function watched() {
    var today = holder.querySelector("[data-watch]");
    return today ? today.getAttribute("data-watch") : "";
  }
  var seen = watched();
  function doorState() {
    var today = holder.querySelector("[data-door]");
    return today ? today.getAttribute("data-door") : "";
  }
  var door = doorState();  // the check-in part (a form) is not polled: the page opens anew when it changes
  var sound = null;
  document.addEventListener("pointerdown", function () {  // the first tap allows sound
    if (sound || !(window.AudioContext || window.webkitAudioContext)) return;
    try { sound = new (window.AudioContext || window.webkitAudioContext)(); } catch (e) { sound = null; }
  }, { once: true });
  function beep() {
    if (!sound) return;
    try {
      var tone = sound.createOscillator(), volume = sound.createGain();
      tone.frequency.value = 880;
      volume.gain.value = 0.2;
      tone.connect(volume);
      volume.connect(sound.destination);
      tone.start();
      tone.stop(sound.currentTime + 0.25);
    } catch (e) { /* no sound: the page still shows the table */ }
  }
  document.body.addEventListener("htmx:afterSwap", function (event) {
    if (event.target !== holder) return;
    var now = watched();
    if (now && now !== seen) {
      if (navigator.vibrate) navigator.vibrate([200, 100, 200]);
      beep();
      holder.dataset.changed = now;  // for the eye (and the tests): the table changed while the page was open
    }
    seen = now;
    if (doorState() && doorState() !== door) location.reload();
  });
})();
