/* Checks a revealed deal against its commitment in the browser: the SHA-256 of the text
   shown (version line, salt, deal; solver/game/commitment.py) must be the hash shown before
   the first move.  The table is redrawn after every move (play.js), so new reveals are
   watched for.  Without this script the page's written steps do the same by hand. */
(function () {
  "use strict";

  function hex(buffer) {
    return Array.prototype.map.call(new Uint8Array(buffer), function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }

  function check(section) {
    var pre = section.querySelector("[data-deal-text]");
    var result = section.querySelector("[data-deal-result]");
    if (!pre || !result || section.dataset.dealChecked) { return; }
    section.dataset.dealChecked = "1";
    var subtle = window.crypto && window.crypto.subtle;
    if (!subtle || !window.TextEncoder) {
      result.textContent = result.dataset.msgNone;
      return;
    }
    var bytes = new TextEncoder().encode(pre.textContent);
    subtle.digest("SHA-256", bytes).then(function (digest) {
      var ok = hex(digest) === section.dataset.dealCommitment;
      result.dataset.verified = ok ? "true" : "false";
      result.textContent = ok ? result.dataset.msgOk : result.dataset.msgBad;
    }, function () {
      result.textContent = result.dataset.msgNone;
    });
  }

  function checkAll() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-deal-commitment]"), check);
  }

  checkAll();
  var root = document.getElementById("play") || document.body;
  new MutationObserver(checkAll).observe(root, { childList: true, subtree: true });
})();
