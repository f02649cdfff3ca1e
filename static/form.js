// The deal form's enhancements (and the pile calculator's), the same for every game: the live preview and result
// beside Save, the calculator, Save via fetch with the outbox (app.js keeps and sends it), the parts shown only
// for some answers, steppers. Loaded after app.js, by the pages that need it. A game's own behaviour is in its own
// script (scorer/games/<game>/static/<game>.js, loaded after this one), which hands its hooks to
// `window.scorer.form.add({init, fields, filled})`:
//   init(form, api): wires a deal form (each form once, a swapped-in form again), before the parts shown only for
//     some answers are set up; `api.refresh()` asks for a new preview, `api.addSteppers(root, onChange, selector)`
//     gives counters [-] n [+];
//   fields(form, fields): an outbox entry's fields [[name, value]] before they are put back in a form (older
//     entries' values read as the game reads them now); returns the fields;
//   filled(form, fields): after they are put back (what the game keeps beside the fields);
//   asks(form, before): the dealer was corrected from seat `before` (the dealer the choices were made under): when
//     that changes who plays, {marks: [ids of the parts to check]}, else null (setupAsks; the sentence that says
//     what changed comes with the live preview, the server's own words).
// The forms are wired once every deferred script has run (DOMContentLoaded), so a game's hooks are there. A form
// the player used before that (a slow phone) is adopted as it stands: no script moves what the page already holds.
(function () {
  "use strict";

  const S = window.scorer;
  const debounce = S.debounce, WORDS = S.words, line = S.line, showOffline = S.showOffline, loadBox = S.loadBox,
    saveBox = S.saveBox,
    isJson = S.isJson, ours = S.ours, transient = S.transient, formPage = S.formPage, retryAfter = S.retryAfter,
    settled = S.settled, refusal = S.refusal, discard = S.discard;

  function addSteppers(root, onChange, selector) {
    root.querySelectorAll(selector || ".count-input").forEach(function (input) {
      const by = parseInt(input.dataset.step || "1", 10);
      const low = parseInt(input.dataset.min || "0", 10);
      const high = parseInt(input.dataset.max || "999", 10);
      const wrap = document.createElement("div");
      wrap.className = "stepper";
      const minus = document.createElement("button");
      const plus = document.createElement("button");
      const label = input.labels && input.labels[0] ? input.labels[0].textContent.trim() : "";
      [minus, plus].forEach(function (b) { b.type = "button"; b.className = "button step"; });
      minus.textContent = "\u2212";
      plus.textContent = "+";
      const texts = input.closest("[data-more]") ? input.closest("[data-more]").dataset : {};
      minus.setAttribute("aria-label", (texts.fewer || "One fewer: {label}").replace("{label}", label));
      plus.setAttribute("aria-label", (texts.more || "One more: {label}").replace("{label}", label));
      input.parentNode.insertBefore(wrap, input);
      wrap.append(minus, input, plus);
      function ends() {   // a button that cannot move the value looks so (as a level stepper's, below)
        const value = parseInt(input.value, 10);
        minus.setAttribute("aria-disabled", String(!isNaN(value) && value <= low));
        plus.setAttribute("aria-disabled", String(!isNaN(value) && value >= high));
      }
      function step(delta) {
        const value = parseInt(input.value, 10);
        input.value = String(Math.min(high, Math.max(low, (isNaN(value) ? low : value) + delta)));
        ends();
        onChange();
      }
      input.addEventListener("keydown", function (event) {   // Enter in a counter moves on, never submits
        if (event.key !== "Enter" || !input.classList.contains("count-input")) return;
        event.preventDefault();
        const all = Array.prototype.slice.call(root.querySelectorAll(".count-input"));
        const next = all[all.indexOf(input) + 1];
        if (next) next.focus(); else input.blur();
      });
      minus.addEventListener("click", function () { step(-by); });
      plus.addEventListener("click", function () { step(by); });
      input.addEventListener("input", function () { ends(); onChange(); });
      ends();
    });
  }

  // A named value chosen from a few levels in order (e.g. a Kontra: none, Kontra, Re, Sub) as
  // [−] value [+]. Without the script it stays what the page has: a <select> with its label, or a fieldset of
  // radios with its legend. With it, `data-stepper` on either (and every premium's Kontra, the select in its
  // `.prem-how`: eleven attributes fewer on Tirol's form) gets two real buttons and the value between them
  // (read out when it changes); the select or radios stay in the form, hidden, and carry the value.
  // `data-levels` on an ancestor: every level's words, "a|b|c"; `data-caption`: a visible name when the label is for screen readers only;
  // `data-stepper-when`: the stepper's `data-when` (a premium's Kontra has its own, below); `data-fewer-text` / `data-more-text`: the buttons' names
  // ("{label}" for the name) when the label alone does not say what is counted (a player's name). Each of these
  // may stand once on an ancestor marked `data-stepper-texts` for all the steppers inside it (a page kept small).
  function addChoiceSteppers(root) {
    let made = 0;
    root.querySelectorAll("select[data-stepper], fieldset[data-stepper], .prem-how select").forEach(function (el) {
      if (el.dataset.stepped) return;
      el.dataset.stepped = "1";
      const shared = el.parentElement && el.parentElement.closest("[data-stepper-texts]");
      ["zero", "caption", "fewerText", "moreText"].forEach(function (key) {
        if (shared && !el.dataset[key] && shared.dataset[key]) el.dataset[key] = shared.dataset[key];
      });
      const isSelect = el.tagName === "SELECT";
      const named = el.closest("[data-levels]");   // the levels' full names, once for the page ("a|b|c")
      const levels = named ? named.dataset.levels.split("|") : [];
      const radios = isSelect ? [] : Array.prototype.slice.call(el.querySelectorAll("input[type=radio]"));
      const count = isSelect ? el.options.length : radios.length;
      if (count < 2) return;
      const texts = root.querySelector("[data-more]") ? root.querySelector("[data-more]").dataset : {};
      const labelEl = isSelect ? (el.labels && el.labels[0]) : el.querySelector("legend");
      const name = (el.getAttribute("aria-label") || el.dataset.caption || (labelEl ? labelEl.textContent : ""))
        .replace(/\s+/g, " ").trim();
      const wrap = document.createElement("div");
      wrap.className = "stepper choice-stepper";
      wrap.setAttribute("role", "group");
      if (labelEl) {
        if (!labelEl.id) labelEl.id = (el.id || el.name || "stepper-" + made) + "-label";
        wrap.setAttribute("aria-labelledby", labelEl.id);
      } else if (name) {
        wrap.setAttribute("aria-label", name);   // a select named by its aria-label
      }
      made += 1;
      // a premium's Kontra (a stepper in its `.prem-how`) shows while the premium is announced: its first radios, silent
      // or announced, say "yes"
      const how = !el.dataset.stepperWhen && el.closest(".prem-how");
      const announced = how && how.querySelector("input[type=radio]");
      if (el.dataset.stepperWhen || announced) wrap.dataset.when = el.dataset.stepperWhen || announced.name + ":yes";
      if (el.dataset.caption) {
        const caption = document.createElement("span");
        caption.className = "stepper-caption";
        caption.textContent = el.dataset.caption;
        caption.setAttribute("aria-hidden", "true");
        wrap.append(caption);
      }
      const minus = document.createElement("button");
      const plus = document.createElement("button");
      const value = document.createElement("span");
      [minus, plus].forEach(function (b) { b.type = "button"; b.className = "button step"; });
      minus.textContent = "\u2212";
      plus.textContent = "+";
      minus.setAttribute("aria-label", (el.dataset.fewerText || texts.fewer || "One fewer: {label}").replace("{label}", name));
      plus.setAttribute("aria-label", (el.dataset.moreText || texts.more || "One more: {label}").replace("{label}", name));
      value.className = "stepper-value";
      value.setAttribute("aria-live", "polite");
      wrap.append(minus, value, plus);
      // every level in order under the stepper, the chosen one marked: a player sees what [+] leads to
      const scale = document.createElement("ol");
      scale.className = "stepper-scale";
      for (let k = 0; k < count; k += 1) {
        const li = document.createElement("li");
        li.textContent = word(k);
        scale.append(li);
      }
      wrap.append(scale);
      function word(k) {
        const text = isSelect ? el.options[k].text : radios[k].nextElementSibling.textContent;
        return levels[k] || text.trim();
      }
      function index() {
        if (isSelect) return Math.max(0, el.selectedIndex);
        const at = radios.findIndex(function (r) { return r.checked; });
        return at < 0 ? 0 : at;
      }
      function show() {
        const i = index();
        const next = word(i);
        // a live region: rewritten only when its value changes, else a screen reader repeats it on every change
        if (value.textContent !== next) value.textContent = next;
        scale.querySelectorAll("li").forEach(function (li, k) {
          if (k === i) li.setAttribute("aria-current", "true"); else li.removeAttribute("aria-current");
        });
        minus.setAttribute("aria-disabled", String(i === 0));
        plus.setAttribute("aria-disabled", String(i === count - 1));
      }
      function step(delta) {
        const i = Math.min(count - 1, Math.max(0, index() + delta));
        if (i === index()) return;
        if (isSelect) el.selectedIndex = i; else radios[i].checked = true;
        (isSelect ? el : radios[i]).dispatchEvent(new Event("change", { bubbles: true }));
        show();
      }
      minus.addEventListener("click", function () { step(-1); });
      plus.addEventListener("click", function () { step(1); });
      if (isSelect) {
        el.hidden = true;
        if (labelEl && !el.dataset.caption && labelEl.classList.contains("visually-hidden")) labelEl.hidden = true;
        el.after(wrap);
      } else {
        const options = el.querySelector(".seg-options");
        if (options) options.hidden = true;
        (options || el.lastElementChild).after(wrap);
      }
      el.addEventListener("change", show);
      root.addEventListener("change", show);   // a restored form (the outbox) sets the value without a click
      show();
    });
  }

  function countQuery(root, url) {
    const params = new URLSearchParams();
    root.querySelectorAll(".count-input").forEach(function (input) { params.set(input.name, input.value); });
    // a choice the count depends on (whose pile it fills): sent while shown
    root.querySelectorAll("select").forEach(function (select) {
      if (select.offsetParent !== null) params.set(select.name, select.value);
    });
    const sep = url.indexOf("?") >= 0 ? "&" : "?";
    return url + sep + params.toString();
  }

  const calculator = document.getElementById("calculator");
  if (calculator) {
    const result = document.getElementById("calc-result");
    const cards = calculator.querySelector(".cards");
    let url = calculator.dataset.countUrl;
    const deck = calculator.querySelector("input[name=deck]");
    if (deck) url += (url.indexOf("?") >= 0 ? "&" : "?") + "deck=" + deck.value;
    const uses = calculator.querySelectorAll("a.use");
    let changes = 0;   // changes so far: an answer for an older state arriving late is not shown
    const count = debounce(function () {
      const mine = changes;
      fetch(countQuery(calculator, url)).then(function (r) { return r.json(); }).then(function (data) {
        if (mine !== changes) return;
        result.replaceChildren();
        cards.textContent = data.cards_text;
        uses.forEach(function (a) { a.hidden = true; });
        if (data.errors.length) {
          const ul = document.createElement("ul");
          ul.className = "errors";
          data.errors.forEach(function (e) { const li = document.createElement("li"); li.textContent = e; ul.append(li); });
          result.append(ul);
          return;
        }
        const big = line("= ", "big");
        const strong = document.createElement("strong");
        strong.textContent = data.blatt_text;
        big.append(strong);
        result.append(big, line(data.exact_text));
        uses.forEach(function (a) {
          const player = a.dataset.player;
          const q = new URLSearchParams({ pile_of: player, points: data.points, blatt: data.blatt });
          if (a.dataset.undertaker) q.set("undertaker", a.dataset.undertaker);   // issue 19: and who undertook
          data.bonuses.forEach(function (b) { q.append("bonus", b + ":" + player); });
          a.href = a.dataset.base + "?" + q.toString();
          a.hidden = false;
        });
      }).catch(function () { /* offline: the Count button still works */ });
    }, 150);
    // "Use for …" carries the counted points: hidden from the first change until the new count is back,
    // so a quick tap never takes an in-between count into the form
    addSteppers(calculator, function () { changes += 1; uses.forEach(function (a) { a.hidden = true; }); count(); });
  }

  // The deal form's enhancements. A refusal of a background Save (409, 422) brings a new form: the page's
  // <main> is swapped for the answer's (never document.write: the page's timers and listeners stay its own)
  // and this runs again on the new form.
  let current = null;   // the deal form on the page and its preview refresh
  const games = [];     // the hooks of the game's own script (scorer/games/<game>/static/<game>.js)
  S.form = { add: function (hooks) { games.push(hooks); } };
  window.addEventListener("offline", function () { if (current) current.noPreview(); });
  window.addEventListener("online", function () { if (current) current.refresh(); });
  // the outbox (app.js) recorded the deal typed on this page, back online: the page no longer says "not
  // recorded yet"; it goes to the board, as a Save does, where the outbox says "Recorded as deal N"
  window.addEventListener("scorer:shown", function () { current = null; sending = false; });   // the form is gone
  window.addEventListener("scorer:recorded", function (event) {
    const key = current && current.form.querySelector("input[name=key]");
    if (key && key.value === event.detail.key) window.location.assign(event.detail.done.board || current.form.dataset.board);
  });

  function initForm(form) {
    if (form.dataset.enhanced) return;   // once per form: a swapped-in form is a new element, wired anew
    form.dataset.enhanced = "1";
    const preview = document.getElementById("preview");
    let asked = 0;   // previews asked for: only the answer to the newest is shown (an older one arriving late is not)
    const later = debounce(function () {
      const data = new FormData(form);
      data.set("action", "preview");
      // form.action would be the buttons named "action": read the attribute
      const url = form.getAttribute("action");
      if (!navigator.onLine) { noPreview(); return; }
      const mine = asked;
      fetch(url + (url.indexOf("?") >= 0 ? "&" : "?") + "fragment=1", {
        method: "POST", body: data, credentials: "same-origin",
      }).then(function (r) { return r.text(); }).then(function (html) {
        if (mine === asked) preview.innerHTML = html;
      }).catch(noPreview);
    }, 300);
    // "To be recorded: …" says what Save stores only for the form as it is: gone from the change until its preview
    function refresh() {
      asked += 1;
      const line = document.getElementById("to-record");
      if (line) line.remove();
      later();
    }
    function noPreview() {   // never a stale preview: say there is none
      preview.replaceChildren(line(WORDS.noPreview || "Offline: no preview.", "hint offline-preview"));
      showOffline(true);
    }
    current = { form: form, refresh: refresh, noPreview: noPreview };
    if (!navigator.onLine) noPreview();
    form.addEventListener("change", function (event) {
      if (!event.target.classList.contains("count-input")) refresh();
    });
    // every keystroke that changes the deal (any field's, not only the card points'): a new preview
    form.addEventListener("input", function (event) {
      if (!event.target.classList.contains("count-input")) refresh();
    });
    // a field the player has touched: only there does the live preview put its problems (never before any input)
    ["input", "change"].forEach(function (type) {
      form.addEventListener(type, function (event) {
        const at = event.target.closest && event.target.closest("[id^='f-'], [id^='fs-']");
        if (at) at.dataset.touched = "1";
      });
    });
    setupEnter(form);

    addChoiceSteppers(form);   // data-stepper: a few ordered levels as [-] value [+]

    const calc = form.querySelector("details.calc");
    if (calc) {
      const live = calc.querySelector(".calc-live");
      const recount = debounce(function () {
        fetch(countQuery(calc, form.dataset.countUrl)).then(function (r) { return r.json(); }).then(function (data) {
          if (data.errors.length) { live.textContent = data.errors.join(" "); return; }
          live.textContent = data.live_text;
          // the game's count says which of the form's fields it fills (points and Blatt, or the declarer side's
          // card points): a radio of that value, or a text field
          Object.keys(data.fill || {}).forEach(function (name) {
            const value = String(data.fill[name]);
            const radio = form.querySelector("input[type=radio][name='" + name + "'][value='" + value + "']");
            const input = form.querySelector("input[name='" + name + "']:not([type=radio])");
            if (radio) radio.checked = true;
            else if (input) { input.value = value; input.dispatchEvent(new Event("input", { bubbles: true })); }
          });
          // the count decides the bonuses it knows for the counted pile's owner (the field named by the calculator's
          // data-owner): ticked when there, unticked when not
          const pile = calc.dataset.owner && form.querySelector("input[name='" + calc.dataset.owner + "']:checked");
          [[data.bonuses || [], true], [data.unheld || [], false]].forEach(function (pair) {
            pair[0].forEach(function (b) {
              const box = form.querySelector("input[name=bonuses][value='" + b + ":" + (pile ? pile.value : "0") + "']");
              if (!box || box.checked === pair[1]) return;
              box.checked = pair[1];
              // a bonus the count ticks is seen: its fold opens and its summary says it (the fold's change)
              const fold = box.closest("details");
              if (fold && pair[1]) fold.open = true;
              box.dispatchEvent(new Event("change", { bubbles: true }));
            });
          });
          refresh();
        }).catch(function () {});
      }, 150);
      addSteppers(calc, recount);
      calc.addEventListener("change", function (event) { if (event.target.matches("[data-count-arg]")) recount(); });
    }

    setupSave(form);
    setupScoreSheet(form);
    setupRest(form);
    setupStart(form);
    const api = { refresh: refresh, addSteppers: addSteppers };
    games.forEach(function (game) { if (game.init) game.init(form, api); });
    setupWhen(form);   // last: the steppers above add parts shown only for some answers
    setupAsks(form, refresh);
  }

  // A control the player changed before the script could see it: its state is no longer the page's own.
  function changedByPlayer(input) {
    if (input.type === "radio" || input.type === "checkbox") return input.checked !== input.defaultChecked;
    return input.value !== input.defaultValue;
  }

  // A correction of the dealer that changes who plays asks. The form carries the dealer its choices were made under
  // (`typed_dealer`); when the dealer differs and the game's script says what depends on him (its `asks` hook), a
  // question stands under the dealer (the server's sentence once the live preview brings it: "Dora is now Vorhand, so
  // Dora plays the Rufer: check the partner and the premiums."; offline a general one), the choices to check are
  // marked, and Save sends nothing until the player has answered: "It is right" or a change in a marked choice.
  // Then, or when nothing depends on the dealer, the form's choices are the ones made under the dealer it shows. The
  // server asks the same of a form without the script.
  function setupAsks(form, refresh) {
    const typed = form.querySelector("input[name=typed_dealer]");
    if (!typed) return;
    let marked = [];
    function dealer() {
      const d = form.querySelector("input[name=dealer]:checked");
      return d ? d.value : "";
    }
    function unmark() {
      marked.forEach(function (el) {
        el.classList.remove("asked");
        el.querySelectorAll(".asked-note").forEach(function (p) { p.remove(); });
      });
      marked = [];
    }
    function settle() {   // the choices as they stand are the player's under the dealer shown
      typed.value = dealer();
      const box = document.getElementById("asks");
      if (box) box.remove();
      unmark();
    }
    function check() {
      const before = parseInt(typed.value, 10);
      let found = null;
      if (!isNaN(before) && dealer() !== "" && String(before) !== dealer()) {
        games.forEach(function (game) { if (!found && game.asks) found = game.asks(form, before); });
      }
      if (!found) { settle(); return; }
      let box = document.getElementById("asks");
      if (!box) {   // said as the server says a refusal: the form's summary box
        box = document.createElement("div");
        box.id = "asks";
        box.className = "errors summary";
        box.setAttribute("role", "alert");
        box.setAttribute("tabindex", "-1");
        const keep = document.createElement("button");
        keep.type = "button";
        keep.id = "asks-keep";
        keep.className = "button";
        keep.textContent = WORDS.asksKeep || "It is right";
        keep.addEventListener("click", settle);
        box.append(line(WORDS.asks || "", "asks-text"), keep);
        const at = form.querySelector("#fs-dealer");
        if (at) at.after(box); else form.prepend(box);
        if (!document.getElementById("asks-said")) refresh();   // the server's sentence comes with a preview
      }
      said();
      unmark();
      marked = (found.marks || []).map(function (id) { return document.getElementById(id); }).filter(Boolean);
      marked.forEach(function (el) {   // each choice to check says so, where it is (once: not where a choice is gone)
        el.classList.add("asked");
        if (!el.dataset.gone && !el.querySelector("[data-gone]")) el.append(line(WORDS.asksCheck || "", "errors asked-note"));
      });
    }
    function said() {   // the server's sentence, from the preview of the form as it is
      const box = document.getElementById("asks");
      const words = document.getElementById("asks-said");
      if (box && words) box.querySelector(".asks-text").textContent = words.textContent;
    }
    const preview = document.getElementById("preview");
    if (preview) new MutationObserver(said).observe(preview, { childList: true, subtree: true });
    form.addEventListener("change", function (event) {
      // a change in a marked choice answers the question; any other change asks again if it still stands
      if (event.target.name !== "dealer" && marked.some(function (el) { return el.contains(event.target); })) {
        settle();
        return;
      }
      check();
    });
    form.addEventListener("input", function (event) {
      if (marked.some(function (el) { return el.contains(event.target); })) settle();
    });
    check();   // a dealer tapped before the script was there
  }

  // Any game's deal form: parts shown only for some answers, and choices that follow another (progressive;
  // without the script every part shows and the server ignores what does not apply).
  // data-when="contract:rufer,solorufer type:!misdeal": shown while every named field's value is (or, with
  // "!", is not) one of the values. data-follow="dealer" data-seats="[1,2,3,0]" on a fieldset of radios:
  // its choice follows the named field (seats[value]) until the player picks one himself. A choice (a radio's
  // label) that is hidden is no longer chosen: the player sees what is missing, never a hidden answer.
  function setupWhen(form) {
    function value(name) {
      const checked = form.querySelector("input[name='" + name + "']:checked");
      if (checked) return checked.value;
      const other = form.querySelector("select[name='" + name + "'], input[name='" + name + "']:not([type=radio])");
      return other ? other.value : "";
    }
    function holds(rule) {
      const at = rule.indexOf(":");
      let values = rule.slice(at + 1);
      const negated = values.charAt(0) === "!";
      if (negated) values = values.slice(1);
      const found = values.split(",").indexOf(value(rule.slice(0, at))) >= 0;
      return negated ? !found : found;
    }
    function update() {
      form.querySelectorAll("[data-when]").forEach(function (part) {
        const hide = !part.dataset.when.split(" ").filter(Boolean).every(holds);
        if (part.hidden !== hide) part.hidden = hide;
        if (hide && part.tagName === "LABEL") {
          const radio = part.querySelector("input[type=radio]:checked");
          const why = part.dataset.when.split(" ").filter(Boolean).find(function (rule) { return !holds(rule); });
          if (radio) { radio.checked = false; gone(radio, part, why.slice(0, why.indexOf(":"))); }
        } else if (part.classList.contains("grid-row") && /(^|\s)(dealer|declarer):/.test(part.dataset.when)) {
          rowGone(part, hide);
        }
      });
    }
    // a player's row hidden because he now deals and sits out, or declares: card points typed in it are cleared
    // (the server refuses them for a player who sits out) and a Kontra in it does not count while it is hidden
    // (he cannot give one on his own game; it counts again when the row comes back); either is said beside the rows
    function rowGone(part, hide) {
      const fs = part.closest("fieldset");
      const name = part.querySelector(".row-name");
      const key = name ? name.getAttribute("for") : "";
      const note = fs && fs.querySelector(".row-gone[data-row='" + key + "']");
      if (!hide) { if (note) note.remove(); return; }
      let typed = false;
      part.querySelectorAll("input[type=text], select").forEach(function (input) {
        if (input.tagName === "SELECT") { typed = typed || input.selectedIndex > 0; return; }
        if (!input.value) return;
        input.value = "";
        input.dispatchEvent(new Event("input", { bubbles: true }));
        typed = true;
      });
      if (!typed || note || !fs) return;
      const p = line((WORDS.goneRow || "{name}").replace("{name}", name ? name.textContent.trim() : ""),
                     "errors gone-error row-gone");
      p.dataset.row = key;
      p.setAttribute("role", "alert");
      fs.append(p);
    }
    // a person chosen who can no longer be, said once with its reason, and nothing is chosen there until the player
    // chooses again (the server refuses the form meanwhile): he deals now and sits out (said under the dealer just
    // tapped, the field marked), or he plays the game now (said at the field: he cannot be his own partner). The
    // field's other notes (the dealer's question, the live preview's) are left out while it stands.
    function gone(radio, part, because) {
      const fs = radio.closest("fieldset");
      if (!fs) return;
      const name = part.textContent.trim();
      const legend = fs.querySelector("legend");
      const what = legend ? legend.textContent.split(":")[0].trim() : "";
      const dealer = because === "dealer" && form.querySelector("#fs-dealer");
      const text = (because === "dealer" ? WORDS.goneDealer : because === "declarer" ? WORDS.goneDeclarer : WORDS.gone) ||
        WORDS.gone || "{name}: choose again.";
      let p = document.getElementById("gone-" + radio.name);
      if (!p) {
        p = line("", "errors gone-error");
        p.id = "gone-" + radio.name;
        p.setAttribute("role", "alert");
        fs.addEventListener("change", function clear(event) {
          if (event.target.name !== radio.name || !event.target.checked) return;
          p.remove();
          fs.classList.remove("gone-here");
          delete fs.dataset.gone;
          fs.removeEventListener("change", clear);
        });
      }
      if (dealer) dealer.after(p); else fs.append(p);
      fs.dataset.gone = "1";
      fs.classList.toggle("gone-here", !!dealer);   // said under the dealer: the field is marked where it is
      fs.querySelectorAll(".asked-note, .live-error").forEach(function (note) { note.remove(); });
      p.textContent = text.replace("{name}", name).replace("{what}", what);
    }
    form.querySelectorAll("fieldset[data-follow]").forEach(function (fs) {
      // chosen before this script was there (a slow phone): the player's, never moved
      if (Array.prototype.some.call(fs.querySelectorAll("input"), changedByPlayer)) fs.dataset.chosen = "1";
      fs.addEventListener("change", function () { fs.dataset.chosen = "1"; });
      form.querySelectorAll("input[name='" + fs.dataset.follow + "']").forEach(function (input) {
        input.addEventListener("change", function () {
          if (fs.dataset.chosen) return;
          const seats = JSON.parse(fs.dataset.seats || "[]");
          const target = fs.querySelector("input[value='" + seats[parseInt(input.value, 10)] + "']");
          if (target) target.checked = true;
          update();
        });
      });
    });
    form.addEventListener("change", update);
    update();
  }

  // The result beside Save (the server's preview says it: #preview-short), no separate Preview
  // button, the folded bonuses' summary, and the preview's errors at the fields they concern.
  // Enter (a phone's "Done" or "Next") in a field with choices after it (`data-no-submit`) never submits the form:
  // it moves to the next such field still empty (Trischaken's players) or closes the keyboard. Save saves.
  function setupEnter(form) {
    form.addEventListener("keydown", function (event) {
      const input = event.target;
      if (event.key !== "Enter" || !input.matches || !input.matches("input[data-no-submit]")) return;
      event.preventDefault();
      const all = Array.prototype.slice.call(form.querySelectorAll("input[data-no-submit]"))
        .filter(function (el) { return el.offsetParent !== null; });
      const at = all.indexOf(input);
      const after = all.slice(at + 1).concat(all.slice(0, at));
      const next = input.enterKeyHint === "done" ? null : after.find(function (el) { return !el.value; });
      if (next) next.focus(); else input.blur();
    });
  }

  // Card points of one side typed as a whole number, the other side's the rest (`data-rest="88"` on the input): the
  // output beside it (`output.rest`, its `data-text` with "{rest}") says the other side's, or nothing while the
  // number is not one of 0 to the total.
  function setupRest(form) {
    form.querySelectorAll("input[data-rest]").forEach(function (input) {
      const out = input.parentElement.querySelector("output.rest");
      if (!out) return;
      function show() {
        const total = parseInt(input.dataset.rest, 10);
        const typed = /^\s*[0-9]{1,3}\s*$/.test(input.value) ? parseInt(input.value, 10) : total + 1;
        out.textContent = typed <= total ? out.dataset.text.replace("{rest}", total - typed) : "";
      }
      input.addEventListener("input", show);
      show();
    });
  }

  // A start from the board (`?start=1`): the first part of the form's `data-start` (ids: a fieldset still without an
  // answer, or a field still empty) that shows takes the focus, in the middle of the screen, clear of the Save bar.
  // After the shared start's own choices (the contract from the query), hence the timeout.
  function setupStart(form) {
    if (!form.dataset.fresh || !form.dataset.start || !new URLSearchParams(location.search).get("start")) return;
    setTimeout(function () {
      const todo = form.dataset.start.split(" ").map(function (id) { return document.getElementById(id); })
        .find(function (el) {
          return el && el.offsetParent !== null && (el.tagName === "FIELDSET" ? !el.querySelector("input:checked") : !el.value);
        });
      if (!todo) return;
      if (todo.tagName === "FIELDSET") todo.setAttribute("tabindex", "-1");   // the question, not one of its answers
      todo.focus({ preventScroll: true });
      todo.scrollIntoView({ block: "center" });
    }, 0);
  }

  function setupScoreSheet(form) {
    const preview = document.getElementById("preview");
    const result = document.getElementById("save-result");
    const button = document.getElementById("preview-button");
    if (button) button.hidden = true;   // the preview follows every change; without JavaScript the button stays
    function showPreview() {
      const short = preview && preview.querySelector("#preview-short");
      if (result) result.textContent = short ? short.textContent : "";
      form.querySelectorAll(".live-error").forEach(function (p) { p.remove(); });
      if (!preview) return;
      // each sentence once: a refused Save's sentence beside its field stays while the preview still says it (and
      // goes, with its link in the summary, once the field is right); a touched field gets the preview's own
      // A refusal the preview cannot repeat (the partie ended, a table's round complete: `data-stands`) stays; the
      // summary never stands empty
      const listed = {};
      preview.querySelectorAll("li[data-field]").forEach(function (li) { listed[li.dataset.field] = true; });
      document.querySelectorAll('#deal-form [id^="error-"]').forEach(function (el) {
        const field = el.id.slice(6);
        let shown = 0;
        el.querySelectorAll("li").forEach(function (li) {
          li.hidden = !listed[field] && !li.hasAttribute("data-stands");
          if (!li.hidden) shown += 1;
        });
        el.hidden = !shown;
      });
      const summary = document.getElementById("error-summary");
      if (summary) {
        summary.querySelectorAll('a[href^="#error-"]').forEach(function (a) {
          const li = a.parentNode;
          li.hidden = !listed[a.getAttribute("href").slice(7)] && !li.hasAttribute("data-stands");
        });
        summary.hidden = !summary.querySelector("li:not([hidden])");
      }
      preview.querySelectorAll("li[data-field]").forEach(function (li) {
        const field = li.dataset.field;
        const said = form.querySelector("#error-" + field);
        const at = form.querySelector("#f-" + field + ", #fs-" + field);
        if (said && said.textContent.trim() === li.textContent.trim()) { li.hidden = true; return; }
        if (!at || !at.dataset.touched || at.dataset.gone) return;   // untouched (or said gone): the preview says it
        at.append(line(li.textContent, "errors live-error"));
        li.hidden = true;
      });
    }
    if (preview) new MutationObserver(showPreview).observe(preview, { childList: true, subtree: true });
    // from the calculator's "Use for": the counted points are in, so show their preview at once
    const points = form.querySelector("input[name=points]");
    if (points && points.value && new URLSearchParams(location.search).has("points")) {
      points.dispatchEvent(new Event("input", { bubbles: true }));
    }
    const fold = form.querySelector("details.bonuses");
    if (fold) {
      const chosen = fold.querySelector(".fold-chosen");
      fold.addEventListener("change", function () {
        const labels = [];
        fold.querySelectorAll("input[name=bonuses]:checked").forEach(function (box) { labels.push(box.dataset.label); });
        chosen.textContent = labels.join(", ");
      });
    }
  }

  // the keys this phone has sent: a form that comes back with one of them (from the service worker's cache)
  // gets a new key; any other form keeps the server's
  const SENT = "scorer-sent";
  function sentKeys() {
    try { return JSON.parse(localStorage.getItem(SENT) || "[]"); } catch (e) { return []; }
  }
  function rememberSent(key) {
    const keys = sentKeys().filter(function (k) { return k !== key; });
    keys.push(key);
    try { localStorage.setItem(SENT, JSON.stringify(keys.slice(-100))); } catch (e) { /* nothing kept */ }
  }
  function newKey() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    // 22 characters of base64url, as the server's forms make them (a longer key is refused)
    return btoa(String.fromCharCode.apply(null, bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function swapMain(doc) {
    // show the server's form page in place of this page's <main>: nothing of the answer runs, the page's own
    // script wires the new form. The form keeps this page's CSRF token (the newest this phone has).
    const token = document.querySelector("#deal-form input[name=csrf_token]");
    const main = document.importNode(doc.getElementById("main"), true);
    document.getElementById("main").replaceWith(main);
    if (doc.title) document.title = doc.title;
    const form = document.getElementById("deal-form");
    const fresh = form.querySelector("input[name=csrf_token]");
    if (token && fresh && !fresh.value) fresh.value = token.value;
    showOffline(!navigator.onLine);
    initForm(form);
    // the answer's preview box speaks of the refused form: show what the kept values give now
    if (current && current.form === form && navigator.onLine) current.refresh();
    const focus = document.getElementById("conflict") || document.querySelector(".errors") || form;
    focus.scrollIntoView({ block: "start" });
    // the focus goes where the refusal is said: a screen reader reads it, the keyboard goes on from there
    if (focus !== form) {
      if (!focus.hasAttribute("tabindex")) focus.setAttribute("tabindex", "-1");
      focus.focus({ preventScroll: true });
    }
    return form;
  }

  function fill(form, fields) {
    // the typed deal back into a fresh form: every field as it was sent (the page's CSRF token stays)
    const skip = { csrf_token: true, action: true };
    games.forEach(function (game) { if (game.fields) fields = game.fields(form, fields); });
    const has = {};
    fields.forEach(function (f) { has[f[0]] = true; });
    form.querySelectorAll("input").forEach(function (input) {
      if (skip[input.name] || !input.name) return;
      if (input.type === "checkbox") {
        input.checked = fields.some(function (f) { return f[0] === input.name && f[1] === input.value; });
      } else if (input.type === "radio") {
        if (has[input.name]) {
          input.checked = fields.some(function (f) { return f[0] === input.name && f[1] === input.value; });
        }
      } else if (has[input.name] && input.type !== "submit" && input.type !== "button") {
        const f = fields.find(function (x) { return x[0] === input.name; });
        input.value = f[1];
      }
    });
    form.querySelectorAll("select").forEach(function (select) {   // the premium grid, Kontra by each opponent
      const f = fields.find(function (x) { return x[0] === select.name; });
      if (f) select.value = f[1];
    });
    games.forEach(function (game) { if (game.filled) game.filled(form, fields); });
  }

  function notice(form, text, className) {
    let p = document.querySelector("." + className);
    if (!p) {
      p = line("", className + " notice");
      p.setAttribute("role", "alert");
      const foot = form.querySelector(".actions.sticky");
      if (foot) foot.before(p); else form.prepend(p);
    }
    p.textContent = text;
    p.scrollIntoView({ block: "center" });
    return p;
  }

  function words(el) {
    // the words a player sees in an element: hidden parts left out, separate words kept apart (never glued)
    return (el.innerText || el.textContent || "").replace(/\s+/g, " ").trim();
  }

  function said(el, leave) {
    // the words a player sees in an element (as `words`) without the page's own marks (`data-mark`, e.g. Königrufen's
    // "·V") and what `leave` names
    let text = el.innerText || el.textContent || "";
    el.querySelectorAll("[data-mark]" + (leave ? ", " + leave : "")).forEach(function (m) {
      const mark = m.innerText || m.textContent || "";
      if (mark) text = text.replace(mark, "");
    });
    return text.replace(/\s+/g, " ").trim();
  }

  function factsOf(form) {
    // what was typed, in the form's own words, in the order the page shows them, leaving out what says nothing (an
    // empty field, a +0 Blatt, the first level of a scale such as "no Kontra", a choice of nobody) and the form's
    // own marks (`data-mark`); an empty field that will be the rest says so (its placeholder "= 30"). Never a point
    // the server has not scored.
    const parts = [];
    form.querySelectorAll("fieldset.seg, input[type=text]:not(.count-input), select, input[type=checkbox]:checked")
      .forEach(function (el) {
        if (el.offsetParent === null || el.closest(".calc")) return;
        if (el.tagName === "FIELDSET") {
          const checked = el.querySelector("input:checked");
          const legend = el.querySelector("legend");
          if (!checked || !checked.nextElementSibling || !checked.value) return;
          const first = el.querySelector("input[type=radio]");
          if (el.classList.contains("blatt")) {   // a third beside the card points just listed: "40 +1"
            const points = el.parentNode.querySelector("input[type=text]");
            if (checked !== first && points && points.value && parts.length) {
              parts[parts.length - 1] += " " + said(checked.nextElementSibling);
            }
            return;
          }
          if (el.hasAttribute("data-stepper") && checked === first) return;
          if (legend) parts.push(said(legend) + ": " + said(checked.nextElementSibling));
        } else if (el.tagName === "SELECT") {
          const first = el.options[0];
          if (el.selectedIndex > 0 && el.labels && el.labels[0] && first) {
            parts.push(said(el.labels[0]) + ": " + el.options[el.selectedIndex].text.trim());
          }
        } else if (el.type === "checkbox") {
          if (el.nextElementSibling) parts.push(el.dataset.label || words(el.nextElementSibling));
        } else if (el.labels && el.labels[0]) {
          const rest = !el.value && /^=/.test(el.placeholder || "");
          if (el.value) parts.push(said(el.labels[0]) + ": " + el.value);
          else if (rest) parts.push(said(el.labels[0]) + " " + el.placeholder);
        }
      });
    return parts.join(" · ");
  }

  function enqueue(form, data, retryAt) {
    const box = loadBox();
    const fields = [];
    data.forEach(function (value, name) { if (typeof value === "string") fields.push([name, value]); });
    const key = data.get("key");
    const pid = form.dataset.pid;
    const edit = form.dataset.number || null;
    const waiting = box.filter(function (e) { return e.pid === pid && e.state === "waiting" && e.key !== key; });
    const before = waiting.filter(function (e) { return !e.edit; }).pop();
    const heading = document.querySelector("h1");
    // the dealer and the persons are sent as typed: the form proposed the dealer after this phone's waiting deals
    // the form's own line of what Save stores ("To be recorded: …"), while it is the form's as it is; else its facts
    const line = document.querySelector("#preview #to-record");
    const facts = line ? said(line, "strong") : factsOf(form);
    const entry = { key: key, pid: pid, url: form.getAttribute("action"), fields: fields, facts: facts,
                    title: edit && heading ? heading.textContent.trim() : "", at: Date.now(), state: "waiting",
                    after: !edit && before ? before.key : null, edit: edit,
                    // this phone's deals waiting before it: recorded, they move its version on (app.js), nothing else does
                    before: waiting.map(function (e) { return e.key; }) };
    if (retryAt) { entry.retryAt = retryAt; entry.tries = 1; }
    const at = box.findIndex(function (e) { return e.key === key; });
    if (at >= 0) box[at] = entry; else box.push(entry);
    saveBox(box);
  }

  // the deal kept on this phone (the outbox): Save says so and takes the player on to the board (where the outbox
  // shows it waiting) until something is changed (then Save again replaces it), and the way back no longer says
  // "nothing saved": the deal waits on this phone
  function kept(form) {
    const way = document.querySelector("p.back .back-note");
    if (way && WORDS.kept) way.textContent = WORDS.kept;
    const word = form.querySelector("#save .save-word");
    if (!word || !WORDS.kept) return;
    if (!word.dataset.save) word.dataset.save = word.textContent;
    word.textContent = WORDS.keptOn || WORDS.kept;
    form.classList.add("kept");
    function back() {
      word.textContent = word.dataset.save;
      form.classList.remove("kept");
      form.removeEventListener("input", back);
      form.removeEventListener("change", back);
    }
    form.addEventListener("input", back);
    form.addEventListener("change", back);
  }

  let sending = false;   // a double tap sends once
  window.addEventListener("pageshow", function (event) { if (event.persisted) sending = false; });

  function setupSave(form) {
    const keyInput = form.querySelector("input[name=key]");
    // a new deal's form served again (the service worker's cache) carries a key this phone has sent: a new one
    // (a deal restored from the outbox keeps its own: it is that deal, sent again)
    if (form.dataset.fresh && !form.dataset.restored && keyInput && sentKeys().indexOf(keyInput.value) >= 0) {
      keyInput.value = newKey();
    }
    const pid = form.dataset.pid;
    if (loadBox().some(function (e) { return e.pid === pid && e.state === "waiting" && !e.edit; })) {
      form.prepend(line(WORDS.checkDealer || "", "notice check-dealer"));
    }
    const discardLink = form.querySelector("#discard");
    if (discardLink && keyInput) discardLink.addEventListener("click", function () { discard(keyInput.value); });
    sending = false;
    form.addEventListener("submit", function (event) {
      const button = event.submitter;
      const action = button ? button.value : "save";
      const board = document.querySelector("p.back a");
      if (form.classList.contains("kept") && action === "save" && board) {   // kept on this phone: on to the board
        event.preventDefault();
        window.location.assign(board.href);
        return;
      }
      if (action !== "save" && action !== "record-anyway") {
        if (!navigator.onLine) {   // preview or count: the server's work; offline, say so instead of an error page
          event.preventDefault();
          const preview = document.getElementById("preview");
          if (preview) preview.replaceChildren(line(WORDS.noPreview || "", "hint offline-preview"));
        }
        return;
      }
      event.preventDefault();
      const ask = document.getElementById("asks");
      if (ask) {   // the dealer was corrected under choices that depend on him: answered first, nothing sent
        ask.scrollIntoView({ block: "center" });
        ask.focus({ preventScroll: true });
        return;
      }
      if (sending) return;   // a double tap
      sending = true;
      const data = new FormData(form);
      data.set("action", action);
      if (keyInput) rememberSent(keyInput.value);
      function waits(retryAt, words) {   // kept on this phone: the outbox sends it
        sending = false;
        enqueue(form, data, retryAt);
        if (!retryAt) showOffline(true);
        notice(form, words || "", "queued");
        kept(form);
      }
      (navigator.onLine ? fetch(form.getAttribute("action"), {
        method: "POST", body: data, credentials: "same-origin",
        headers: { Accept: "application/json", "X-Scorer-Show": "board" },
      }) : Promise.reject(new Error("offline"))).then(function (r) {
        if (r.ok && isJson(r) && ours(r)) {
          return r.json().then(function (done) {
            const queued = keyInput && loadBox().some(function (e) { return e.key === keyInput.value; });
            if (queued) settled(keyInput.value, done);
            else S.learn(pid, parseInt(data.get(action === "record-anyway" ? "seen_version" : "version"), 10), done,
                         keyInput && keyInput.value);
            // the answer carries the board: shown at once (one round trip), else loaded
            if (!(done.page && S.show && S.show(done.page, done.board))) window.location.assign(done.board);
          });
        }
        return r.text().then(function (html) {
          sending = false;
          const doc = formPage(r, html);
          if (doc) { swapMain(doc); return; }                    // refused: the server's form says why
          if (transient(r)) { waits(Date.now() + retryAfter(r, 1), WORDS.busy); return; }
          // any other answer (an expired form, a page gone): the form stays as typed, with what was said
          notice(form, (WORDS.notSaved || "{why}").replace("{why}", refusal(html)), "not-saved");
          fetch(location.href, { credentials: "same-origin" }).then(function (g) { return g.text(); }).then(function (page) {
            const token = new DOMParser().parseFromString(page, "text/html").querySelector("input[name=csrf_token]");
            const mine = form.querySelector("input[name=csrf_token]");
            if (token && mine) mine.value = token.value;   // a new CSRF token: Save again works
          }).catch(function () {});
        });
      }).catch(function () { waits(0, WORDS.queued); });
    });
  }

  // A new deal's form, maybe served by the service worker from an older visit: it proposes the number, the dealer
  // and the balances that follow from the newest state this phone saw (a board, its own recorded deals) and its
  // own deals waiting in the outbox ("Deal 7 · 2 waiting to be sent"); the version it sends is that state's (the
  // outbox moves it past this phone's own deals as they are recorded). Never a person: the dealer moves, the
  // players chosen stay.
  function catchUp(form) {
    if (!form.dataset.fresh || form.dataset.number) return;
    const pid = form.dataset.pid;
    const version = form.querySelector("input[name=version]");
    const count = form.querySelector("input[name=count]");
    const dealerNow = form.querySelector("input[name=dealer]:checked");
    const mine = { version: parseInt(version && version.value, 10), count: parseInt(count && count.value, 10),
                   dealer: dealerNow ? parseInt(dealerNow.value, 10) : null };
    const known = S.seen(pid);
    const base = known && known.version > mine.version && known.count != null ? known : mine;
    const waiting = loadBox().filter(function (e) { return e.pid === pid && !e.edit && e.state === "waiting"; });
    if (base === mine && !waiting.length) return;
    const table = JSON.parse(form.dataset.nextDealers || "{}");
    let dealer = base.dealer;
    waiting.forEach(function (e) {
      const get = function (name) { const f = e.fields.find(function (x) { return x[0] === name; }); return f ? f[1] : ""; };
      const row = table[get("type") + ":" + get("reason")] || table[get("type")];
      const d = parseInt(get("dealer"), 10);
      if (row && !isNaN(d) && row[d] != null) dealer = row[d];
    });
    const context = document.querySelector("p.context");
    if (base !== mine) {
      if (version) version.value = String(base.version);
      if (count) count.value = String(base.count);
      if (context && known.context && known.contextCount === known.count) context.textContent = known.context;
    }
    // the balances are the last board's: the waiting deals are scored by the server only when they are sent
    if (context && waiting.length) context.append(" " + (WORDS.beforeWaiting || ""));
    const heading = document.querySelector("main h1, #main h1");
    if (heading) {
      let text = (WORDS.dealNumber || "Deal {num}").replace("{num}", base.count + waiting.length + 1);
      if (waiting.length) {
        text += " · " + (waiting.length === 1 ? WORDS.waitingOne || "1 waiting to be sent"
          : (WORDS.waitingMany || "{num} waiting to be sent").replace("{num}", waiting.length));
      }
      heading.textContent = text;
    }
    const radio = dealer != null && form.querySelector("input[name=dealer][value='" + dealer + "']");
    const tapped = Array.prototype.some.call(form.querySelectorAll("input[name=dealer]"), changedByPlayer);
    if (radio && !radio.checked && !tapped) {   // a dealer the player tapped before the script stays
      radio.checked = true;
      radio.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }

  // the board's common starts ("Anna / undertook", a contract) come in the query; a page the service worker kept
  // for another start is set to this one's (a person, a contract: as the link said). `data-from-query` on the
  // form names the radios a start may set.
  function fromQuery(form) {
    if (!form.dataset.fresh) return;
    const query = new URLSearchParams(location.search);
    (form.dataset.fromQuery || "").split(" ").filter(Boolean).forEach(function (name) {
      const value = query.get(name);
      const radio = value && form.querySelector("input[type=radio][name='" + name + "'][value='" + CSS.escape(value) + "']");
      const tapped = Array.prototype.some.call(form.querySelectorAll("input[name='" + name + "']"), changedByPlayer);
      if (radio && !radio.checked && !tapped) {
        radio.checked = true;
        radio.dispatchEvent(new Event("change", { bubbles: true }));
      }
    });
  }

  function start() {
    const form = document.getElementById("deal-form");
    if (form) {
      const restore = new URLSearchParams(location.search).get("restore");
      const entry = restore && loadBox().find(function (e) { return e.key === restore; });
      if (entry) {   // "Open it to fix it": the outbox's deal in its own form page
        history.replaceState(null, "", location.pathname);
        const doc = entry.html && new DOMParser().parseFromString(entry.html, "text/html");
        if (doc && doc.getElementById("deal-form") && doc.getElementById("main")) {
          swapMain(doc);   // the refusal as the server said it, with this page's CSRF token
          const token = document.querySelector("#deal-form input[name=csrf_token]");
          if (token) token.value = form.querySelector("input[name=csrf_token]").value;
        } else {
          fill(form, entry.fields);
          form.dataset.restored = "1";
          initForm(form);
          notice(form, (WORDS.restored || "") + (entry.message ? " " + entry.message : ""), "restored");
        }
      } else {
        initForm(form);
        fromQuery(form);
        catchUp(form);
      }
    }
  }
  document.addEventListener("DOMContentLoaded", start);   // after the game's own script (deferred, loaded after this)

})();
