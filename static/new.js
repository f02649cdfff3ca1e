// The new partie's page (after app.js), the same for every game.
// "Who deals first" shows the names as they are typed. An option (or an option's value) marked
// `class="opt" data-presets="a b"` shows only while one of those rule sets is chosen (without the script every
// option shows, and the server takes only those of the chosen rule set); a value chosen that the chosen rule set
// does not have (hidden with it) is not left chosen.
(function () {
  const form = document.querySelector("form.new-partie");
  if (!form) return;
  const seats = form.querySelectorAll("input[name=first_dealer]");
  seats.forEach(function (radio) {
    const span = radio.nextElementSibling;
    if (span) span.dataset.seat = span.textContent;
  });
  // a seat the game may leave empty (past its fewest players: Königrufen's fifth, Bavarian Tarock's fourth) deals
  // first only once a name is typed there; a dealer so hidden goes back to the first seat
  const fewest = parseInt(form.dataset.fewest || "0", 10);
  function names() {
    seats.forEach(function (radio) {
      const typed = form.querySelector("input[name=player" + radio.value + "]");
      const span = radio.nextElementSibling;
      if (span && typed) span.textContent = typed.value.trim() || span.dataset.seat;
      const label = radio.closest("label");
      const hide = !!typed && fewest > 0 && parseInt(radio.value, 10) >= fewest && !typed.value.trim();
      if (label && label.hidden !== hide) label.hidden = hide;
      if (hide && radio.checked && seats[0]) seats[0].checked = true;
    });
  }
  form.addEventListener("input", function (event) {
    if (/^player\d$/.test(event.target.name || "")) names();
  });
  names();
  // switching the game keeps the names typed: the link carries them (the next game's form shows them)
  document.querySelectorAll(".game-switch a").forEach(function (link) {
    link.addEventListener("click", function () {
      const url = new URL(link.href, location.href);
      form.querySelectorAll("input[name^=player]").forEach(function (input) {
        if (/^player\d$/.test(input.name) && input.value.trim()) url.searchParams.set(input.name, input.value.trim());
      });
      link.href = url.pathname + url.search;
    });
  });
  function presets() {
    const checked = form.querySelector("input[name=preset]:checked");
    form.querySelectorAll(".opt[data-presets]").forEach(function (part) {
      const hide = !!checked && part.dataset.presets.split(" ").indexOf(checked.value) < 0;
      if (part.hidden !== hide) part.hidden = hide;
    });
  }
  presets();
  form.addEventListener("change", function (event) {
    if (event.target.name !== "preset") return;
    presets();
    form.querySelectorAll(".seg-option.opt input:checked").forEach(function (input) {
      if (input.closest(".seg-option").offsetParent === null) {   // hidden with the rule set: back to its default
        const fallback = input.closest(".seg-options").querySelector("input:not(:checked)");
        const first = input.closest(".seg-options").querySelector("input");
        if (first && first !== input) first.checked = true; else if (fallback) fallback.checked = true;
      }
    });
  });
})();
