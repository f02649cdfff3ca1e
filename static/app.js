// The Strohmandeln scorer: small enhancements only. Every flow works without this file;
// every number shown here comes from the server (the engine), never from arithmetic in here.
(function () {
  "use strict";

  function debounce(fn, ms) {
    let timer = null;
    return function () {
      clearTimeout(timer);
      timer = setTimeout(fn, ms);
    };
  }

  const WORDS = (document.getElementById("words") || { dataset: {} }).dataset;

  document.querySelectorAll("form.confirm").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (!window.confirm(form.dataset.confirm)) event.preventDefault();
    });
  });

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
      function step(delta) {
        const value = parseInt(input.value, 10);
        input.value = String(Math.min(high, Math.max(low, (isNaN(value) ? low : value) + delta)));
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
      input.addEventListener("input", onChange);
    });
  }

  function countQuery(root, url) {
    const params = new URLSearchParams();
    root.querySelectorAll(".count-input").forEach(function (input) { params.set(input.name, input.value); });
    const sep = url.indexOf("?") >= 0 ? "&" : "?";
    return url + sep + params.toString();
  }

  function line(text, className) {
    const p = document.createElement("p");
    p.textContent = text;
    if (className) p.className = className;
    return p;
  }

  const calculator = document.getElementById("calculator");
  if (calculator) {
    const result = document.getElementById("calc-result");
    const cards = calculator.querySelector(".cards");
    let url = calculator.dataset.countUrl;
    const deck = calculator.querySelector("input[name=deck]");
    if (deck) url += (url.indexOf("?") >= 0 ? "&" : "?") + "deck=" + deck.value;
    const uses = calculator.querySelectorAll("a.use");
    addSteppers(calculator, debounce(function () {
      fetch(countQuery(calculator, url)).then(function (r) { return r.json(); }).then(function (data) {
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
          data.bonuses.forEach(function (b) { q.append("bonus", b + ":" + player); });
          a.href = a.dataset.base + "?" + q.toString();
          a.hidden = false;
        });
      }).catch(function () { /* offline: the Count button still works */ });
    }, 150));
  }

  const form = document.getElementById("deal-form");
  if (form) {
    const preview = document.getElementById("preview");
    const refresh = debounce(function () {
      const data = new FormData(form);
      data.set("action", "preview");
      // form.action would be the buttons named "action": read the attribute
      const url = form.getAttribute("action");
      if (!navigator.onLine) { noPreview(); return; }
      fetch(url + (url.indexOf("?") >= 0 ? "&" : "?") + "fragment=1", {
        method: "POST", body: data, credentials: "same-origin",
      }).then(function (r) { return r.text(); }).then(function (html) {
        preview.innerHTML = html;
      }).catch(noPreview);
    }, 300);
    function noPreview() {   // never a stale preview: say there is none
      preview.replaceChildren(line(WORDS.noPreview || "Offline: no preview.", "hint offline-preview"));
      showOffline(true);
    }
    window.addEventListener("offline", function () { noPreview(); });
    window.addEventListener("online", function () { refresh(); });
    if (!navigator.onLine) noPreview();
    form.addEventListener("change", function (event) {
      if (!event.target.classList.contains("count-input")) refresh();
    });
    form.addEventListener("input", function (event) {
      if (event.target.name === "points") refresh();
    });

    // Bavarian Tarock: the target of a Hand, raised in fives
    addSteppers(form, refresh, "input.step5");

    const calc = form.querySelector("details.calc");
    if (calc) {
      const live = calc.querySelector(".calc-live");
      addSteppers(calc, debounce(function () {
        fetch(countQuery(calc, form.dataset.countUrl)).then(function (r) { return r.json(); }).then(function (data) {
          if (data.errors.length) { live.textContent = data.errors.join(" "); return; }
          live.textContent = data.live_text;
          form.querySelector("input[name=points]").value = String(data.points);
          const blatt = form.querySelector("input[name=blatt][value='" + data.blatt + "']");
          if (blatt) blatt.checked = true;
          const pile = form.querySelector("input[name=pile_of]:checked");
          data.bonuses.forEach(function (b) {
            const box = form.querySelector("input[name=bonuses][value='" + b + ":" + (pile ? pile.value : "0") + "']");
            if (box) box.checked = true;
          });
          refresh();
        }).catch(function () {});
      }, 150));
    }

    const vorhandLabels = JSON.parse(form.dataset.vorhand || "[]");
    const geberLabels = JSON.parse(form.dataset.geber || "[]");
    form.querySelectorAll("input[name=dealer]").forEach(function (input) {
      input.addEventListener("change", function () {
        const dealer = parseInt(input.value, 10);
        const vorhand = form.querySelector("input[name=undertaker][value=forehand] + span");
        const geber = form.querySelector("input[name=undertaker][value=dealer] + span");
        if (vorhand && vorhandLabels[dealer]) vorhand.textContent = vorhandLabels[dealer];
        if (geber && geberLabels[dealer]) geber.textContent = geberLabels[dealer];
      });
    });

  }

  const pollUrl = document.body.dataset.pollUrl;
  if (pollUrl) {
    let etag = '"' + document.body.dataset.version + '"';
    const seconds = parseInt(document.body.dataset.pollSeconds, 10) || 5;
    setInterval(function () {
      if (document.visibilityState !== "visible") return;
      fetch(pollUrl, { headers: { "If-None-Match": etag }, cache: "no-cache" }).then(function (r) {
        showOffline(false);
        if (r.status === 200) {
          const fresh = r.headers.get("ETag");
          const pid = (document.getElementById("outbox") || { dataset: {} }).dataset.pid;
          const waiting = loadBox().some(function (e) { return e.pid === pid && e.state === "waiting"; });
          if (fresh && fresh !== etag && !waiting) window.location.reload();
        }
      }).catch(function () { showOffline(true); });
    }, seconds * 1000);
  }
  // -- at the table: the offline banner, the pile that follows the undertaker, Save with an outbox ------

  function showOffline(on) {
    const banner = document.getElementById("offline");
    if (banner) banner.hidden = !on;
  }
  window.addEventListener("offline", function () { showOffline(true); });
  window.addEventListener("online", function () { showOffline(false); flush(); });
  if (!navigator.onLine) showOffline(true);

  function setupPile(form) {
    // Unless the player chooses, the card points typed are the undertaker's pile (Vorhand's in a simple game)
    const fs = form.querySelector("#fs-pile_of");
    if (!fs) return;
    const whose = form.querySelector("#points-whose");
    function owner() {
      const dealer = form.querySelector("input[name=dealer]:checked");
      const under = form.querySelector("input[name=undertaker]:checked");
      const d = dealer ? parseInt(dealer.value, 10) : 0;
      const seats = JSON.parse(form.dataset.vorhandSeats || "[1, 0]");   // Vorhand by dealer, from the engine
      return under && under.value === "dealer" ? d : seats[d];
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
      }
      show();
    }
    form.querySelectorAll("input[name=pile_of]").forEach(function (input) {
      input.addEventListener("change", function () { fs.dataset.chosen = "1"; show(); });
    });
    form.querySelectorAll("input[name=dealer], input[name=undertaker]").forEach(function (input) {
      input.addEventListener("change", follow);
    });
    follow();
  }

  const BOX = "scorer-outbox";
  function loadBox() {
    try { return JSON.parse(localStorage.getItem(BOX) || "[]"); } catch (e) { return []; }
  }
  function saveBox(box) {
    try { localStorage.setItem(BOX, JSON.stringify(box)); } catch (e) { /* full or private: nothing kept */ }
  }
  function newKey() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    // 22 characters of base64url, as the server's forms make them (a longer key is refused)
    return btoa(String.fromCharCode.apply(null, bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  function isJson(r) { return (r.headers.get("Content-Type") || "").indexOf("application/json") >= 0; }
  function replacePage(html) { document.open(); document.write(html); document.close(); }

  function factsOf(form) {
    // what was typed, in the form's own words: never a point the server has not scored
    const parts = [];
    form.querySelectorAll("fieldset.seg").forEach(function (fs) {
      if (fs.offsetParent === null || fs.closest(".calc")) return;
      const checked = fs.querySelector("input:checked");
      const legend = fs.querySelector("legend");
      if (checked && legend) parts.push(legend.textContent.trim() + ": " + checked.nextElementSibling.textContent.trim());
    });
    form.querySelectorAll("input[type=text]:not(.count-input)").forEach(function (input) {
      if (input.value && input.offsetParent !== null && input.labels && input.labels[0]) {
        parts.push(input.labels[0].innerText.replace(/\s+/g, " ").trim() + ": " + input.value);
      }
    });
    form.querySelectorAll("input[type=checkbox]:checked").forEach(function (box) {
      if (box.offsetParent !== null && box.nextElementSibling) parts.push(box.nextElementSibling.textContent.trim());
    });
    return parts.join(" · ");
  }

  function enqueue(form, data) {
    const box = loadBox();
    const fields = [];
    data.forEach(function (value, name) { if (typeof value === "string") fields.push([name, value]); });
    const key = data.get("key");
    const pid = form.dataset.pid;
    const edit = form.dataset.number || null;
    const before = box.filter(function (e) { return e.pid === pid && e.state === "waiting" && !e.edit && e.key !== key; }).pop();
    const heading = document.querySelector("h1");
    const entry = { key: key, pid: pid, url: form.getAttribute("action"), fields: fields, facts: factsOf(form),
                    title: edit && heading ? heading.textContent.trim() : "", at: Date.now(), state: "waiting",
                    after: !edit && before ? before.key : null, edit: edit };
    const at = box.findIndex(function (e) { return e.key === key; });
    if (at >= 0) box[at] = entry; else box.push(entry);
    saveBox(box);
  }

  function field(entry, name) {
    const f = entry.fields.find(function (x) { return x[0] === name; });
    return f ? f[1] : null;
  }
  function setField(entry, name, value) {
    const f = entry.fields.find(function (x) { return x[0] === name; });
    if (f) f[1] = String(value); else entry.fields.push([name, String(value)]);
  }

  function settled(key, done) {
    // a deal of the outbox was recorded: the next one typed after it on this phone builds on it
    const box = loadBox();
    const entry = box.find(function (e) { return e.key === key; });
    if (!entry) return;
    entry.state = "recorded";
    entry.number = done.recorded;
    entry.again = done.again;
    entry.at = Date.now();
    delete entry.html;
    box.forEach(function (e) {
      if (e.after === key && e.state === "waiting") {
        setField(e, "version", done.version);
        if (done.recorded) setField(e, "count", done.recorded);
        e.after = null;
      }
    });
    saveBox(box);
  }

  function refusal(html) {
    const doc = new DOMParser().parseFromString(html, "text/html");
    const parts = doc.querySelectorAll("#conflict p, .errors li, main h1 + p");
    return Array.prototype.map.call(parts, function (p) { return p.textContent.trim(); }).slice(0, 4).join(" ");
  }

  let flushing = false;
  let recordedHere = false;
  function flush() {
    if (flushing || !navigator.onLine) return;   // the phone knows it has no connection: wait for "online"
    const box = loadBox();
    const blocked = {};
    const next = box.find(function (e) {
      if (e.state === "refused") blocked[e.pid] = true;
      return e.state === "waiting" && !blocked[e.pid];
    });
    if (!next) {
      const outbox = document.getElementById("outbox");
      if (recordedHere && outbox) { recordedHere = false; window.location.reload(); }
      return;
    }
    flushing = true;
    const body = new URLSearchParams();
    next.fields.forEach(function (f) { body.append(f[0], f[1]); });
    fetch(next.url, { method: "POST", body: body, credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) {
        if (r.ok && isJson(r)) {
          return r.json().then(function (done) {
            settled(next.key, done);
            const outbox = document.getElementById("outbox");
            if (outbox && outbox.dataset.pid === next.pid) recordedHere = true;
          });
        }
        return r.text().then(function (html) {
          const box = loadBox();
          const entry = box.find(function (e) { return e.key === next.key; });
          if (entry) { entry.state = "refused"; entry.html = html; entry.message = refusal(html); saveBox(box); }
        });
      })
      .then(function () { flushing = false; showOffline(false); renderOutbox(); flush(); })
      .catch(function () { flushing = false; showOffline(true); });
  }

  function renderOutbox() {
    const outbox = document.getElementById("outbox");
    if (!outbox) return;
    const pid = outbox.dataset.pid;
    const entries = loadBox().filter(function (e) { return e.pid === pid; });
    outbox.replaceChildren();
    outbox.hidden = !entries.length;
    if (!entries.length) return;
    const h = document.createElement("h2");
    h.textContent = WORDS.outbox || "Outbox";
    const list = document.createElement("ol");
    list.className = "outbox-list";
    entries.forEach(function (e) {
      const li = document.createElement("li");
      li.className = "outbox-" + e.state;
      li.dataset.key = e.key;
      let state = WORDS.waiting || "Waiting to be sent";
      if (e.state === "recorded") {
        state = e.number ? (WORDS.recorded || "Recorded as deal {num}").replace("{num}", e.number) : (WORDS.again || "");
      } else if (e.state === "refused") {
        state = WORDS.refused || "Not recorded";
      }
      const strong = document.createElement("strong");
      strong.className = "outbox-state";
      strong.textContent = state;
      li.append(strong, line((e.title ? e.title + ": " : "") + e.facts, "outbox-facts"));
      if (e.state === "refused") {
        li.append(line(e.message || "", "outbox-message"));
        const open = document.createElement("button");
        open.type = "button";
        open.className = "button primary";
        open.textContent = WORDS.open || "Open";
        open.addEventListener("click", function () { replacePage(e.html); });
        const drop = document.createElement("button");
        drop.type = "button";
        drop.className = "button";
        drop.textContent = WORDS.discard || "Discard";
        drop.addEventListener("click", function () { discard(e.key); renderOutbox(); flush(); });
        const row = document.createElement("div");
        row.className = "actions";
        row.append(open, drop);
        li.append(row);
      }
      list.append(li);
    });
    outbox.append(h, list);
  }

  function discard(key) {
    saveBox(loadBox().filter(function (e) { return e.key !== key; }));
  }

  function setupSave(form) {
    const keyInput = form.querySelector("input[name=key]");
    if (form.dataset.fresh && keyInput) keyInput.value = newKey();   // a form from the cache needs its own key
    const pid = form.dataset.pid;
    if (loadBox().some(function (e) { return e.pid === pid && e.state === "waiting" && !e.edit; })) {
      form.prepend(line(WORDS.checkDealer || "", "notice check-dealer"));
    }
    const discardLink = form.querySelector("#discard");
    if (discardLink && keyInput) discardLink.addEventListener("click", function () { discard(keyInput.value); });
    let sending = false;
    form.addEventListener("submit", function (event) {
      const button = event.submitter;
      const action = button ? button.value : "save";
      if (action !== "save" && action !== "record-anyway") {
        if (!navigator.onLine) {   // preview or count: the server's work; offline, say so instead of an error page
          event.preventDefault();
          const preview = document.getElementById("preview");
          if (preview) preview.replaceChildren(line(WORDS.noPreview || "", "hint offline-preview"));
        }
        return;
      }
      event.preventDefault();
      if (sending) return;   // a double tap
      sending = true;
      const data = new FormData(form);
      data.set("action", action);
      (navigator.onLine ? fetch(form.getAttribute("action"), {
        method: "POST", body: data, credentials: "same-origin", headers: { Accept: "application/json" },
      }) : Promise.reject(new Error("offline"))).then(function (r) {
        if (r.ok && isJson(r)) {
          return r.json().then(function (done) {
            if (keyInput) settled(keyInput.value, done);
            window.location.assign(done.board);
          });
        }
        return r.text().then(function (html) { sending = false; replacePage(html); });
      }).catch(function () {
        sending = false;
        enqueue(form, data);
        showOffline(true);
        let queued = form.querySelector(".queued");
        if (!queued) {
          queued = line(WORDS.queued || "", "queued notice");
          queued.setAttribute("role", "alert");
          form.querySelector(".actions.sticky").before(queued);
        }
        queued.scrollIntoView({ block: "center" });
      });
    });
  }

  if (form) {
    setupPile(form);
    setupSave(form);
  }

  // recorded deals of the outbox are shown for a while, then forgotten
  saveBox(loadBox().filter(function (e) { return e.state !== "recorded" || Date.now() - e.at < 10 * 60 * 1000; }));
  renderOutbox();
  flush();
  setInterval(flush, 10000);

  if ("serviceWorker" in navigator && WORDS.sw) {
    navigator.serviceWorker.register(WORDS.sw, { scope: "/" }).catch(function () { /* needs HTTPS or localhost */ });
  }

  // keep the screen on while the board or a deal form is open (where the browser can)
  const wake = document.getElementById("wake");
  if ((wake || document.getElementById("deal-form")) && "wakeLock" in navigator) {
    let lock = null;
    const wanted = function () { return localStorage.getItem("scorer-wake") !== "off"; };
    const acquire = function () {
      if (!wanted() || lock || document.visibilityState !== "visible") return;
      navigator.wakeLock.request("screen").then(function (l) {
        lock = l;
        l.addEventListener("release", function () { lock = null; });
      }).catch(function () {});
    };
    document.addEventListener("visibilitychange", acquire);
    if (wake) {
      wake.hidden = false;
      const toggle = document.getElementById("wake-switch");
      toggle.checked = wanted();
      toggle.addEventListener("change", function () {
        localStorage.setItem("scorer-wake", toggle.checked ? "on" : "off");
        if (toggle.checked) acquire(); else if (lock) lock.release();
      });
    }
    acquire();
  }
})();
