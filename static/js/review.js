// The review page while a grading worker has the hand: ask the status endpoint every few
// seconds; once the review is stored, put the review page in place of this one and say so
// in a live region. Without JavaScript the page says to reload.
(function () {
  "use strict";
  var pending = document.getElementById("review-pending");
  if (!pending) { return; }
  var progress = document.getElementById("review-progress");
  var ready = progress.getAttribute("data-ready");
  var statusUrl = pending.getAttribute("data-status");
  var delay = 2000;

  function schedule() {
    delay = Math.min(delay * 1.2, 10000);
    window.setTimeout(ask, delay);
  }

  function fillIn(url) {
    fetch(url, { credentials: "same-origin" })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        var page = new DOMParser().parseFromString(html, "text/html");
        var main = page.getElementById("main");
        if (!main || page.getElementById("review-pending")) { schedule(); return; }
        // The live region stays in the page (its text changes, so it is read out); the
        // review takes the place of everything else.
        var here = document.getElementById("main");
        here.replaceChildren(progress);
        Array.prototype.slice.call(main.childNodes).forEach(function (node) {
          here.appendChild(document.importNode(node, true));
        });
        document.title = page.title;
        progress.textContent = ready;
        progress.classList.add("visually-hidden");
      })
      .catch(schedule);
  }

  function ask() {
    fetch(statusUrl, { credentials: "same-origin", headers: { "Accept": "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (answer) {
        if (answer && answer.ready) { fillIn(answer.review); } else { schedule(); }
      })
      .catch(schedule);
  }

  window.setTimeout(ask, delay);
})();
