// Live tables: poll the table's state by move number and show the table again when it
// changed; send a move with fetch (the page works without this script, by forms and
// reloads).  A push channel can later call refresh() when it announces a new number.
(function () {
  "use strict";
  var root = document.getElementById("play");
  if (!root || !window.fetch) { return; }
  var announce = document.getElementById("announce");
  var stamp = root.dataset.stamp;
  var move = parseInt(root.dataset.move, 10) || 0;
  var busy = false;
  var PERIOD = 1500;

  function say(text) {
    if (!announce) { return; }
    announce.textContent = "";
    window.setTimeout(function () { announce.textContent = text; }, 50);
  }

  function csrf() {
    var field = root.querySelector("input[name=csrf_token]");
    return field ? field.value : "";
  }

  function swap(yourMove) {
    return fetch(root.dataset.fragment, {credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r); })
      .then(function (html) {
        var hadFocus = root.contains(document.activeElement);
        root.innerHTML = html;
        say(yourMove ? root.dataset.yourMove : root.dataset.changed);
        if (hadFocus) { root.focus(); }
      });
  }

  function refresh() {
    if (busy || document.hidden) { return Promise.resolve(); }
    busy = true;
    var url = root.dataset.state + "?since=" + encodeURIComponent(move);
    return fetch(url, {credentials: "same-origin", headers: {Accept: "application/json"}})
      .then(function (r) { return r.ok ? r.json() : Promise.reject(r); })
      .then(function (body) {
        if (body.stamp === stamp) { return null; }
        stamp = body.stamp;
        move = body.move_number;
        root.dataset.move = String(move);
        var view = body.view || {};
        return swap(view.turn !== undefined && view.turn !== null && view.turn === body.seat);
      })
      .catch(function () { /* the next poll tries again */ })
      .then(function () { busy = false; });
  }

  // A move by fetch: the answer (or the 409 message) without reloading the page.
  root.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute("data-move-form")) { return; }
    event.preventDefault();
    var submitter = event.submitter;
    var data = new FormData(form);
    if (submitter && submitter.name) { data.set(submitter.name, submitter.value); }
    var action;
    try { action = JSON.parse(data.get("action")); } catch (e) { return form.submit(); }
    // getAttribute: the form's field named "action" hides form.action.
    fetch(form.getAttribute("action"), {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json", Accept: "application/json",
                "X-CSRFToken": csrf()},
      body: JSON.stringify({move: parseInt(data.get("move"), 10), action: action})
    }).then(function (r) {
      return r.json().then(function (body) { return {ok: r.ok, body: body}; });
    }).then(function (answer) {
      if (!answer.ok) { say(answer.body.error || root.dataset.offline); }
      stamp = null;  // show the table as it is now, whatever happened
      return refresh();
    }).catch(function () { say(root.dataset.offline); });
  });

  window.setInterval(refresh, PERIOD);
  document.addEventListener("visibilitychange", refresh);
  window.conquianTables = {refresh: refresh};
})();
