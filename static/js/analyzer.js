// The analyzer, live: every change to the position (picker clicks or typing) is analysed
// through POST /api/analyze and drawn in place; the address bar keeps the position so the
// page can be shared or reloaded. Without this script the form is a plain GET form.
// The rules selector switches the profile: the picker's pack, the fields the profile has,
// and the kind of analysis drawn ("center", "draw" for colonel, "closing" for conquin),
// in the profile's own words (its name for the face-up card: tutor/analyzer/words.py).
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
  var rulesSelect = document.getElementById("pos-rules");
  var bookLink = document.getElementById("rules-book-link");
  var lead = document.getElementById("analyzer-lead");
  var centerLabel = document.getElementById("pos-center-label");
  var pickerRoot = form.querySelector("[data-picker]");
  // The profile chosen, and whether a position must name it (the server's data-named: the
  // API assumes its default profile), asked of the page rather than of any profile's id.
  function profileId() { return rulesSelect ? rulesSelect.value : form.getAttribute("data-rules"); }
  function chosenOption() { return rulesSelect ? rulesSelect.options[rulesSelect.selectedIndex] : null; }
  function named() { var o = chosenOption(); return o ? o.getAttribute("data-named") === "true" : !!profile().named; }
  function profile() { return (t.profiles || {})[profileId()] || { kind: "center", meldsShown: true, layOff: false, players: [2, 2], rules: { take: "R8", force: "R9" } }; }
  function words() { return profile().words || {}; }
  function rule(topic) { var id = (profile().rules || {})[topic]; return id ? " (" + id + ")" : ""; }
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
  // An id of the profile's own book goes to the profile's page (/rules/kunken-40#K7), as
  // the server's rule_links filter does.
  function linked(node, text) {
    if (!window.ConquianRules) { node.textContent = text; return node; }
    window.ConquianRules.fill(node, text);
    var own = ((profile().rules || {}).deck || "").charAt(0);
    if (own && t.bookUrl) {
      node.querySelectorAll("a.rule-link").forEach(function (a) {
        if (a.textContent.charAt(0) === own) { a.href = format(t.bookUrl, { id: profileId() }) + "#" + a.textContent; }
      });
    }
    return node;
  }
  // A card as drawn in the results: "10H", a joker "*" or a joker in a meld "*5H".
  function card(code, extra) {
    code = String(code);
    var joker = code.charAt(0) === "*";
    var natural = joker ? code.slice(1) : code;
    var suitLetter = natural.charAt(natural.length - 1);
    var suit = joker ? "joker" : { S: "spades", H: "hearts", D: "diamonds", C: "clubs" }[suitLetter];
    var span = el("span", "card card--" + suit + (extra ? " " + extra : ""));
    span.setAttribute("role", "img");
    var label = joker ? (natural ? format(t.jokerAs, { card: t.cards[natural] || natural }) : t.joker) : (t.cards[code] || code);
    span.setAttribute("aria-label", label);
    span.setAttribute("data-card", code);
    var r = el("span", "card__rank", (joker ? "★" : "") + natural.slice(0, -1)); r.setAttribute("aria-hidden", "true");
    var g = el("span", "card__suit", { S: "♠", H: "♥", D: "♦", C: "♣" }[suitLetter] || ""); g.setAttribute("aria-hidden", "true");
    span.appendChild(r); span.appendChild(g);
    return span;
  }
  function cardName(code) {
    if (!code) { return ""; }
    if (code === "*") { return t.joker; }
    return t.phrases[code] || t.cards[code] || code;
  }
  function field(name) { return form.elements[name]; }

  // "1: 8H 9H; 2: QS" -> [{meld: 0, cards: [...]}, ...]; a part without "n:" is sent as
  // meld -1 so that the server names it.
  function readLaidOff(text) {
    var out = [];
    String(text || "").split(/[;|\/.\n\r]+/).forEach(function (part) {
      if (!part.trim()) { return; }
      var match = /^\s*(\d{1,2})\s*:(.*)$/.exec(part);
      if (!match) { out.push({ meld: -1, cards: P.splitCards(part, true) }); return; }
      out.push({ meld: parseInt(match[1], 10) - 1, cards: P.splitCards(match[2], true) });
    });
    return out;
  }
  function laidOffText(entries) {
    return entries.map(function (e) { return (e.meld + 1) + ":" + e.cards.join(""); }).join(".");
  }

  // The position of the form, with only the fields the profile has.
  function readPosition() {
    var info = profile();
    var center = P.splitCards(field("center").value);
    var position = {};
    if (named()) { position.rules = profileId(); }
    position.hand = P.splitCards(field("hand").value);
    if (info.meldsShown) {
      position.melds = P.splitMelds(field("melds").value);
      position.opponent_melds = P.splitMelds(field("opp").value);
    }
    position.center = center.length === 1 ? center[0] : null;
    if (info.meldsShown) {
      position.center_from = field("from").value;
      var stock = field("stock").value.trim();
      if (stock !== "") { position.stock = /^\d+$/.test(stock) ? parseInt(stock, 10) : stock; }
    }
    if (info.layOff) {
      var laid = readLaidOff(field("laid").value);
      var opplaid = readLaidOff(field("opplaid").value);
      if (laid.length) { position.laid_off = laid; }
      if (opplaid.length) { position.opponent_laid_off = opplaid; }
    }
    if (info.players && info.players[0] !== info.players[1]) {
      var players = field("players").value.trim();
      if (players !== "") { position.players = /^\d+$/.test(players) ? parseInt(players, 10) : players; }
    }
    return position;
  }

  function query(position) {
    var params = new URLSearchParams();
    if (position.rules) { params.set("rules", position.rules); }
    params.set("hand", position.hand.join(""));
    if (position.melds && position.melds.length) { params.set("melds", position.melds.map(function (m) { return m.join(""); }).join(".")); }
    if (position.opponent_melds && position.opponent_melds.length) { params.set("opp", position.opponent_melds.map(function (m) { return m.join(""); }).join(".")); }
    if (position.center) { params.set("center", position.center); }
    if (position.center_from) { params.set("from", position.center_from); }
    if (position.stock !== undefined) { params.set("stock", String(position.stock)); }
    if (position.laid_off) { params.set("laid", laidOffText(position.laid_off)); }
    if (position.opponent_laid_off) { params.set("opplaid", laidOffText(position.opponent_laid_off)); }
    if (position.players !== undefined) { params.set("players", String(position.players)); }
    return pageUrl + "?" + params.toString();
  }

  // The profile changed: the picker's pack and zones, the fields shown, the rule book link.
  function applyProfile() {
    var info = profile();
    var picker = pickerRoot && pickerRoot.conquianPicker;
    if (picker) {
      picker.configure({
        deck: info.deck,
        zones: info.meldsShown ? ["hand", "melds", "opponent_melds", "center"] : ["hand", "center"],
        names: words().center ? { center: words().center } : null
      });
    }
    if (lead && words().lead) { lead.textContent = words().lead; }
    if (centerLabel && words().center) { centerLabel.textContent = words().center; }
    form.querySelectorAll("[data-show]").forEach(function (node) {
      var need = node.getAttribute("data-show");
      node.hidden = !(need === "melds" ? info.meldsShown
        : need === "layoff" ? info.layOff
        : need === "jokers" ? info.deck && info.deck.jokers > 0
        : need === "full" ? info.deck && info.deck.ranks.length === 13
        : need === "players" ? info.players && info.players[0] !== info.players[1]
        : true);
    });
    var players = field("players");
    if (players && info.players) { players.min = info.players[0]; players.max = info.players[1]; }
    var stock = field("stock");
    if (stock && info.maxStock !== undefined) { stock.max = info.maxStock; }
    if (bookLink && t.bookUrl) { bookLink.href = format(t.bookUrl, { id: profileId() }); }
    var placeholder = body.querySelector("[data-placeholder]");
    if (placeholder && words().placeholder) { linked(placeholder, words().placeholder); }
  }

  function meldRow(melds, fresh) {
    var row = el("div", "melds");
    (melds || []).forEach(function (meld) {
      var group = el("span", "meld");
      group.setAttribute("role", "group");
      group.setAttribute("aria-label", t.meld);
      (meld || []).forEach(function (c) { group.appendChild(card(c, fresh && fresh.indexOf(c) >= 0 ? "card--new" : "")); });
      row.appendChild(group);
    });
    return row;
  }
  function shareLink(position) {
    var share = el("p");
    var link = el("a", "share-link", t.share);
    link.href = query(position);
    link.setAttribute("data-share", "");
    share.appendChild(link);
    body.appendChild(share);
  }
  function explanationList(data) {
    var explanation = el("ul", "explanation");
    (data.explanation || []).forEach(function (s) { explanation.appendChild(linked(el("li"), s)); });
    body.appendChild(explanation);
  }
  function heading(position) {
    body.innerHTML = "";
    var h2 = el("h2", null, format(t.title, { card: cardName(position.center) }));
    h2.id = "analysis-heading";
    body.appendChild(h2);
  }
  // No analysis to show: the panel keeps its heading (the section is labelled by it) and,
  // while the position is incomplete, says what it still needs, in the profile's words.
  function emptyPanel(incomplete) {
    body.textContent = "";
    var h2 = el("h2", null, t.analysis);
    h2.id = "analysis-heading";
    body.appendChild(h2);
    if (incomplete && words().placeholder) {
      var p = linked(el("p", "muted"), words().placeholder);
      p.setAttribute("data-placeholder", "");
      body.appendChild(p);
    }
  }
  function groupSection(key, title, nodes) {
    var section = el("section", "play-group");
    var h3 = linked(el("h3"), title);
    h3.id = "group-" + key;
    section.setAttribute("aria-labelledby", h3.id);
    section.appendChild(h3);
    nodes.forEach(function (n) { section.appendChild(n); });
    body.appendChild(section);
  }

  // conquin: can taking the card close the hand, and how (contract: closes, closing).
  function renderClosing(position, data) {
    heading(position);
    var verdicts = el("div", "verdicts");
    verdicts.appendChild(linked(el("p", "verdict " + (data.closes ? "verdict--yes" : "verdict--no")), (data.closes ? t.closes : t.noClose) + rule("close")));
    body.appendChild(verdicts);
    var ways = data.closing || [];
    if (ways.length) {
      var list = el("ul", "play-list");
      ways.forEach(function (way) {
        var li = el("li", "play play--win");
        var head = el("div", "play__head");
        head.appendChild(el("span", null, t.discard));
        if (way.discard) { head.appendChild(card(way.discard)); }
        if (way.multiplier) {
          // The rule link sits outside the coloured badge, where its colour keeps its contrast.
          head.appendChild(el("span", "badge badge--win", format(t.stake, { n: way.multiplier })));
          head.appendChild(linked(el("span"), rule("score")));
        }
        li.appendChild(head);
        li.appendChild(el("p", "visually-hidden", t.closeMelds));
        li.appendChild(meldRow(way.melds));
        list.appendChild(li);
      });
      groupSection("closing", t.closingTitle, [list]);
    } else if (data.melds && data.melds.length) {
      var nodes = [meldRow(data.melds)];
      if (data.deadwood !== undefined && data.deadwood !== null) {
        var p = el("p", null, t.leftOver + " ");
        if (Array.isArray(data.deadwood)) { data.deadwood.forEach(function (c) { p.appendChild(card(c)); }); }
        else { p.appendChild(document.createTextNode(String(data.deadwood))); }
        nodes.push(p);
      }
      groupSection("best", t.bestTitle, nodes);
    }
    explanationList(data);
    shareLink(position);
  }

  // colonel: what drawing the upcard gives (see the report's "draw" shape; every field optional).
  function renderDraw(position, data) {
    heading(position);
    var verdicts = el("div", "verdicts");
    if (data.goes_out !== undefined) {
      verdicts.appendChild(linked(el("p", "verdict " + (data.goes_out ? "verdict--yes" : "verdict--calm")), (data.goes_out ? t.goesOut : t.noOut) + rule("out")));
    }
    if (data.upcard_better !== undefined && data.upcard_better !== null) {
      verdicts.appendChild(linked(el("p", "verdict " + (data.upcard_better ? "verdict--yes" : "verdict--calm")), (data.upcard_better ? t.upcardBetter : t.stockBetter) + rule("take")));
    }
    body.appendChild(verdicts);
    if (data.melds && data.melds.length) {
      groupSection("melds", t.drawMelds + rule("hand_melds"), [meldRow(data.melds, [position.center])]);
    }
    if (data.lay_offs && data.lay_offs.length) {
      var list = el("ul", "play-list");
      data.lay_offs.forEach(function (entry) {
        var li = el("li", "play");
        var head = el("div", "play__head");
        (entry.cards || []).forEach(function (c) { head.appendChild(card(c)); });
        head.appendChild(el("span", null, format(entry.side === "opponent" ? t.onOpponentMeld : t.onYourMeld, { n: (entry.meld || 0) + 1 })));
        li.appendChild(head);
        list.appendChild(li);
      });
      groupSection("layoffs", t.layOffs + rule("lay_off"), [list]);
    }
    var line = el("p");
    if (data.discard) { line.appendChild(document.createTextNode(t.bestDiscard + " ")); line.appendChild(card(data.discard)); }
    if (data.deadwood !== undefined && data.deadwood !== null) { line.appendChild(linked(el("span"), " " + format(t.deadwood, { n: data.deadwood }) + rule("score"))); }
    if (typeof data.stock_average === "number") { line.appendChild(el("span", null, " " + format(t.stockAverage, { n: data.stock_average.toFixed(1) }))); }
    if (line.childNodes.length) { body.appendChild(line); }
    explanationList(data);
    shareLink(position);
  }

  function render(position, data) {
    var kind = data.kind || profile().kind;
    if (kind === "closing") { return renderClosing(position, data); }
    if (kind === "draw") { return renderDraw(position, data); }
    heading(position);
    var verdicts = el("div", "verdicts");
    verdicts.appendChild(linked(el("p", "verdict " + (data.usable ? "verdict--yes" : "verdict--no")), (data.usable ? t.canTake : t.cannotTake) + rule("take")));
    if (profile().rules && profile().rules.force && data.forceable !== undefined) {
      verdicts.appendChild(linked(el("p", "verdict " + (data.forceable ? "verdict--warn" : "verdict--calm")), (data.forceable ? t.forceable : t.notForceable) + rule("force")));
    }
    body.appendChild(verdicts);
    var explanation = el("ul", "explanation");
    (data.explanation || []).forEach(function (s) { explanation.appendChild(linked(el("li"), s)); });
    body.appendChild(explanation);

    var plays = (data.plays || []).map(function (play, i) {
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
        title: size === 0 ? words().alone : t.sizes[String(size)],
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
        li.appendChild(meldRow(play.melds, play.hand_cards.concat([position.center])));
        (play.lay_off || []).forEach(function (entry) {
          var p = el("p", null, format(t.laidOff, { n: (entry.meld || 0) + 1 }) + " ");
          (entry.cards || []).forEach(function (c) { p.appendChild(card(c, "card--new")); });
          li.appendChild(p);
        });
        var ul = el("ul");
        entry.sentences.forEach(function (s) { ul.appendChild(linked(el("li"), s)); });
        li.appendChild(ul);
        list.appendChild(li);
      });
      section.appendChild(list);
      body.appendChild(section);
    });
    shareLink(position);
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
      emptyPanel(true);  // an earlier position's answer must not stand beside this one
      return;
    }
    window.Conquian.postJSON(apiUrl, position).then(function (result) {
      if (ticket !== pending) { return; }  // a newer change is on its way
      if (!result.ok) {
        linked(errorBox, (result.data && result.data.error) || t.failed);
        emptyPanel(false);
        return;
      }
      errorBox.textContent = "";
      render(position, result.data);
      statusLine.textContent = result.data.plays ? format(t.done, { n: result.data.plays.length }) : t.updated;
    }).catch(function () {
      if (ticket === pending) { errorBox.textContent = t.failed; }
    });
  }
  function soon() {
    window.clearTimeout(timer);
    timer = window.setTimeout(analyse, 200);
  }

  form.addEventListener("picker:change", soon);
  ["hand", "melds", "opp", "center", "stock", "laid", "opplaid", "players"].forEach(function (name) {
    if (field(name)) { field(name).addEventListener("input", soon); }
  });
  if (rulesSelect) {
    rulesSelect.addEventListener("change", function () { applyProfile(); soon(); });
    applyProfile();
  }
  field("from").addEventListener("change", soon);
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    window.clearTimeout(timer);
    analyse();
  });
})();
