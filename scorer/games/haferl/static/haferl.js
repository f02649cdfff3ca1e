// Bavarian Tarock's deal form, beside the shared static/form.js (loaded after it; its hooks: window.scorer.form.add).
(function () {
  "use strict";

  window.scorer.form.add({
    init: function (form, api) {
      api.addSteppers(form, api.refresh, "input.step5");   // the target of a Hand, raised in fives
    },
  });
})();
