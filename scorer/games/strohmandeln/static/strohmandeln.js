// Strohmandeln's deal form, beside the shared static/form.js (loaded after it; its hooks: window.scorer.form.add):
// the pile that follows the undertaker, the undertaker's labels, outbox entries of older versions.
(function () {
  "use strict";

  // the undertaker is a person (a seat); a new dealer changes only the role in its label
  // ("Anna (Vorhand)" becomes "Anna (dealer)"; in German Vorhand, Geber), never who is chosen
  function roleLabels(form) {
    const labels = JSON.parse(form.dataset.undertakerLabels || "[]");
    form.querySelectorAll("input[name=dealer]").forEach(function (input) {
      input.addEventListener("change", function () {
        (labels[parseInt(input.value, 10)] || []).forEach(function (text, seat) {
          const span = form.querySelector("input[name=undertaker][value='" + seat + "'] + span");
          if (span) span.textContent = text;
        });
      });
    });
  }

  function setupPile(form) {
    // Unless the player chooses, the card points typed are the undertaker's pile (Vorhand's in a simple game).
    // The radio that follows the undertaker is ticked here, not by the player: the hidden pile_auto says so
    // to the server, so that a round trip (409, 422, Preview) does not turn it into the player's choice.
    const fs = form.querySelector("#fs-pile_of");
    if (!fs) return;
    const whose = form.querySelector("#points-whose");
    let auto = form.querySelector("input[name=pile_auto]");
    if (!auto) {
      auto = document.createElement("input");
      auto.type = "hidden";
      auto.name = "pile_auto";
      fs.append(auto);
    }
    function owner() {
      const dealer = form.querySelector("input[name=dealer]:checked");
      const under = form.querySelector("input[name=undertaker]:checked");
      const d = dealer ? parseInt(dealer.value, 10) : 0;
      const seats = JSON.parse(form.dataset.vorhandSeats || "[1, 0]");   // Vorhand by dealer, from the engine
      return under && under.value !== "nobody" ? parseInt(under.value, 10) : seats[d];
    }
    function show() {
      const checked = form.querySelector("input[name=pile_of]:checked");
      if (whose && checked && whose.dataset.text) {
        whose.textContent = whose.dataset.text.replace("{name}", checked.nextElementSibling.textContent.trim());
      }
    }
    function follow() {
      if (!fs.dataset.chosen) {
        const radio = form.querySelector("input[name=pile_of][value='" + owner() + "']");
        if (radio) radio.checked = true;
        auto.value = "1";
      } else {
        auto.value = "";
      }
      show();
    }
    form.querySelectorAll("input[name=pile_of]").forEach(function (input) {
      input.addEventListener("change", function () { fs.dataset.chosen = "1"; auto.value = ""; show(); });
    });
    form.querySelectorAll("input[name=dealer], input[name=undertaker]").forEach(function (input) {
      input.addEventListener("change", follow);
    });
    follow();
  }

  // an outbox entry queued when the undertaker was a role ("forehand", "dealer"): the person it named
  // under the dealer of that same entry (as the server reads it), so the restored form shows that person
  const ROLES = { forehand: "forehand", vorhand: "forehand", dealer: "dealer", geber: "dealer" };
  function persons(form, fields) {
    const dealer = fields.find(function (f) { return f[0] === "dealer"; });
    const seats = JSON.parse(form.dataset.vorhandSeats || "null");
    return fields.map(function (f) {
      if (f[0] !== "undertaker" || !ROLES[f[1]] || !dealer || !seats) return f;
      const d = parseInt(dealer[1], 10);
      return ["undertaker", String(ROLES[f[1]] === "dealer" ? d : seats[d])];
    });
  }

  // the pile's owner as the entry had it: chosen by the player, or following the undertaker (pile_auto)
  function filled(form, fields) {
    const has = fields.some(function (f) { return f[0] === "pile_of"; });
    if (!has) form.querySelectorAll("input[name=pile_of]").forEach(function (input) { input.checked = false; });
    const fs = form.querySelector("#fs-pile_of");
    if (fs) {
      const auto = fields.find(function (f) { return f[0] === "pile_auto"; });
      if (has && !(auto && auto[1])) fs.dataset.chosen = "1"; else delete fs.dataset.chosen;
    }
  }

  window.scorer.form.add({
    init: function (form) { roleLabels(form); setupPile(form); },
    fields: persons,
    filled: filled,
  });
})();
