// Königrufen's new partie page (after new.js): a club's own tariff. Its fields show the values of the rules chosen:
// choosing other rules puts theirs into every field the player has not changed, and `tariff_of` says whose values the
// fields show, so that the server reads what was changed and nothing else (without this script the fields keep the
// values they came with, and `tariff_of` says so). The Valat's values show only where the Valat is a premium.
(function () {
  "use strict";
  const box = document.getElementById("tariff");
  const form = box && box.closest("form");
  if (!form) return;
  const tariffs = JSON.parse(box.dataset.tariffs || "{}");
  const of = form.elements.tariff_of;
  function chosen() {
    const radio = form.querySelector("input[name=preset]:checked");
    return radio ? radio.value : of.value;
  }
  function follow() {
    const to = tariffs[chosen()], from = tariffs[of.value];
    if (!to || !from || to === from) return;
    Object.keys(to).forEach(function (name) {
      const input = form.elements[name];
      if (name.charAt(0) !== "_" && input && input.value.trim() === from[name]) input.value = to[name];
    });
    of.value = chosen();
  }
  function valat() {
    const select = form.elements.tariff_valat;
    const kind = select && select.value !== "default" ? select.value : (tariffs[chosen()] || {})._valat;
    const row = document.getElementById("t-valat");
    if (row) row.hidden = kind === "multiplier" || kind === "none";
  }
  form.addEventListener("change", function (event) {
    if (event.target.name === "preset") follow();
    if (event.target.name === "preset" || event.target.name === "tariff_valat") valat();
  });
  follow();
  valat();
})();
