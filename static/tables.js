// Live tables: the table's event stream (server-sent events) brings this seat's new page
// with each move ("page", then "move" N), shown as it comes with no read of its own; where
// it does not (a bare number, polling every 1.5 s where EventSource is missing or the
// stream fails) read this seat's state by move number and show the table again when it
// changed; send a move with fetch.  The page works without this script, by forms and
// reloads.
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
  var timedOut = false;
  var chat = document.getElementById("chat");
  var chatLatest = chat ? parseInt(chat.dataset.latest, 10) || 0 : 0;
  var chatBusy = false;

  function say(text) {
    if (!announce) { return; }
    announce.textContent = "";
    window.setTimeout(function () { announce.textContent = text; }, 50);
  }

  function csrf() {
    var field = root.querySelector("input[name=csrf_token]");
    return field ? field.value : "";
  }

  // Shows the live part ``html``, unless the page already shows a later move (a read
  // answered after a newer page event).  The page's move number is the one of the table
  // it shows: the fragment's own, never a number read before it.
  function show(html, yourMove) {
    var found = /data-shown-move="(\d+)"/.exec(html);
    var number = found ? parseInt(found[1], 10) : move;
    if (number < (parseInt(root.dataset.move, 10) || 0)) { return; }
    var hadFocus = root.contains(document.activeElement);
    root.innerHTML = html;
    root.dataset.move = String(number);
    move = Math.max(move, number);
    shownAt = Date.now();
    timedOut = false;
    say(yourMove ? root.dataset.yourMove : root.dataset.changed);
    if (hadFocus) { root.focus(); }
  }

  function swap(yourMove) {
    return fetch(root.dataset.fragment, {credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r); })
      .then(function (html) { show(html, yourMove); });
  }

  // A page event: this seat's page at the table's move, whole (no read needed).
  function shown(event) {
    var page;
    try { page = JSON.parse(event.data); } catch (e) { return; }
    if (!page || typeof page.html !== "string" || page.move < move) { return; }
    if (page.move === move && page.stamp === stamp) { return; }  // (a repeat)
    move = page.move;
    stamp = page.stamp;
    show(page.html, page.yours === true);
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
      // A move timer ran out: ask once, so the server makes the move now.
      if (left === 0 && clocks[i].hasAttribute("data-timeout") && !timedOut) {
        timedOut = true;
        stamp = null;
        refresh();
      }
    }
  }

  // The chat: news carries a message id only; the text is read by id after the last one
  // this page has (also after a reconnect), and set with textContent (never as HTML).
  function readChat() {
    if (!chat || chatBusy) { return; }
    chatBusy = true;
    fetch(chat.dataset.read + "?after=" + chatLatest,
          {credentials: "same-origin", headers: {Accept: "application/json"}})
      .then(function (r) { return r.ok ? r.json() : Promise.reject(r); })
      .then(function (body) {
        var log = document.getElementById("chat-log");
        body.messages.forEach(function (m) {
          if (m.id <= chatLatest) { return; }
          chatLatest = m.id;
          var item = document.createElement("p");
          var who = document.createElement("strong");
          var text = document.createElement("span");
          item.dataset.id = String(m.id);
          who.textContent = m.author + ":";
          text.textContent = m.text;
          item.appendChild(who);
          item.appendChild(document.createTextNode(" "));
          item.appendChild(text);
          log.appendChild(item);
        });
        var form = document.getElementById("chat-form");
        if (form) { form.hidden = !body.on; }
        var state = document.getElementById("chat-state");
        state.textContent = body.on ? state.dataset.on : state.dataset.off;
      })
      .catch(function () { /* the next news or poll reads again */ })
      .then(function () { chatBusy = false; });
  }

  function sendChat(event) {
    event.preventDefault();
    var form = event.target;
    var field = document.getElementById("chat-text");
    var error = document.getElementById("chat-error");
    fetch(form.getAttribute("action"), {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json", Accept: "application/json",
                "X-CSRFToken": form.querySelector("input[name=csrf_token]").value},
      body: JSON.stringify({text: field.value})
    }).then(function (r) {
      return r.json().then(function (body) { return {ok: r.ok, body: body}; });
    }).then(function (answer) {
      error.textContent = answer.ok ? "" : (answer.body.error || root.dataset.offline);
      if (answer.ok) { field.value = ""; readChat(); }
      field.focus();
    }).catch(function () { error.textContent = root.dataset.offline; });
  }

  function poll() {
    if (poller === null) {
      poller = window.setInterval(function () { refresh(); readChat(); }, PERIOD);
    }
  }

  function stopPolling() {
    if (poller !== null) { window.clearInterval(poller); poller = null; }
  }

  // The stream's page comes before its move number, so a move event naming a number
  // this page has not shown is one without a page: read it.  EventSource reconnects by
  // itself after the
  // stream's retry field (each stream its own, 0.25-1.25 s: a dead server's pages do not
  // all come back at once), sending the last number (Last-Event-ID), and meanwhile
  // polling keeps the table current.  A stream that is refused (every slot taken, or no
  // server answering) is opened again after 1-2 s, then twice as long each time up to
  // 15-30 s, each page at its own moment.
  var refusals = 0;
  var live = false;  // a stream is open: a move's page comes on it
  function listen() {
    var stream = new window.EventSource(root.dataset.events + "?since=" +
                                        encodeURIComponent(move));
    stream.addEventListener("page", shown);
    stream.addEventListener("move", function (event) {
      if (parseInt(event.data, 10) !== move) { refresh(); }
    });
    stream.addEventListener("chat", function (event) {
      readChat();  // a new message, or the chat switched on or off
    });
    stream.addEventListener("beat", function (event) {
      if (event.data !== stamp) { refresh(); }
    });
    // No read on opening: the stream's first events name the table's number and stamp,
    // and a page that missed something reads it then, by number.
    stream.onopen = function () { stopPolling(); refusals = 0; live = true; };
    stream.onerror = function () {
      live = false;
      poll();
      if (stream.readyState === window.EventSource.CLOSED) {
        var wait = Math.min(30000, 2000 * Math.pow(2, refusals));
        refusals += 1;
        window.setTimeout(listen, wait * (0.5 + Math.random() / 2));
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
      var reached = answer.ok ? answer.body.move_number : null;
      if (live && reached !== null) {
        // The stream brings the page; read it only should it not come soon.
        window.setTimeout(function () {
          if (move < reached) { stamp = null; refresh(); }
        }, PERIOD);
        return null;
      }
      stamp = null;  // show the table as it is now, whatever happened
      return refresh();
    }).catch(function () { say(root.dataset.offline); });
  });

  if (window.EventSource && root.dataset.events) { listen(); } else { poll(); }
  window.setInterval(tick, 1000);
  var chatForm = document.getElementById("chat-form");
  if (chatForm) { chatForm.addEventListener("submit", sendChat); }
  document.addEventListener("visibilitychange", refresh);
  window.conquianTables = {refresh: refresh};
})();
