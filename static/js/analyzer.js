// The analyzer, live: every change to the position (picker clicks or typing) is analysed
// through POST /api/analyze and drawn in place; the address bar keeps the position so the
// page can be shared or reloaded. Without this script the form is a plain GET form.
(function () {
  "use strict";
  var form = document.getElementById("position-form");
  var section = document.getElementById("analysis");
  var body = document.getElementById("analysis-body");
  var statusLine = document.getElementById("analysis-status");
  var errorBox = document.getElementById("form-error");
  var dataEl = document.getElementById("analyzer-i18n");
  if (!form || !section || !body || !window.ConquianPicker || !dataEl) { return; }
  var t = JSON.parse(dataEl.textContent);
  var P = window.ConquianPicker;
  var apiUrl = section.getAttribute("data-analysis-url");
  var pageUrl = section.getAttribute("data-page-url");
  // The picker now shows the position as cards: the typed fields fold away (one click
  // opens them), which brings the analysis up on a phone. They stay open while the form
  // shows an error about them.
  var typed = document.getElementById("typed-fields");
  if (typed && !errorBox.textContent.trim()) { typed.open = false; }
  // Live updates while building are advice, not alarms: announce them politely.
  errorBox.setAttribute("role", "status");
  errorBox.setAttribute("aria-live", "polite");

  function format(template, values) {
    return String(template).replace(/\{(\w+)\}/g, function (all, key) {
      return Object.prototype.hasOwnProperty.call(values, key) ? values[key] : all;
    });
  }
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined) { node.textContent = text; }
    return node;
  }
  // Text whose rule ids ("(R8)") link to their rule (static/js/rules.js), else plain text.
  function linked(node, text) {
    if (window.ConquianRules) { return window.ConquianRules.fill(node, text); }
    node.textContent = text;
    return node;
  }
  function card(code, extra) {
    var suit = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" }[code[1]];
    var span = el("span", "card card--" + suit + (extra ? " " + extra : ""));
    span.setAttribute("role", "img");
    span.setAttribute("aria-label", t.cards[code] || code);
    span.setAttribute("data-card", code);
    var r = el("span", "card__rank", code[0]); r.setAttribute("aria-hidden", "true");
    var g = el("span", "card__suit", { S: "♠", H: "♥", D: "♦", C: "♣" }[code[1]]); g.setAttribute("aria-hidden", "true");
    span.appendChild(r); span.appendChild(g);
    return span;
  }
  function field(name) { return form.elements[name]; }

  function readPosition() {
    var center = P.splitCards(field("center").value);
    var position = {
      hand: P.splitCards(field("hand").value),
      melds: P.splitMelds(field("melds").value),
      opponent_melds: P.splitMelds(field("opp").value),
      center: center.length === 1 ? center[0] : null,
      center_from: field("from").value
    };
    var stock = field("stock").value.trim();
    if (stock !== "") { position.stock = /^\d+$/.test(stock) ? parseInt(stock, 10) : stock; }
    return position;
  }

  function query(position) {
    var params = new URLSearchParams();
    params.set("hand", position.hand.join(""));
    if (position.melds.length) { params.set("melds", position.melds.map(function (m) { return m.join(""); }).join(".")); }
    if (position.opponent_melds.length) { params.set("opp", position.opponent_melds.map(function (m) { return m.join(""); }).join(".")); }
    if (position.center) { params.set("center", position.center); }
    params.set("from", position.center_from);
    if (position.stock !== undefined) { params.set("stock", String(position.stock)); }
    return pageUrl + "?" + params.toString();
  }

  function render(position, data) {
    body.innerHTML = "";
    var h2 = el("h2", null, format(t.title, { card: t.phrases[position.center] || position.center }));
    h2.id = "analysis-heading";
    body.appendChild(h2);
    var verdicts = el("div", "verdicts");
    verdicts.appendChild(linked(el("p", "verdict " + (data.usable ? "verdict--yes" : "verdict--no")), (data.usable ? t.canTake : t.cannotTake) + " (R8)"));
    verdicts.appendChild(linked(el("p", "verdict " + (data.forceable ? "verdict--warn" : "verdict--calm")), (data.forceable ? t.forceable : t.notForceable) + " (R9)"));
    body.appendChild(verdicts);
    var explanation = el("ul", "explanation");
    (data.explanation || []).forEach(function (s) { explanation.appendChild(linked(el("li"), s)); });
    body.appendChild(explanation);

    var plays = data.plays.map(function (play, i) {
      return { play: play, sentences: (data.plays_explained || [])[i] || [] };
    });
    if (plays.length) { body.appendChild(el("p", null, format(t.count, { n: plays.length }))); }
    var groups = [];
    var wins = plays.filter(function (p) { return p.play.wins; });
    if (wins.length) { groups.push({ key: "wins", title: t.wins, plays: wins }); }
    var sizes = [];
    plays.forEach(function (p) {
      if (!p.play.wins && sizes.indexOf(p.play.hand_cards.length) < 0) { sizes.push(p.play.hand_cards.length); }
    });
    sizes.sort(function (a, b) { return b - a; });
    sizes.forEach(function (size) {
      groups.push({
        key: "size-" + size,
        title: size === 0 ? t.alone : t.sizes[String(size)],
        plays: plays.filter(function (p) { return !p.play.wins && p.play.hand_cards.length === size; })
      });
    });
    groups.forEach(function (group) {
      var section = el("section", "play-group");
      var h3 = el("h3", null, group.title);
      h3.id = "group-" + group.key;
      section.setAttribute("aria-labelledby", h3.id);
      section.appendChild(h3);
      var list = el("ul", "play-list");
      group.plays.forEach(function (entry) {
        var play = entry.play;
        var li = el("li", "play" + (play.wins ? " play--win" : ""));
        var head = el("div", "play__head");
        if (play.hand_cards.length) {
          head.appendChild(el("span", null, t.fromHand));
          play.hand_cards.forEach(function (c) { head.appendChild(card(c)); });
        } else {
          head.appendChild(el("span", null, t.noHand));
        }
        if (play.wins) { head.appendChild(el("span", "badge badge--win", t.winsBadge)); }
        if (play.rearranged) { head.appendChild(el("span", "badge badge--info", t.rearranged)); }
        li.appendChild(head);
        li.appendChild(el("p", "visually-hidden", t.after));
        var fresh = play.hand_cards.concat([position.center]);
        var melds = el("div", "melds");
        play.melds.forEach(function (meld) {
          var group = el("span", "meld");
          group.setAttribute("role", "group");
          group.setAttribute("aria-label", t.meld);
          meld.forEach(function (c) { group.appendChild(card(c, fresh.indexOf(c) >= 0 ? "card--new" : "")); });
          melds.appendChild(group);
        });
        li.appendChild(melds);
        var ul = el("ul");
        entry.sentences.forEach(function (s) { ul.appendChild(linked(el("li"), s)); });
        li.appendChild(ul);
        list.appendChild(li);
      });
      section.appendChild(list);
      body.appendChild(section);
    });
    var share = el("p");
    var link = el("a", "share-link", t.share);
    link.href = query(position);
    link.setAttribute("data-share", "");
    share.appendChild(link);
    body.appendChild(share);
  }

  var pending = 0;
  var timer = null;
  function analyse() {
    var position = readPosition();
    var ticket = ++pending;
    if (window.history && window.history.replaceState) {
      window.history.replaceState(null, "", query(position));
    }
    if (!position.center) {
      errorBox.textContent = t.incomplete;
      return;
    }
    window.Conquian.postJSON(apiUrl, position).then(function (result) {
      if (ticket !== pending) { return; }  // a newer change is on its way
      if (!result.ok) {
        linked(errorBox, (result.data && result.data.error) || t.failed);
        return;
      }
      errorBox.textContent = "";
      render(position, result.data);
      statusLine.textContent = format(t.done, { n: result.data.plays.length });
    }).catch(function () {
      if (ticket === pending) { errorBox.textContent = t.failed; }
    });
  }
  function soon() {
    window.clearTimeout(timer);
    timer = window.setTimeout(analyse, 200);
  }

  form.addEventListener("picker:change", soon);
  ["hand", "melds", "opp", "center", "stock"].forEach(function (name) {
    field(name).addEventListener("input", soon);
  });
  field("from").addEventListener("change", soon);
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    window.clearTimeout(timer);
    analyse();
  });
})();
