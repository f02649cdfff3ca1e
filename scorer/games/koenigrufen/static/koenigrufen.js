// Königrufen's deal form, beside the shared static/form.js (loaded after it; its hooks: window.scorer.form.add).
(function () {
  "use strict";

  // In a contract only the Vorhand may play (a Rufer; not Trischaken, where all play for
  // themselves), the declarer is the Vorhand: the page says
  // who ("Vorhand: Bernd plays.") in place of the declarer's buttons, and the declarer's choice follows, so
  // the partner's buttons leave him out. (The server takes the Vorhand for these contracts in any case.)
  function setupWhoPlays(form) {
    const who = form.querySelector("#who-plays");
    const fs = form.querySelector("#fs-declarer");
    if (!who || !fs) return;
    const only = (who.dataset.when.split(":")[1] || "").split(",");
    const names = JSON.parse(who.dataset.names || "[]");
    const seats = JSON.parse(fs.dataset.seats || "[]");
    let kept = null;   // the declarer the player chose, while a contract of the Vorhand's has it
    function follow() {
      const dealer = form.querySelector("input[name=dealer]:checked");
      const contract = form.querySelector("input[name=contract]:checked");
      if (!dealer) return;
      const seat = seats[parseInt(dealer.value, 10)];
      const text = (who.dataset.text || "{name}").replace("{name}", names[seat] || "");
      if (who.textContent !== text) who.textContent = text;
      if (contract && only.indexOf(contract.value) >= 0) {
        const chosen = fs.querySelector("input:checked");
        if (kept === null) kept = chosen ? chosen.value : "";
        const radio = fs.querySelector("input[value='" + seat + "']");
        if (radio) radio.checked = true;
      } else if (kept !== null) {   // back to a contract with a declarer of its own: the one the player chose
        const back = kept && fs.querySelector("input[value='" + kept + "']");
        const shown = fs.querySelector("input:checked");
        if (fs.dataset.chosen && back) back.checked = true;
        else if (shown) shown.checked = false;   // nobody proposed: a Piccolo's or a Dreier's declarer is chosen
        kept = null;
      }
    }
    // the player's own pick (a tap, never the Vorhand set above): kept across a contract of the Vorhand's; one
    // made before this script loaded (the page no longer as it came) is the player's too
    if (Array.prototype.some.call(fs.querySelectorAll("input"), function (r) { return r.checked !== r.defaultChecked; })) {
      fs.dataset.chosen = "1";
    }
    fs.addEventListener("change", function (event) { if (event.isTrusted) fs.dataset.chosen = "1"; });
    form.addEventListener("change", follow);
    follow();
  }

  // Trischaken's card points on a phone's number pad (digits only: no third can follow): a whole number that cannot
  // grow (two digits, or 0: 70 is the most) moves on to the next player's empty field, or closes the keypad after
  // the last one (the hint says so). With a keyboard (a fine pointer) nothing moves: "12 2/3" may be typed.
  function setupAdvance(form) {
    if (!window.matchMedia || !window.matchMedia("(pointer: coarse)").matches) return;
    form.addEventListener("input", function (event) {
      const input = event.target;
      if (!input.matches || !input.matches("input[data-advance]") || !/^(0|[1-9][0-9])$/.test(input.value)) return;
      const all = Array.prototype.slice.call(form.querySelectorAll("input[data-advance]"))
        .filter(function (el) { return el.offsetParent !== null; });
      const at = all.indexOf(input);
      const next = all.slice(at + 1).concat(all.slice(0, at)).find(function (el) { return !el.value; });
      // the last empty one is the rest: left for the server, unless it is the only one left
      const empty = all.filter(function (el) { return !el.value; });
      if (next && empty.length > 1) next.focus(); else input.blur();
    });
  }

  // Trischaken's rest: once every player's field but one holds whole points (with its Blatt), the empty one shows
  // the rest of 70 it will be given (its placeholder: nothing is typed for the player)
  function setupRest(form) {
    const fs = form.querySelector("#fs-card_points");
    if (!fs) return;
    const THIRDS = ["", "\u2153", "\u2154"];
    function show() {
      const rows = Array.prototype.slice.call(fs.querySelectorAll("input[data-advance]"))
        .filter(function (el) { return el.offsetParent !== null; });
      let sum = 0, empty = [], unread = false;
      rows.forEach(function (el) {
        el.placeholder = "";
        if (!el.value.trim()) { empty.push(el); return; }
        if (!/^[0-9]{1,2}$/.test(el.value.trim())) { unread = true; return; }
        const blatt = form.querySelector("input[name='" + el.name.replace("tp", "tb") + "']:checked");
        sum += 3 * parseInt(el.value, 10) + (blatt ? parseInt(blatt.value, 10) : 0);
      });
      if (empty.length === 1 && !unread && sum <= 210) {
        const rest = 210 - sum;
        empty[0].placeholder = "= " + Math.floor(rest / 3) + THIRDS[rest % 3];
      }
    }
    form.addEventListener("input", show);
    form.addEventListener("change", show);
    show();
  }

  // A start from the board ("Rufer"): the first choice the player still has to make (the declarer, else the
  // partner, else the result) takes the focus and is scrolled to the middle of the screen, clear of the sticky
  // Save bar. After the shared script's own start (the contract from the query), hence the timeout.
  function setupStart(form) {
    if (!form.dataset.fresh || !new URLSearchParams(location.search).get("start")) return;
    setTimeout(function () {
      const todo = ["#fs-declarer", "#fs-partner", "#fs-result"].map(function (sel) { return form.querySelector(sel); })
        .find(function (fs) { return fs && fs.offsetParent !== null && !fs.querySelector("input:checked"); });
      if (!todo) return;
      // the question, not one of its answers: a ring around a single name read as "chosen" in dim light; Tab
      // goes on into its buttons, and a screen reader reads its legend
      todo.setAttribute("tabindex", "-1");
      todo.focus({ preventScroll: true });
      todo.scrollIntoView({ block: "center" });
    }, 0);
  }

  // A misdeal is the dealer's (his button is proposed); a renonce's offender is always the player's choice: on a
  // new form, while nobody was tapped, a renonce shows nobody chosen (also when the dealer is corrected), so it is
  // never charged to the dealer unasked; back to a misdeal, the dealer is proposed again.
  function setupOffender(form) {
    const fs = form.querySelector("#fs-offender");
    if (!fs) return;
    const seats = JSON.parse(fs.dataset.seats || "[]");
    form.addEventListener("change", function (event) {
      const name = event.target.name;
      if (fs.dataset.chosen || (name !== "type" && name !== "dealer")) return;
      const type = form.querySelector("input[name=type]:checked");
      const dealer = form.querySelector("input[name=dealer]:checked");
      const checked = fs.querySelector("input:checked");
      if (type && type.value === "renonce") { if (checked) checked.checked = false; }
      else if (dealer) {
        const radio = fs.querySelector("input[value='" + seats[parseInt(dealer.value, 10)] + "']");
        if (radio) radio.checked = true;
      }
    });
  }

  // Trischaken's Blatt buttons: a tap on +1 or +2 gives its row the third and leaves the cursor where it was (the
  // next player's field, the keypad open), so a third costs no tap more
  function setupBlattKeepsFocus(form) {
    const fs = form.querySelector("#fs-card_points");
    if (!fs) return;
    let keep = null;
    fs.addEventListener("pointerdown", function (event) {
      const active = document.activeElement;
      keep = event.target.closest(".blatt") && active && active.matches("input[data-advance]") ? active : null;
    });
    fs.addEventListener("change", function (event) {
      if (keep && /^tb[0-9]$/.test(event.target.name || "")) keep.focus({ preventScroll: true });
      keep = null;
    });
  }

  // Trischaken's rows say who is the Vorhand (he pays double): the word follows the dealer to the next player's row
  function setupVorhandRow(form) {
    const mark = form.querySelector("#tp-vorhand");
    const fs = form.querySelector("#fs-declarer");
    if (!mark || !fs) return;
    const seats = JSON.parse(fs.dataset.seats || "[]");
    function follow() {
      const dealer = form.querySelector("input[name=dealer]:checked");
      const label = dealer && form.querySelector("label[for=tp" + seats[parseInt(dealer.value, 10)] + "]");
      if (label && mark.parentNode !== label) label.append(mark);
    }
    form.addEventListener("change", follow);
    follow();
  }

  // A dealer corrected on a contract only the Vorhand plays, after a choice that depends on who plays (the partner, a
  // premium's side, the result, Trischaken's card points): the Vorhand is another person now, so the form asks
  // (the shared form.js marks the choices to check and holds Save until answered; the server asks the same, and
  // says it: web.py's ASKS, whose fields these are)
  const MARKS = { partner: "fs-partner", premiums: "premiums", result: "fs-result", card_points: "fs-card_points" };
  const ASKS = { rufer: ["partner", "premiums"], sechserdreier: ["result", "premiums"], trischaken: ["card_points"] };
  function asks(form, before) {
    const type = form.querySelector("input[name=type]:checked");
    const contract = form.querySelector("input[name=contract]:checked");
    const dealer = form.querySelector("input[name=dealer]:checked");
    const fs = form.querySelector("#fs-declarer");
    if (!type || (type.value !== "game" && type.value !== "renonce") || !contract || !ASKS[contract.value] ||
        !dealer || !fs) return null;
    const seats = JSON.parse(fs.dataset.seats || "[]");
    const now = seats[parseInt(dealer.value, 10)];
    if (now === undefined || now === seats[before]) return null;
    const fields = ASKS[contract.value];
    const typed = fields.some(function (field) {
      if (field === "premiums") return !!form.querySelector("input[name^=side_]:checked:not([value=''])");
      if (field === "card_points") {
        return Array.prototype.some.call(form.querySelectorAll("input[name^=tp]"), function (el) { return !!el.value.trim(); });
      }
      return !!form.querySelector("input[name=" + field + "]:checked");
    });
    if (!typed) return null;
    return { marks: fields.map(function (field) { return MARKS[field]; }) };
  }


  // The Säcke follow from the card points (RULES-KOENIGRUFEN.md §14.2), as won or lost does: once the declarer side's
  // card points are typed, a Sack their pile (or the opponents', the rest of 70) reaches is ticked as that side's, made
  // (silent, unless the player says announced), and follows the points while they change (they gone, it goes); what
  // the points rule out cannot be tapped (a side's Sack it did not reach is only announced and failed), and a line
  // under the Sack says why. The server fills in a Sack left unticked the same way (without this script too).
  const DECIMALS = { "0": 0, "00": 0, "000": 0, "3": 1, "33": 1, "333": 1, "7": 2, "66": 2, "67": 2, "666": 2, "667": 2 };
  function setupSaecke(form, api) {
    const fs = form.querySelector("#premiums");
    const rows = Array.prototype.slice.call(form.querySelectorAll(".prem[data-sack]"));
    if (!fs || !rows.length) return;
    const words = (fs.dataset.sackWords || "").split("|");
    function thirds() {   // the card points as the server reads them (web.py, read_blatt), or null
      const input = form.querySelector("#card_points");
      const text = input ? input.value.trim() : "";
      const blatt = form.querySelector("input[name=card_blatt]:checked");
      const extra = blatt ? parseInt(blatt.value, 10) || 0 : 0;
      const m = /^([0-9]{1,2})(?:\s*([\u2153\u2154])|\s*[,.+]?\s*([12])\s*\/\s*3|[,.]([0-9]{1,3}))?$/.exec(text);
      if (!m) return null;
      const third = m[2] ? (m[2] === "\u2153" ? 1 : 2) : m[3] ? parseInt(m[3], 10) : m[4] ? DECIMALS[m[4]] : extra;
      const value = 3 * parseInt(m[1], 10) + third;
      return third === undefined || (extra && third !== extra) || value > 210 ? null : value;
    }
    function counts() {   // a game played out, with no Valat made: its card points decide the Säcke
      const type = form.querySelector("input[name=type]:checked");
      const conceded = form.querySelector("input[name=conceded]");
      const valat = form.querySelector("input[name=side_valat]:checked");
      const failed = form.querySelector("input[name=made_valat][value=no]:checked");
      return !!type && type.value === "game" && !(conceded && conceded.checked && conceded.offsetParent !== null) &&
        !(valat && valat.value && !failed);
    }
    function apply() {
      const cp = counts() ? thirds() : null;
      let changed = false;
      rows.forEach(function (row) {
        const need = parseInt(row.dataset.sack, 10);
        const holder = cp === null || row.offsetParent === null ? null
          : cp >= need ? "declarer" : 210 - cp >= need ? "opponents" : "";
        const get = function (what, value) { return row.querySelector("input[name^=" + what + "_][value='" + value + "']"); };
        const side = row.querySelector("input[name^=side_]:checked");
        let s = side ? side.value : "";
        if (row.dataset.auto && s !== holder) {   // ticked by the points before: it follows them, or goes
          s = holder || "";
          get("side", s).checked = true;
          if (!s) delete row.dataset.auto;
          changed = true;
        } else if (!s && holder) {
          s = holder;
          get("side", s).checked = true;
          get("ann", "no").checked = true;
          get("made", "yes").checked = true;
          row.dataset.auto = "1";
          changed = true;
        }
        const known = holder !== null && s !== "";
        const theirs = known && s === holder;
        const made = get("made", "yes"), failed = get("made", "no"), ann = get("ann", "yes");
        if (theirs && !made.checked) { made.checked = true; changed = true; }
        if (known && !theirs && !(failed.checked && ann.checked)) { failed.checked = true; ann.checked = true; changed = true; }
        made.disabled = get("ann", "no").disabled = known && !theirs;
        failed.disabled = theirs;
        // why it is ticked, or (a side chosen) why it can only be announced and failed
        const text = holder === null || (!holder && !s) ? "" : words[holder === "declarer" ? 0 : holder ? 1 : 2] || "";
        let word = row.querySelector(".sack-word");
        if (!word && text) {
          word = document.createElement("p");
          word.className = "hint sack-word";
          row.querySelector(".prem-side > .seg-options").after(word);   // between whose and how
        }
        if (word && word.textContent !== text) { word.textContent = text; word.hidden = !text; }
      });
      if (changed) api.refresh();
    }
    form.addEventListener("change", function (event) {
      const row = event.target.closest && event.target.closest(".prem[data-sack]");
      if (row && event.isTrusted && /^side_/.test(event.target.name || "")) delete row.dataset.auto;   // the player's own
      setTimeout(apply, 0);   // after the parts shown for the answers are set (form.js)
    });
    let typing = null;   // a number being typed ("5" on the way to "50"): the Säcke follow once it stands
    form.addEventListener("input", function (event) {
      if (event.target.id !== "card_points") return;
      clearTimeout(typing);
      typing = setTimeout(apply, 400);
    });
    apply();
  }

  window.scorer.form.add({ init: function (form, api) {
    setupWhoPlays(form); setupAdvance(form); setupRest(form); setupStart(form); setupOffender(form);
    setupBlattKeepsFocus(form); setupVorhandRow(form); setupSaecke(form, api); }, asks: asks });
})();
