// The new tournament's page (after app.js): "Games per round and rank points" lists only the table sizes of the
// game chosen (each rule set's option says them in `data-sizes`, the main size first, from the game's own
// table sizes), in that order. Without the script every size shows, the chosen game's first, and the server takes
// only the chosen game's. A format chosen puts its games per round into the fields' placeholders.
(function () {
  "use strict";
  const select = document.getElementById("rule_set");
  const box = document.getElementById("by-sizes");
  if (!select || !box) return;
  function show() {
    const option = select.options[select.selectedIndex];
    const sizes = ((option && option.dataset.sizes) || "").split(" ").filter(Boolean);
    box.querySelectorAll("fieldset[data-size]").forEach(function (set) {
      set.hidden = sizes.indexOf(set.dataset.size) < 0;
    });
    sizes.forEach(function (size) {   // the chosen game's sizes in its order, after the hidden ones
      const set = box.querySelector('fieldset[data-size="' + size + '"]');
      if (set) box.appendChild(set);
    });
  }
  select.addEventListener("change", show);
  show();
  // a format's games per round are the placeholders of the games' fields (empty: the format's)
  function games() {
    const format = document.querySelector("input[name=format]:checked");
    const by = format ? JSON.parse(format.dataset.games || "{}") : {};
    box.querySelectorAll("input[name^=games_]").forEach(function (input) {
      const size = input.name.slice(6);
      if (by[size]) input.placeholder = by[size];
    });
  }
  document.querySelectorAll("input[name=format]").forEach(function (radio) { radio.addEventListener("change", games); });
  games();
})();
