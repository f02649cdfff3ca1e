// The fake game's deal form script (tests only), beside the shared static/form.js: a redeal has no winner, so a
// winner chosen is let go when the deal becomes a redeal (the server ignores it in any case).
(function () {
  "use strict";

  window.scorer.form.add({
    init: function (form) {
      form.addEventListener("change", function (event) {
        if (event.target.name !== "type" || event.target.value !== "redeal") return;
        form.querySelectorAll("input[name=winner]:checked").forEach(function (input) { input.checked = false; });
      });
    },
  });
})();
