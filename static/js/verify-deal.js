/* Checks a revealed deal against its commitment in the browser (solver/game/commitment.py).
   Version 2: the SHA-256 of the list of part hashes must be the hash shown before the first
   move, and each part shown must hash to its line of the list; a part the viewer may not
   see is listed only by its hash.  Version 1 (hands stored before it): the SHA-256 of the
   whole text shown (version line, salt, deal) must be that hash.  The table is redrawn
   after every move (play.js), so new reveals are watched for.  Without this script the
   page's written steps do the same by hand. */
(function () {
  "use strict";

  var PART = "conquian-deal-v2-part";

  function hex(buffer) {
    return Array.prototype.map.call(new Uint8Array(buffer), function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }

  function sha256(subtle, text) {
    return subtle.digest("SHA-256", new TextEncoder().encode(text)).then(hex);
  }

  /* The list's lines after its version and rules lines: label -> hash, in order. */
  function listed(root) {
    var lines = root.split("\n");
    var hashes = {};
    var labels = [];
    if (lines[0] !== "conquian-deal-v2" || lines[lines.length - 1] !== "") { return null; }
    lines.slice(2, -1).forEach(function (line) {
      var at = line.lastIndexOf(": ");
      var label = line.slice(0, at);
      if (at < 0 || label in hashes) { labels = null; return; }
      if (labels) { labels.push(label); hashes[label] = line.slice(at + 2); }
    });
    return labels && { labels: labels, hashes: hashes };
  }

  /* Whether every part of the list is shown once (and hashes to its line) or hidden. */
  function partsMatch(section, list, digests, parts) {
    var seen = {};
    var ok = true;
    parts.forEach(function (pre, i) {
      var label = pre.dataset.dealPart;
      var lines = pre.textContent.split("\n");
      var fits = lines.length === 4 && lines[0] === PART && lines[3] === "" &&
        lines[2].indexOf(label + ":") === 0 && list.hashes[label] === digests[i] &&
        !seen[label];
      pre.dataset.verified = fits ? "true" : "false";
      ok = ok && fits;
      seen[label] = true;
    });
    Array.prototype.forEach.call(section.querySelectorAll("[data-deal-hidden]"), function (p) {
      ok = ok && !seen[p.dataset.dealHidden] && p.dataset.dealHidden in list.hashes;
      seen[p.dataset.dealHidden] = true;
    });
    return ok && list.labels.every(function (label) { return seen[label]; });
  }

  function say(result, ok) {
    result.dataset.verified = ok ? "true" : "false";
    result.textContent = ok ? result.dataset.msgOk : result.dataset.msgBad;
  }

  function check(section) {
    var root = section.querySelector("[data-deal-root]");
    var pre = root || section.querySelector("[data-deal-text]");
    var result = section.querySelector("[data-deal-result]");
    if (!pre || !result || section.dataset.dealChecked) { return; }
    section.dataset.dealChecked = "1";
    var subtle = window.crypto && window.crypto.subtle;
    if (!subtle || !window.TextEncoder) {
      result.textContent = result.dataset.msgNone;
      return;
    }
    var none = function () { result.textContent = result.dataset.msgNone; };
    if (!root) {  // version 1: one hash of the whole text
      sha256(subtle, pre.textContent).then(function (digest) {
        say(result, digest === section.dataset.dealCommitment);
      }, none);
      return;
    }
    var parts = Array.prototype.slice.call(section.querySelectorAll("[data-deal-part]"));
    var texts = [root.textContent].concat(parts.map(function (p) { return p.textContent; }));
    Promise.all(texts.map(function (text) { return sha256(subtle, text); }))
      .then(function (digests) {
        var list = listed(root.textContent);
        say(result, list !== null && digests[0] === section.dataset.dealCommitment &&
          partsMatch(section, list, digests.slice(1), parts));
      }, none);
  }

  function checkAll() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-deal-commitment]"), check);
  }

  checkAll();
  var root = document.getElementById("play") || document.body;
  new MutationObserver(checkAll).observe(root, { childList: true, subtree: true });
})();
