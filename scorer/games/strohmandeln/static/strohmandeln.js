// Strohmandeln's deal form, beside the shared static/form.js (loaded after it; its hooks: window.scorer.form.add):
// the pile proposed until typed, the undertaker's labels, the dealer corrected under a typed pile (asks), outbox
// entries of older versions.
(function () {
  "use strict";

  // the undertaker is a person (a seat); a new dealer changes only the role in its label
  // ("Anna (Vorhand)" becomes "Anna (dealer)"; in German Vorhand, Geber), never who is chosen
  function roleLabels(form) {
    const labels = JSON.parse(form.dataset.undertakerLabels || "[]");
    function update() {
      const dealer = form.querySelector("input[name=dealer]:checked");
      (labels[dealer ? parseInt(dealer.value, 10) : 0] || []).forEach(function (text, seat) {
        const span = form.querySelector("input[name=undertaker][value='" + seat + "'] + span");
        if (span && span.textContent !== text) span.textContent = text;
      });
    }
    form.querySelectorAll("input[name=dealer]").forEach(function (input) { input.addEventListener("change", update); });
    update();   // a dealer tapped before this script loaded: the labels as the page holds it
  }

  function checked(form, name) {
    const input = form.querySelector("input[name=" + name + "]:checked");
    return input ? input.value : null;
  }

  // The pile is always a person's (a radio checked). On a new form it is proposed: the undertaker's (the Vorhand's
  // in a simple game), and follows the undertaker and the dealer until the player picks a pile or types its card
  // points; from then on it is what was typed, and nothing moves it (a dealer corrected after it asks instead:
  // `asks` below). A script that loads late adopts what the page holds: a pile or points the player gave before
  // it are theirs.
  function setupPile(form) {
    const fs = form.querySelector("#fs-pile_of");
    if (!fs) return;
    const whose = form.querySelector("#points-whose");
    const points = form.querySelector("#points");
    const radios = Array.prototype.slice.call(fs.querySelectorAll("input[name=pile_of]"));
    if (radios.some(function (r) { return r.checked !== r.defaultChecked; })) fs.dataset.chosen = "1";
    function owner() {
      const dealer = checked(form, "dealer");
      const under = checked(form, "undertaker");
      const seats = JSON.parse(form.dataset.vorhandSeats || "[1, 0]");   // Vorhand by dealer, from the engine
      return under !== null && under !== "nobody" ? parseInt(under, 10) : seats[dealer ? parseInt(dealer, 10) : 0];
    }
    function show() {
      const pile = fs.querySelector("input[name=pile_of]:checked");
      if (whose && pile && whose.dataset.text) {
        const text = whose.dataset.text.replace("{name}", pile.nextElementSibling.textContent.trim());
        if (whose.textContent !== text) whose.textContent = text;
      }
    }
    function follow() {
      if (!fs.dataset.chosen && !(points && points.value.trim())) {
        const radio = fs.querySelector("input[name=pile_of][value='" + owner() + "']");
        if (radio && !radio.checked) radio.checked = true;
      }
      show();
    }
    radios.forEach(function (input) {
      input.addEventListener("change", function () { fs.dataset.chosen = "1"; show(); });
    });
    form.querySelectorAll("input[name=dealer], input[name=undertaker]").forEach(function (input) {
      input.addEventListener("change", follow);
    });
    follow();
  }

  // A dealer corrected after the card points of a simple game were typed for the Vorhand's pile: the pile stays that
  // person's, and the form asks to check it (the shared form.js marks it and holds Save until answered; the server
  // asks the same without the script)
  function asks(form, before) {
    const type = checked(form, "type");
    const dealer = checked(form, "dealer");
    const pile = checked(form, "pile_of");
    const points = form.querySelector("#points");
    if ((type !== "game" && type !== "renonce") || checked(form, "undertaker") !== "nobody" || dealer === null ||
        pile === null || !points || !points.value.trim()) return null;
    const seats = JSON.parse(form.dataset.vorhandSeats || "[1, 0]");
    const now = seats[parseInt(dealer, 10)];
    if (now === seats[before] || parseInt(pile, 10) !== seats[before]) return null;
    return { marks: ["fs-pile_of"] };
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

  // the pile's owner as the entry had it: the person chosen, or (an entry of an older version, whose pile followed
  // the undertaker: pile_auto, or none) the person it was then, under that entry's own dealer, as the server reads it
  function filled(form, fields) {
    const get = function (name) { const f = fields.find(function (x) { return x[0] === name; }); return f ? f[1] : ""; };
    const fs = form.querySelector("#fs-pile_of");
    if (!fs) return;
    let pile = get("pile_of");
    if (!pile || get("pile_auto")) {
      const seats = JSON.parse(form.dataset.vorhandSeats || "[1, 0]");
      const under = get("undertaker");
      pile = under === "0" || under === "1" ? under : String(seats[parseInt(get("dealer") || "0", 10)]);
    }
    const radio = fs.querySelector("input[name=pile_of][value='" + pile + "']");
    if (radio) radio.checked = true;
    fs.dataset.chosen = "1";
  }

  window.scorer.form.add({
    init: function (form) { roleLabels(form); setupPile(form); },
    fields: persons,
    filled: filled,
    asks: asks,
  });
})();
