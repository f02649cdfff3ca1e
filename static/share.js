// The share page (after app.js).
// Issue 19: the share page's Share (the Web Share API, where the phone has it) and Copy address buttons.
(function () {
  const share = document.getElementById("share-button");
  const copy = document.getElementById("copy-button");
  const status = document.getElementById("share-status");
  if (share && navigator.share) {
    share.hidden = false;
    share.addEventListener("click", function () {
      navigator.share({ title: share.dataset.title, url: share.dataset.url }).catch(function () {});
    });
  }
  if (copy && navigator.clipboard && window.isSecureContext) {
    copy.hidden = false;
    copy.addEventListener("click", function () {
      navigator.clipboard.writeText(copy.dataset.url).then(function () {
        if (status) status.textContent = copy.dataset.done;
      }).catch(function () {});
    });
  }
})();
