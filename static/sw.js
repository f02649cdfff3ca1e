// The scorer's service worker: the board and the deal form open with no connection at all.
// Static files: cache first. Pages: network first (never a stale board while online), the cached copy
// only when the network fails. Only GET is ever cached; POST goes to the network untouched (a failed
// Save is kept by the page's outbox, not here). The cache's name carries the static files' hash
// (?v=... of the registration), so a deploy replaces it. The pages cache keeps the last KEEP_PAGES pages, among them
// the board a Save's answer showed (static/app.js posts it here: no GET of it ever reaches this worker).
"use strict";

const VERSION = new URL(self.location.href).searchParams.get("v") || "0";
const STATIC = "scorer-static-" + VERSION;
const PAGES = "scorer-pages-" + VERSION;
// the server (/sw.js) puts in the content-hashed names the pages link (/static/app.<hash>.css): a new deploy's
// page never runs the old script
const PRECACHE = ["/static/app.css", "/static/board.css", "/static/form.css", "/static/app.js", "/static/form.js", "/static/icon.svg", "/static/icon-192.png"];
const KEEP_PAGES = 60;   // the pages cache keeps the pages opened last, not every page ever opened

function trim(cache) {
  return cache.keys().then(function (keys) {   // oldest first
    return Promise.all(keys.slice(0, Math.max(0, keys.length - KEEP_PAGES)).map(function (k) { return cache.delete(k); }));
  });
}

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(STATIC).then(function (cache) { return cache.addAll(PRECACHE); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n !== STATIC && n !== PAGES; })
      .map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

// A page the phone was shown from an answer (the board after Save: static/app.js `keep`), kept as a load of its
// address would be: the board offline is the one the phone saw last
self.addEventListener("message", function (event) {
  const data = event.data || {};
  if (typeof data.keep !== "string" || typeof data.html !== "string") return;
  const url = new URL(data.keep, self.location.href);
  if (url.origin !== self.location.origin || !cacheable(url, new Request(url.href, { headers: { Accept: "text/html" } }))) return;
  const request = new Request(url.href);
  const response = new Response(data.html, { headers: { "Content-Type": "text/html; charset=utf-8", "Date": new Date().toUTCString() } });
  event.waitUntil(caches.open(PAGES).then(function (cache) {
    return cache.delete(request, { ignoreVary: true }).then(function () { return cache.put(request, response); })
      .then(function () { return trim(cache); });
  }));
});

function cacheable(url, request) {
  if (url.pathname.endsWith("/version") || url.pathname.startsWith("/calculator/count")) return false;
  if (/\.(csv|json|svg)$/.test(url.pathname) && !url.pathname.startsWith("/static/")) return false;
  if (url.pathname.startsWith("/lang/") || url.pathname === "/sw.js") return false;
  return request.mode === "navigate" || (request.headers.get("Accept") || "").indexOf("text/html") >= 0;
}

self.addEventListener("fetch", function (event) {
  const request = event.request;
  if (request.method !== "GET") return;                 // POST: the network, never a cache
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) {           // cache first
    event.respondWith(caches.open(STATIC).then(function (cache) {
      return cache.match(request).then(function (hit) {
        return hit || fetch(request).then(function (response) {
          if (response.ok) cache.put(request, response.clone());
          return response;
        });
      });
    }));
    return;
  }
  if (!cacheable(url, request)) return;
  event.respondWith(fetch(request).then(function (response) {   // network first
    const attachment = (response.headers.get("Content-Disposition") || "").indexOf("attachment") >= 0;
    if (response.ok && response.type === "basic" && !response.redirected && !attachment) {
      const copy = response.clone();
      caches.open(PAGES).then(function (cache) {
        return cache.delete(request).then(function () { return cache.put(request, copy); })   // newest last
          .then(function () { return trim(cache); });
      });
    }
    return response;
  }).catch(function () {
    return caches.open(PAGES).then(function (cache) {
      return cache.match(request).then(function (hit) {
        return hit || cache.match(request, { ignoreSearch: true });
      });
    }).then(function (hit) {
      return hit || new Response("<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>" +
        "<title>Offline</title><p>No connection, and this page was not opened on this phone before.</p>" +
        "<p><a href='/'>Home</a></p>", { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
    });
  }));
});
