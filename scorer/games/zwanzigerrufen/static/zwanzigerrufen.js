// Zwanzigerrufen's deal form, beside the shared static/form.js (loaded after it; its hooks: window.scorer.form.add).
(function () {
  "use strict";

  // Card points that give a side 56 of the 88 show that it made the Absolut (RULES-ZWANZIGERRUFEN §4): its row is
  // ticked by itself (that side, silent, made) while no Absolut and no Valat was chosen, and unticked again when the
  // card points no longer show it; an Absolut the player chose himself is his, never moved. The form's data-absolut
  // says from which card points of the declarer's side each side made it (the engine's figures; the server ticks it
  // the same way when the form comes without this script).
  function setupAbsolut(form) {
    const input = form.querySelector("#card_points");
    const at = JSON.parse(form.dataset.absolut || "{}");
    if (!input || !form.querySelector("input[name=side_absolut]")) return;
    let ticked = "";   // the side this script ticked
    function pick(name, value) {
      const radio = form.querySelector("input[name=" + name + "][value='" + value + "']");
      if (radio && !radio.checked) { radio.checked = true; return true; }
      return false;
    }
    function follow() {
      const chosen = form.querySelector("input[name=side_absolut]:checked");
      if (ticked === "player" || (chosen && chosen.value && chosen.value !== ticked)) return;   // the player's own
      const text = input.value.trim();
      const points = /^[0-9]{1,2}$/.test(text) ? parseInt(text, 10) : null;
      const valat = form.querySelector("input[name=side_valat]:checked:not([value=''])");
      const side = points === null || valat ? "" : points >= at.declarer ? "declarer" : points <= at.opponents ? "opponents" : "";
      if (side === ticked) return;
      ticked = side;
      const changed = [pick("side_absolut", side), side && pick("ann_absolut", "no"), side && pick("made_absolut", "yes")];
      if (changed.some(Boolean)) form.querySelector("input[name=side_absolut]:checked").dispatchEvent(new Event("change", { bubbles: true }));
    }
    form.addEventListener("input", function (event) { if (event.target === input) follow(); });
    form.addEventListener("change", function (event) { if (event.target.name === "side_valat") follow(); });
    // a tap of the player's on the Absolut's row makes it his
    form.addEventListener("change", function (event) {
      if (event.isTrusted && /^(side|ann|made)_absolut$/.test(event.target.name)) ticked = "player";
    });
  }

  // A dealer corrected in a Normalspiel, after its partner or a premium's side was chosen: another player is Vorhand
  // and calls now, so the form asks (form.js marks the choices to check and holds Save until answered; the server asks
  // the same, and says it: web.py's `asks`)
  function asks(form, before) {
    const type = form.querySelector("input[name=type]:checked");
    const contract = form.querySelector("input[name=contract]:checked");
    const dealer = form.querySelector("input[name=dealer]:checked");
    if (!type || type.value === "misdeal" || !contract || contract.value !== "normalspiel" || !dealer) return null;
    if ((parseInt(dealer.value, 10) + 1) % 4 === (before + 1) % 4) return null;
    if (!form.querySelector("input[name=partner]:checked, input[name^=side_]:checked:not([value=''])")) return null;
    return { marks: ["fs-partner", "premiums"] };
  }

  window.scorer.form.add({ init: setupAbsolut, asks: asks });
})();
