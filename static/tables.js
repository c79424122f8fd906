// Live tables: hear "the table is at move N" on the table's event stream (server-sent
// events; polling every 1.5 s where EventSource is missing or the stream fails), then read
// this seat's state by move number and show the table again when it changed; send a move
// with fetch.  The page works without this script, by forms and reloads.
(function () {
  "use strict";
  var root = document.getElementById("play");
  if (!root || !window.fetch) { return; }
  var announce = document.getElementById("announce");
  var stamp = root.dataset.stamp;
  var move = parseInt(root.dataset.move, 10) || 0;
  var busy = false;
  var again = false;
  var PERIOD = 1500;
  var poller = null;
  var shownAt = Date.now();

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
        shownAt = Date.now();
        say(yourMove ? root.dataset.yourMove : root.dataset.changed);
        if (hadFocus) { root.focus(); }
      });
  }

  function refresh() {
    // One read at a time; news that comes meanwhile reads once more afterwards.
    if (busy) { again = true; return Promise.resolve(); }
    busy = true;
    again = false;
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
      .catch(function () { /* the next event or poll tries again */ })
      .then(function () {
        busy = false;
        if (again) { return refresh(); }
      });
  }

  // "Ana left — their seat waits 0:45": count down from the seconds the server gave.
  function tick() {
    var spent = Math.floor((Date.now() - shownAt) / 1000);
    var clocks = root.querySelectorAll("[data-countdown]");
    for (var i = 0; i < clocks.length; i++) {
      var left = Math.max(0, parseInt(clocks[i].dataset.countdown, 10) - spent);
      var text = Math.floor(left / 60) + ":" + ("0" + (left % 60)).slice(-2);
      if (clocks[i].textContent !== text) { clocks[i].textContent = text; }
    }
  }

  function poll() {
    if (poller === null) { poller = window.setInterval(refresh, PERIOD); }
  }

  function stopPolling() {
    if (poller !== null) { window.clearInterval(poller); poller = null; }
  }

  // The stream carries move numbers only; EventSource reconnects by itself, sending the
  // last number (Last-Event-ID), and meanwhile polling keeps the table current.
  function listen() {
    var stream = new window.EventSource(root.dataset.events + "?since=" +
                                        encodeURIComponent(move));
    stream.addEventListener("move", function (event) {
      if (parseInt(event.data, 10) !== move) { refresh(); }
    });
    stream.addEventListener("beat", function (event) {
      if (event.data !== stamp) { refresh(); }
    });
    stream.onopen = function () { stopPolling(); refresh(); };
    stream.onerror = function () {
      poll();
      if (stream.readyState === window.EventSource.CLOSED) {  // refused (e.g. 503): later
        window.setTimeout(listen, 30000);
      }
    };
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

  if (window.EventSource && root.dataset.events) { listen(); } else { poll(); }
  window.setInterval(tick, 1000);
  document.addEventListener("visibilitychange", refresh);
  window.conquianTables = {refresh: refresh};
})();
