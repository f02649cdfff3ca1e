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
      fetch(url + (url.indexOf("?") >= 0 ? "&" : "?") + "fragment=1", {
        method: "POST", body: data, credentials: "same-origin",
      }).then(function (r) { return r.text(); }).then(function (html) {
        preview.innerHTML = html;
      }).catch(function () { /* offline: the Preview button still works */ });
    }, 300);
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
        const vorhand = form.querySelector("input[name=undertaker][value=vorhand] + span");
        const geber = form.querySelector("input[name=undertaker][value=geber] + span");
        if (vorhand && vorhandLabels[dealer]) vorhand.textContent = vorhandLabels[dealer];
        if (geber && geberLabels[dealer]) geber.textContent = geberLabels[dealer];
      });
    });

    form.addEventListener("submit", function (event) {
      const button = event.submitter;
      if (button && button.value === "save") {
        if (form.dataset.sent) { event.preventDefault(); return; }
        form.dataset.sent = "1";
        setTimeout(function () { delete form.dataset.sent; }, 8000);
      }
    });
  }

  const pollUrl = document.body.dataset.pollUrl;
  if (pollUrl) {
    let etag = '"' + document.body.dataset.version + '"';
    const seconds = parseInt(document.body.dataset.pollSeconds, 10) || 5;
    setInterval(function () {
      if (document.visibilityState !== "visible") return;
      fetch(pollUrl, { headers: { "If-None-Match": etag }, cache: "no-cache" }).then(function (r) {
        if (r.status === 200) {
          const fresh = r.headers.get("ETag");
          if (fresh && fresh !== etag) window.location.reload();
        }
      }).catch(function () {});
    }, seconds * 1000);
  }
})();
