// The tournament's hall view (a projector): the next page of the standings after a few seconds, and so the standings
// afresh; without a script the page's <noscript> meta refresh does the same.
(function () {
  "use strict";
  var body = document.body;
  var seconds = parseInt(body.dataset.seconds, 10) || 15;
  setTimeout(function () { window.location.replace(body.dataset.next); }, seconds * 1000);
})();
