// The table page (play/_table.html), enhanced: hand cards and the center card are toggle
// buttons, and only the choices whose cards match the selection are offered; a take with a
// discard opens its discards as a second step.  A choice goes through the JSON games API,
// the table is redrawn from the server's own HTML (/play/<id>/table) and the new log lines
// are announced.  Without this script every choice is a plain form listed in full.
(function () {
  "use strict";
  var root = document.getElementById("play");
  if (!root || !window.fetch || !window.Conquian) { return; }
  var announcer = document.getElementById("announce");
  var busy = false;

  function announce(text) {
    if (!announcer || !text) { return; }
    announcer.textContent = "";
    // Set after a tick so that screen readers read it even when it is unchanged.
    window.setTimeout(function () { announcer.textContent = text; }, 50);
  }

  function showError(message) {
    var box = document.getElementById("play-error");
    if (box && window.ConquianRules) { window.ConquianRules.fill(box, message); } else if (box) { box.textContent = message; }
    announce(message);
  }

  function all(selector) { return Array.prototype.slice.call(root.querySelectorAll(selector)); }

  function selection() {
    var hand = all(".play-pick[data-hand-card][aria-pressed=true]").map(function (b) { return b.dataset.card; });
    var center = root.querySelector(".play-pick[data-center][aria-pressed=true]");
    return { hand: hand.sort(), center: !!center };
  }

  function sameCards(a, b) {
    if (a.length !== b.length) { return false; }
    var x = a.slice().sort();
    for (var i = 0; i < x.length; i += 1) { if (x[i] !== b[i]) { return false; } }
    return true;
  }

  function closeSteps(except) {
    all(".play-step").forEach(function (step) {
      if (step === except) { return; }
      step.setAttribute("aria-expanded", "false");
      var body = document.getElementById(step.getAttribute("aria-controls"));
      if (body) { body.hidden = true; }
    });
  }

  // Offers the choices that use exactly the selected cards, and always those using no
  // hand card (declining or taking the center card alone: moves nobody should go looking for).
  function filterChoices() {
    var picked = selection();
    var none = picked.hand.length === 0 && !picked.center;
    var shown = 0;
    var matching = 0;
    all(".play-choice").forEach(function (item) {
      var hand = JSON.parse(item.dataset.hand || "[]");
      var center = item.dataset.center === "true";
      var free = hand.length === 0;
      var match = !none && center === picked.center && sameCards(hand, picked.hand);
      item.hidden = !(free || match);
      if (!item.hidden) { shown += 1; }
      if (match) { matching += 1; }
    });
    closeSteps(null);
    var status = document.getElementById("choice-status");
    if (status) {
      status.hidden = false;
      status.textContent = none ? status.dataset.msgPick : (matching ? status.dataset.msgSome : status.dataset.msgNone);
    }
    return shown;
  }

  function enhance() {
    all("[data-js]").forEach(function (el) { el.hidden = false; });
    // Says every move is listed below: with selection on, only some are.
    all("[data-no-js]").forEach(function (el) { el.hidden = true; });
    all("[data-step-body]").forEach(function (el) { el.hidden = true; });
    filterChoices();
  }

  function redraw() {
    return fetch(root.dataset.table, { credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) { throw new Error("HTTP " + response.status); }
        return response.text();
      })
      .then(function (html) {
        root.innerHTML = html;
        enhance();
        var target = document.getElementById("actions");
        if (target) { target.focus({ preventScroll: false }); }
      });
  }

  function logTexts() {
    return all(".play-log li").map(function (li) { return li.textContent.trim(); });
  }

  function setBusy(on) {
    busy = on;
    root.classList.toggle("play-busy", on);
    root.setAttribute("aria-busy", on ? "true" : "false");
  }

  root.addEventListener("click", function (event) {
    var target = event.target.closest("button");
    if (!target || busy) { return; }
    if (target.classList.contains("play-pick")) {
      target.setAttribute("aria-pressed", target.getAttribute("aria-pressed") === "true" ? "false" : "true");
      filterChoices();
    } else if (target.classList.contains("play-step")) {
      var open = target.getAttribute("aria-expanded") !== "true";
      closeSteps(target);
      target.setAttribute("aria-expanded", open ? "true" : "false");
      var body = document.getElementById(target.getAttribute("aria-controls"));
      if (body) {
        body.hidden = !open;
        var first = body.querySelector("button");
        if (open && first) { first.focus(); }
      }
    }
  });

  root.addEventListener("submit", function (event) {
    var form = event.target;
    if (busy) { event.preventDefault(); return; }
    if (!form.hasAttribute("data-action")) { return; }  // next hand, resign: a page load
    event.preventDefault();
    var submitter = event.submitter;
    var raw = submitter && submitter.name === "action" ? submitter.value : new FormData(form).get("action");
    var action;
    try { action = JSON.parse(raw); } catch (e) { form.submit(); return; }
    var before = logTexts().length;
    setBusy(true);
    // The move number the form was made at: a move sent again is then played once.
    var move = new FormData(form).get("move");
    window.Conquian.postJSON(root.dataset.api, action, move ? { "X-Move-Number": move } : null)
      .then(function (result) {
        if (!result.ok) {
          setBusy(false);
          showError(result.data && result.data.error ? result.data.error : "Error " + result.status);
          return null;
        }
        return redraw().then(function () {
          setBusy(false);
          // The log lists the latest first: the new lines are at the top.
          var lines = logTexts();
          var fresh = lines.slice(0, Math.max(lines.length - before, 0)).reverse();
          var heading = document.getElementById("actions-h");
          var prompt = root.querySelector(".play-prompt");
          if (root.querySelector(".play-choice") === null && heading) { fresh.push(heading.textContent.trim()); }
          if (prompt) { fresh.push(prompt.textContent.trim()); }
          announce(fresh.join(" "));
        });
      })
      .catch(function () {
        setBusy(false);
        showError(root.dataset.offline || "The server could not be reached. Try again.");
      });
  });

  enhance();
})();
