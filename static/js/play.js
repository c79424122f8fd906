// Play page enhancement: actions go through the JSON games API, the table is redrawn from
// the server's own HTML (/play/<id>/table), and the computer's moves are announced in a
// live region. Without this script every form and link works as a plain page load.
(function () {
  "use strict";
  var root = document.getElementById("play");
  if (!root || !window.fetch || !window.Conquian) { return; }
  var announcer = document.getElementById("announce");
  var busy = false;

  function announce(text) {
    if (!announcer) { return; }
    announcer.textContent = "";
    // A fresh text node after a tick so that screen readers read it even if unchanged.
    window.setTimeout(function () { announcer.textContent = text; }, 50);
  }

  function showError(message) {
    var box = document.getElementById("play-error");
    if (box && window.ConquianRules) { window.ConquianRules.fill(box, message); } else if (box) { box.textContent = message; }
    announce(message);
  }

  function focusTarget(selector) {
    var target = document.querySelector(selector) || document.getElementById("actions");
    if (target) {
      if (!target.hasAttribute("tabindex")) { target.setAttribute("tabindex", "-1"); }
      target.focus({ preventScroll: false });
    }
  }

  function redraw(query, focusSelector) {
    return fetch(root.dataset.table + (query || ""), { credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) { throw new Error("HTTP " + response.status); }
        return response.text();
      })
      .then(function (html) {
        root.innerHTML = html;
        focusTarget(focusSelector || "#actions");
      });
  }

  function actionFrom(form, submitter) {
    var data = new FormData(form);
    var type = data.get("type");
    if (type === "turn" || type === "no_force" || type === "next_hand") { return { type: type }; }
    var action = { type: type, card: data.get("card") };
    if (type === "take") {
      var cards = (data.get("hand_cards") || "").split(",").filter(Boolean);
      action.hand_cards = cards;
      action.melds = JSON.parse(form.dataset.melds || "[]");
      action.discard = submitter && submitter.name === "discard" ? submitter.value : null;
    }
    return action;
  }

  function describe(view) {
    var parts = (view.last_actions || []).map(function (entry) { return entry.text; });
    if (view.hand_result) { parts.push(view.hand_result); }
    if (view.match_result) { parts.push(view.match_result); }
    // The prompt as the redrawn table words it (it follows the learner's coaching level).
    var prompt = document.querySelector("#play .play-prompt");
    if (prompt) { parts.push(prompt.textContent); }
    return parts.filter(Boolean).join(" ");
  }

  function setBusy(on) {
    busy = on;
    root.classList.toggle("play-busy", on);
    root.setAttribute("aria-busy", on ? "true" : "false");
  }

  root.addEventListener("submit", function (event) {
    var form = event.target;
    if (busy) { event.preventDefault(); return; }
    if (form.hasAttribute("data-action")) {
      event.preventDefault();
      var action = actionFrom(form, event.submitter);
      setBusy(true);
      window.Conquian.postJSON(root.dataset.api, action)
        .then(function (result) {
          if (!result.ok) {
            setBusy(false);
            showError(result.data && result.data.error ? result.data.error : "Error " + result.status);
            return null;
          }
          return redraw("", "#actions").then(function () {
            setBusy(false);
            announce(describe(result.data));
          });
        })
        .catch(function () {
          setBusy(false);
          showError(root.dataset.offline || "The server could not be reached. Try again.");
        });
    } else if (form.hasAttribute("data-partial")) {
      event.preventDefault();
      var query = new URLSearchParams(new FormData(form)).toString();
      redraw("?" + query, "#take").catch(function () { form.submit(); });
    }
  });

  root.addEventListener("click", function (event) {
    var link = event.target.closest("a[data-partial]");
    if (!link || busy) { return; }
    event.preventDefault();
    var url = new URL(link.href, window.location.href);
    redraw(url.search, "#take").catch(function () { window.location.href = link.href; });
  });
})();
