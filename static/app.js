// The scorer's script on every page: small enhancements only. Every flow works without it; every number
// shown here comes from the server (the engine), never from arithmetic in here. The offline banner, the
// board's refresh, the outbox (deals kept on this phone and sent when the connection returns), the service
// worker, the wake lock. The deal form's part is form.js (loaded after this one by the pages that have a deal
// form or the calculator): it uses window.scorer. The new partie's page has new.js, the share page share.js.
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


  function line(text, className) {
    const p = document.createElement("p");
    p.textContent = text;
    if (className) p.className = className;
    return p;
  }

  let pollTimer = null;
  function poll() {   // the board asks every few seconds whether the partie changed, and reloads if it did
    clearInterval(pollTimer);
    const pollUrl = document.body.dataset.pollUrl;
    if (!pollUrl) return;
    let etag = '"' + document.body.dataset.version + '"';
    const seconds = parseInt(document.body.dataset.pollSeconds, 10) || 5;
    pollTimer = setInterval(function () {
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

  const BOX = "scorer-outbox";
  function loadBox() {
    try { return JSON.parse(localStorage.getItem(BOX) || "[]"); } catch (e) { return []; }
  }
  function saveBox(box) {
    try { localStorage.setItem(BOX, JSON.stringify(box)); } catch (e) { /* full or private: nothing kept */ }
  }
  function isJson(r) { return (r.headers.get("Content-Type") || "").indexOf("application/json") >= 0; }
  function ours(r) { return !r.redirected || new URL(r.url, location.href).origin === location.origin; }
  // how an answer that is not a recorded deal is taken
  function transient(r) {   // the scorer busy, restarting, a proxy's gateway error, a portal's page: send again
    return r.status >= 500 || r.status === 429 || r.status === 408 || (r.ok && !isJson(r)) || !ours(r);
  }
  function formPage(r, html) {   // a refusal with the form to fix it (409 the other phone, 422 the input)
    if ((r.status !== 409 && r.status !== 422) || !ours(r)) return null;
    const doc = new DOMParser().parseFromString(html, "text/html");
    return doc.getElementById("deal-form") && doc.getElementById("main") ? doc : null;
  }
  function retryAfter(r, tries) {
    const seconds = parseInt(r.headers.get("Retry-After") || "", 10);
    const backoff = Math.min(5000 * Math.pow(2, Math.max(0, tries - 1)), 5 * 60 * 1000);
    return Math.max(isNaN(seconds) ? 0 : seconds * 1000, backoff);
  }

  function field(entry, name) {
    const f = entry.fields.find(function (x) { return x[0] === name; });
    return f ? f[1] : null;
  }
  function setField(entry, name, value) {
    const f = entry.fields.find(function (x) { return x[0] === name; });
    if (f) f[1] = String(value); else entry.fields.push([name, String(value)]);
  }

  // What this phone saw of each partie: {pid: {version, count, dealer, context, own}}, the newest version wins
  // (a page, or the answer to this phone's own recorded deal). `own` maps a version to [the version, the count]
  // after a deal this phone recorded at that version: a deal typed here after its own earlier ones expects the
  // version they lead to, so only a deal of ANOTHER phone in between is a conflict (the 409's choice).
  const SEEN = "scorer-seen";
  function loadSeen() {
    try { return JSON.parse(localStorage.getItem(SEEN) || "{}"); } catch (e) { return {}; }
  }
  function saw(pid, state) {
    if (!pid || state.version == null || isNaN(state.version)) return;
    const all = loadSeen();
    const now = all[pid] || { own: {} };
    if (now.version != null && now.version > state.version) return;
    ["version", "count", "dealer", "context"].forEach(function (k) { if (state[k] != null) now[k] = state[k]; });
    if (state.context == null && state.count !== now.contextCount) delete now.context;
    if (state.context != null) now.contextCount = state.count;
    all[pid] = now;
    try { localStorage.setItem(SEEN, JSON.stringify(all)); } catch (e) { /* nothing kept */ }
  }
  function seen(pid) { return loadSeen()[pid] || null; }
  function learn(pid, before, done, key) {
    // this phone's deal (`key`), sent at version `before`, was recorded: the partie is now at done.version. A deal
    // recorded before (the same form again, its first answer lost; or asked for by its key) says the version its
    // deal left the partie at (version_after) and the deals then (count_after): the phone's deals typed after it
    // expect that version, so its own deal is never taken for another phone's
    const after = parseInt(done.again ? done.version_after : done.version, 10);
    const count = done.again ? done.count_after : done.count;
    if (before != null && !isNaN(after) && after > before) {
      const all = loadSeen();
      const now = all[pid] || { own: {} };
      now.own = now.own || {};
      now.own[before] = [after, count, key || null];
      const versions = Object.keys(now.own).map(Number).sort(function (a, b) { return a - b; });
      versions.slice(0, Math.max(0, versions.length - 50)).forEach(function (v) { delete now.own[v]; });
      all[pid] = now;
      try { localStorage.setItem(SEEN, JSON.stringify(all)); } catch (e) { /* nothing kept */ }
    }
    saw(pid, { version: after, count: done.count, dealer: done.next_dealer, context: done.context });
  }
  function expected(pid, version, before) {
    // the version a deal typed at `version` expects now: past this phone's own deals that waited before it when
    // it was typed (`before`, their keys) and have been recorded since; any other change is another phone's
    const own = (seen(pid) || {}).own || {};
    let v = version, count = null;
    for (let guard = 0; own[v] && before.indexOf(own[v][2]) >= 0 && guard < 1000; guard += 1) {
      count = own[v][1];
      v = own[v][0];
    }
    return { version: v, count: count };
  }
  function sawBoard() {   // the board on the page: what this phone last saw of its partie (run by `setup`)
    const outboxEl = document.getElementById("outbox");
    if (outboxEl && outboxEl.dataset.version) {
      saw(outboxEl.dataset.pid, { version: parseInt(outboxEl.dataset.version, 10), count: parseInt(outboxEl.dataset.count, 10),
                                  dealer: parseInt(outboxEl.dataset.dealer, 10), context: outboxEl.dataset.context });
    }
  }
  sawBoard();   // before the outbox is sent below (and again by `setup` for a board shown from an answer)

  function settled(key, done) {
    // a deal of the outbox was recorded: the ones typed after it on this phone expect the version it led to
    const box = loadBox();
    const entry = box.find(function (e) { return e.key === key; });
    if (!entry) return;
    // the version the scorer checked it against: the form's, or after "record mine too" the one the player saw
    learn(entry.pid, parseInt(field(entry, field(entry, "action") === "record-anyway" ? "seen_version" : "version"), 10),
          done, key);
    entry.state = "recorded";
    if (done.said) entry.facts = done.said;   // the deal as the scorer recorded it, in the players' words
    entry.number = done.recorded;
    entry.again = done.again;
    entry.at = Date.now();
    entry.version = parseInt(done.again ? done.version_after || done.version : done.version, 10);
    delete entry.html;
    delete entry.sent;
    box.forEach(function (e) { if (e.after === key) e.after = null; });
    saveBox(box);
  }

  function refusal(html) {
    // what the scorer said, each sentence once (a field's error is also in the page's summary)
    const doc = new DOMParser().parseFromString(html, "text/html");
    const parts = doc.querySelectorAll("#conflict p, .errors li, #ended-notice p, main h1 + p");
    const said = [];
    Array.prototype.forEach.call(parts, function (p) {
      const text = p.textContent.replace(/\s+/g, " ").trim();
      if (text && said.indexOf(text) < 0) said.push(text);
    });
    return said.slice(0, 4).join(" ");
  }

  let flushing = false;
  let recordedHere = false;
  function flush() {
    if (flushing || !navigator.onLine) return;   // the phone knows it has no connection: wait for "online"
    const box = loadBox();
    const blocked = {};
    const now = Date.now();
    // in order per partie: a refused deal, or one waiting for its next try, holds back the later ones
    const next = box.find(function (e) {
      if (blocked[e.pid] || e.state === "recorded") return false;
      if (e.state !== "waiting" || (e.retryAt && e.retryAt > now)) { blocked[e.pid] = true; return false; }
      return true;
    });
    if (!next) {
      const outbox = document.getElementById("outbox");
      if (recordedHere && outbox) { recordedHere = false; window.location.reload(); }
      return;
    }
    flushing = true;
    if (next.sent) {
      // sent before and its answer lost on the way: asked for by its key first, so a deal the scorer recorded is
      // taken as this phone's own (never sent as another one, never "the other phone's")
      fetch(sentUrl(next), { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok && isJson(r) && ours(r) ? r.json() : null; })
        .then(function (known) {
          if (known && known.known && known.recorded != null) {
            settled(next.key, { recorded: known.recorded, again: true, version: known.version,
                                version_after: known.version, count_after: known.was });
            const outbox = document.getElementById("outbox");
            if (outbox && outbox.dataset.pid === next.pid) recordedHere = true;
            window.dispatchEvent(new CustomEvent("scorer:recorded", {
              detail: { key: next.key, done: { board: "/p/" + encodeURIComponent(next.pid) } } }));
          } else if (known) {   // not recorded (or recorded and undone since: its send says so): sent as it is
            const box = loadBox();
            const entry = box.find(function (e) { return e.key === next.key; });
            if (entry) { delete entry.sent; saveBox(box); }
          }
          flushing = false;
          if (known) { renderOutbox(); flush(); }
        })
        .catch(function () { flushing = false; showOffline(true); });
      return;
    }
    if (field(next, "action") !== "record-anyway" && field(next, "version") != null) {
      // typed after this phone's own deals (recorded since): it expects the version they led to, never a conflict
      // with itself. The dealer and the persons stay as typed.
      const typed = parseInt(field(next, "version"), 10);
      const now = expected(next.pid, typed, next.before || (next.after ? [next.after] : []));
      if (now.version !== typed) {
        setField(next, "version", now.version);
        if (now.count != null && field(next, "count") != null) setField(next, "count", now.count);
        saveBox(box);
      }
    }
    const body = new URLSearchParams();
    next.fields.forEach(function (f) { body.append(f[0], f[1]); });
    if (!next.edit) {   // from here its answer may be lost on the way: the next try asks for its key first
      next.sent = true;
      saveBox(box);
    }
    fetch(next.url, { method: "POST", body: body, credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) {
        if (r.ok && isJson(r) && ours(r)) {
          return r.json().then(function (done) {
            settled(next.key, done);
            // the deal form that typed it (form.js) goes to the board, which says it is recorded
            window.dispatchEvent(new CustomEvent("scorer:recorded", { detail: { key: next.key, done: done } }));
            const outbox = document.getElementById("outbox");
            if (outbox && outbox.dataset.pid === next.pid) recordedHere = true;
          });
        }
        return r.text().then(function (html) {
          const box = loadBox();
          const entry = box.find(function (e) { return e.key === next.key; });
          if (!entry) return;
          delete entry.sent;   // an answer came: it is what became of it
          if (transient(r)) {   // not an answer about the deal: it stays waiting and is sent again later
            entry.tries = (entry.tries || 0) + 1;
            entry.retryAt = Date.now() + retryAfter(r, entry.tries);
          } else {
            entry.state = "refused";
            entry.message = refusal(html);
            if (formPage(r, html)) entry.html = html; else delete entry.html;   // else: rebuilt from its fields
          }
          saveBox(box);
        });
      })
      .then(function () { flushing = false; showOffline(false); renderOutbox(); flush(); })
      .catch(function () { flushing = false; showOffline(true); });
  }

  function sentUrl(entry) {   // where the scorer says what became of a form this phone sent (its key)
    return "/p/" + encodeURIComponent(entry.pid) + "/sent/" + encodeURIComponent(entry.key);
  }

  // "Recorded as deal N" holds only while that deal is as this phone recorded it: on a board of a newer version the
  // scorer is asked (by the key); a deal undone, deleted or edited since is withdrawn from the outbox, a deal that
  // moved says its number now
  let checking = false;
  function checkRecorded() {
    const outbox = document.getElementById("outbox");
    if (!outbox || checking || !navigator.onLine) return;
    const pid = outbox.dataset.pid;
    const version = parseInt(outbox.dataset.version, 10);
    const stale = loadBox().filter(function (e) {
      return e.pid === pid && e.state === "recorded" && !isNaN(version) && e.version !== version && e.checked !== version;
    });
    if (!stale.length) return;
    checking = true;
    Promise.all(stale.map(function (e) {
      return fetch(sentUrl(e), { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok && isJson(r) ? r.json() : null; }).catch(function () { return null; })
        .then(function (known) { return [e.key, known]; });
    })).then(function (answers) {
      checking = false;
      const box = loadBox();
      let changed = false;
      answers.forEach(function (pair) {
        const known = pair[1];
        const at = box.findIndex(function (e) { return e.key === pair[0]; });
        if (!known || at < 0) return;
        if (!known.known || known.recorded == null || known.changed) {
          box.splice(at, 1);   // that deal is no longer the one recorded: nothing to say about it
        } else {
          box[at].number = known.recorded;
          box[at].checked = version;
        }
        changed = true;
      });
      if (changed) { saveBox(box); renderOutbox(); }
    });
  }

  function renderOutbox() {
    const outbox = document.getElementById("outbox");
    if (!outbox) return;
    checkRecorded();
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
      if (e.state === "waiting" && e.tries) li.append(line(WORDS.retrying || "", "outbox-message"));
      if (e.state === "refused") {
        li.append(line(e.message || "", "outbox-message"));
        const open = document.createElement("button");
        open.type = "button";
        open.className = "button primary outbox-open";
        open.textContent = WORDS.open || "Open";
        open.addEventListener("click", function () {   // its own form page, with the deal filled in
          window.location.assign(e.url + (e.url.indexOf("?") >= 0 ? "&" : "?") + "restore=" + encodeURIComponent(e.key));
        });
        const retry = document.createElement("button");
        retry.type = "button";
        retry.className = "button outbox-retry";
        retry.textContent = WORDS.retry || "Try again";
        retry.addEventListener("click", function () {
          // a fresh form token first (the refusal may be of a dead one: a restarted scorer), never the old one again
          retry.disabled = true;
          freshToken(e.url).then(function (token) {
            const box = loadBox();
            const entry = box.find(function (x) { return x.key === e.key; });
            if (entry) {
              if (token) setField(entry, "csrf_token", token);
              entry.state = "waiting"; delete entry.retryAt; delete entry.tries; saveBox(box);
            }
            renderOutbox();
            flush();
          });
        });
        const drop = document.createElement("button");
        drop.type = "button";
        drop.className = "button";
        drop.textContent = WORDS.discard || "Discard";
        drop.addEventListener("click", function () { discard(e.key); renderOutbox(); flush(); });
        const row = document.createElement("div");
        row.className = "actions";
        row.append(open, retry, drop);
        li.append(row);
      }
      list.append(li);
    });
    outbox.append(h, list);
  }

  function freshToken(url) {
    // the CSRF token of the form page the entry was typed on, as the scorer gives it now (null: not reachable)
    return fetch(url, { credentials: "same-origin", cache: "no-store" }).then(function (r) {
      return r.ok ? r.text() : "";
    }).then(function (html) {
      const input = new DOMParser().parseFromString(html, "text/html").querySelector("input[name=csrf_token]");
      return input ? input.value : null;
    }).catch(function () { return null; });
  }

  function discard(key) {
    saveBox(loadBox().filter(function (e) { return e.key !== key; }));
  }

  // what the deal form's script (form.js) uses of this one
  window.scorer = { debounce: debounce, words: WORDS, line: line, showOffline: showOffline, loadBox: loadBox,
                    saveBox: saveBox, isJson: isJson, ours: ours, transient: transient, formPage: formPage,
                    retryAfter: retryAfter, settled: settled, refusal: refusal, discard: discard,
                    saw: saw, seen: seen, learn: learn, freshToken: freshToken };

  // recorded deals of the outbox are shown for a while, then forgotten
  saveBox(loadBox().filter(function (e) { return e.state !== "recorded" || Date.now() - e.at < 10 * 60 * 1000; }));
  flush();
  setInterval(flush, 10000);

  if ("serviceWorker" in navigator && WORDS.sw) {
    navigator.serviceWorker.register(WORDS.sw, { scope: "/" }).catch(function () { /* needs HTTPS or localhost */ });
  }

  // keep the screen on while the board or a deal form is open (where the browser can)
  let lock = null;
  function wanted() {
    return localStorage.getItem("scorer-wake") !== "off" &&
      !!(document.getElementById("wake") || document.getElementById("deal-form"));
  }
  function acquire() {
    if (!("wakeLock" in navigator) || !wanted() || lock || document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").then(function (l) {
      lock = l;
      l.addEventListener("release", function () { lock = null; });
    }).catch(function () {});
  }
  document.addEventListener("visibilitychange", acquire);

  // what a page's own elements get: run at load and again when a page is shown from an answer (`show`)
  // The end of the evening's choice (a pot shared or kept): the page holds each choice's "who pays whom"; the one
  // picked shows at once, so that what is shown beside "End the partie" is what it stores (without the script:
  // after "Save the choice")
  function showChosenSettlement() {
    const settle = document.getElementById("settle");
    if (!settle) return;
    settle.querySelectorAll("input[name=at_the_end]").forEach(function (radio) {
      radio.addEventListener("change", function () {
        settle.querySelectorAll(".settle-view[data-choice]").forEach(function (view) {
          view.hidden = view.dataset.choice !== radio.value;
          view.querySelectorAll(".money-at-the-end, .carried").forEach(function (p) {
            if (view.hidden) p.removeAttribute("id"); else p.id = p.classList.contains("carried") ? "carried" : "money-at-the-end";
          });
        });
      });
    });
  }

  // A score sheet's names: the page counted their letters to put long ones in two rows (board.css's .stagger, each over
  // its own column, as wide as two); a name its column still cuts (wide letters, a narrow phone) has them too
  function wholeNames() {
    const sheet = document.getElementById("sheet");
    if (!sheet || sheet.classList.contains("stagger")) return;
    const cut = Array.prototype.some.call(sheet.querySelectorAll(".names th:not(.num)"), function (th) {
      return th.scrollWidth > th.clientWidth + 1;
    });
    if (cut) sheet.classList.add("stagger");
  }

  function setup() {
    document.querySelectorAll("form.confirm").forEach(function (form) {
      form.addEventListener("submit", function (event) {
        if (!navigator.onLine && WORDS.offlineAction) {   // Undo with no connection: said, never a silent tap
          event.preventDefault();
          let p = form.parentNode.querySelector(".offline-action");
          if (!p) {
            p = line("", "errors offline-action");
            p.setAttribute("role", "alert");
            form.after(p);
          }
          p.textContent = WORDS.offlineAction;
          showOffline(true);
          return;
        }
        if (!window.confirm(form.dataset.confirm)) event.preventDefault();
      });
    });
    sawBoard();
    wholeNames();
    poll();
    renderOutbox();
    showChosenSettlement();
    const wake = document.getElementById("wake");
    if (wake && "wakeLock" in navigator) {
      wake.hidden = false;
      const toggle = document.getElementById("wake-switch");
      toggle.checked = localStorage.getItem("scorer-wake") !== "off";
      toggle.addEventListener("change", function () {
        localStorage.setItem("scorer-wake", toggle.checked ? "on" : "off");
        if (toggle.checked) acquire(); else if (lock) lock.release();
      });
    }
    acquire();
  }

  // A page shown from an answer (`show`) is kept by the service worker as if it had been loaded: offline, the board
  // is the one this phone saw last (its Save's answer), never an older one it loaded before. What it said once
  // ("Deal 6 recorded.") is not kept.
  // (A copy parsed again, never `doc.cloneNode`: a cloned document's <style> elements are checked against this
  // page's Content-Security-Policy, and refused.)
  function keep(html, url) {
    const worker = "serviceWorker" in navigator && navigator.serviceWorker.controller;
    if (!worker) return;
    const copy = new DOMParser().parseFromString(html, "text/html");
    copy.querySelectorAll(".flash").forEach(function (p) { p.remove(); });
    worker.postMessage({ keep: new URL(url, location.href).href, html: "<!doctype html>\n" + copy.documentElement.outerHTML });
  }

  // The page an answer carries (the board after Save, static/form.js), shown as if it had been loaded: its
  // address (history.replaceState), title, stylesheets, body. False (nothing changed) when it needs a script
  // this page has not loaded: then the caller loads it.
  function show(html, url) {
    const doc = new DOMParser().parseFromString(html, "text/html");
    if (!doc.getElementById("main")) return false;
    const have = Array.prototype.map.call(document.scripts, function (s) { return s.src; });
    const needs = Array.prototype.map.call(doc.querySelectorAll("script[src]"), function (s) {
      return new URL(s.getAttribute("src"), location.href).href;
    });
    if (needs.some(function (src) { return have.indexOf(src) < 0; })) return false;
    keep(html, url);
    history.replaceState(null, "", url);
    document.title = doc.title;
    document.head.querySelectorAll("style").forEach(function (s) { s.remove(); });
    doc.head.querySelectorAll("style").forEach(function (s) { document.head.append(document.adoptNode(s)); });
    Array.prototype.slice.call(document.body.attributes).forEach(function (a) { document.body.removeAttribute(a.name); });
    Array.prototype.forEach.call(doc.body.attributes, function (a) { document.body.setAttribute(a.name, a.value); });
    document.body.replaceChildren.apply(document.body, Array.prototype.map.call(
      Array.prototype.slice.call(doc.body.childNodes), function (n) { return document.adoptNode(n); }));
    window.scrollTo(0, 0);
    window.dispatchEvent(new CustomEvent("scorer:shown"));
    setup();
    return true;
  }
  window.scorer.show = show;

  // The board's quick starts fold away while the player scrolls down through the deals (the sheet gets their room)
  // and come back when he scrolls up or is at the top; Record deal stays. Without the script they always show.
  let lastY = window.scrollY;
  window.addEventListener("scroll", function () {
    const bar = document.querySelector(".actions.sticky:has(.starts)");
    const y = window.scrollY;
    if (bar && Math.abs(y - lastY) > 12) {
      bar.classList.toggle("folded", y > lastY && y > 150);
      lastY = y;
    }
  }, { passive: true });
  setup();
})();
