// The tournament's hall view (a projector): as many rows as fit the screen it is on, counted from the viewport (the
// rows' own heights, measured), a page at a time; every few seconds the next page, and after each turn a poll of the
// standings' digest: when they changed, the page loads again at the page it shows. Without the script
// the page's rows of its `page` show and its <noscript> meta refresh turns to the next (scorer/tournament/web.py).
(function () {
  "use strict";
  var body = document.body;
  var seconds = parseInt(body.dataset.seconds, 10) || 15;
  var rows = Array.prototype.slice.call(document.querySelectorAll(".hall-table tbody tr"));
  var table = document.querySelector(".hall-table");
  var said = document.getElementById("hall-page");
  var KEY = "hall-page:" + location.pathname;
  var pages = [];   // each page's first row
  var page = 0;
  try { page = parseInt(sessionStorage.getItem(KEY), 10) || 0; } catch (e) { page = 0; }

  function fit() {
    rows.forEach(function (r) { r.hidden = false; });
    var top = rows.length ? rows[0].getBoundingClientRect().top : 0;
    var room = window.innerHeight - top - 8;   // the viewport below the table's head, less a margin
    pages = [0];
    var used = 0;
    rows.forEach(function (r, i) {
      var h = r.getBoundingClientRect().height;
      if (used + h > room && used > 0) { pages.push(i); used = 0; }
      used += h;
    });
    if (page >= pages.length) page = 0;
    show();
  }
  function show() {
    var from = pages[page], to = page + 1 < pages.length ? pages[page + 1] : rows.length;
    rows.forEach(function (r, i) { r.hidden = i < from || i >= to; });
    if (said) said.textContent = pages.length > 1 ? " · " + body.dataset.pageWords.replace("{page}", page + 1)
      .replace("{pages}", pages.length) : "";
  }
  function turn() {   // the next page at once; then, if the standings changed, the page loaded again at it
    page = (page + 1) % pages.length;
    try { sessionStorage.setItem(KEY, String(page)); } catch (e) { /* private mode: from page 1 after a load */ }
    show();
    var etag = '"' + body.dataset.version + '"';
    fetch(body.dataset.poll, { headers: { "If-None-Match": etag }, cache: "no-cache" }).then(function (r) {
      var fresh = r.status === 200 && r.headers.get("ETag");
      if (fresh && fresh !== etag) window.location.replace(location.pathname);
    }).catch(function () { /* no connection: the pages turn on, asked again after the next turn */ });
  }
  if (table) {
    fit();
    window.addEventListener("resize", fit);
    setInterval(turn, seconds * 1000);
  }
})();
