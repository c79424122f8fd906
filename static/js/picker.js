/*
 * The card picker: build a position by clicking cards of the profile's pack (the 40 cards by
 * default; 52, two copies of each and jokers under other rule profiles: picker.configure).
 *
 * Markup comes from the `position_picker` macro (tutor/templates/analyzer/_picker.html).
 * The picker's model is a set of ordinary text inputs of the surrounding form, named in
 * its data-fields attribute ({"hand": id, "melds": id, "opponent_melds": id, "center": id}),
 * so everything works without this script. The picker:
 *   - reads those inputs when it starts and whenever they change,
 *   - writes every change back to them ("4H 5H", "4S 5S 6S; KH KD KC", "6H"),
 *   - fires a `picker:change` event on its element, detail {hand, melds, opponent_melds, center}.
 * Keyboard: every control is a button; in the deck, arrow keys, Home and End move between
 * cards (one tab stop for the deck), Space or Enter places or takes back a card.
 *
 * Two packs: a card of the deck may be placed twice; a click on a card whose every copy is
 * placed takes the last one back. A joker goes into the hand or the center as "*"; into a
 * meld it asks which card it stands for and is written "*5H".
 *
 * API: window.ConquianPicker.attach(element) -> picker ({state, set(state), render(),
 *      configure({deck: {ranks, packs, jokers}, zones: [...], names: {zone: name}})}),
 *      ConquianPicker.parseCards(text), ConquianPicker.parseMelds(text) (valid cards only),
 *      ConquianPicker.splitCards(text), ConquianPicker.splitMelds(text) (every token as typed).
 */
(function () {
  "use strict";

  var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  var SUITS = "SHDC";
  // Zones drawn as on the table: the opponent's side, the center, then yours.
  var VIEW_ORDER = ["opponent_melds", "center", "melds", "hand"];
  var GLYPHS = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };

  // "4h", "10♥", "t♥" -> "4H", "10H"; "*" (a joker) and "*5h" (a joker standing for 5H)
  // are kept as jokers; anything else -> null.
  function normalise(token) {
    token = String(token);
    if (token === "*") { return "*"; }
    if (token.charAt(0) === "*") {
      var stands = normalise(token.slice(1));
      return stands && stands !== "*" ? "*" + stands : null;
    }
    if (token.length < 2 || token.length > 3) { return null; }
    var rank = token.slice(0, -1).toUpperCase();
    if (rank === "T") { rank = "10"; }
    var last = token.charAt(token.length - 1);
    var suit = GLYPHS[last] || last.toUpperCase();
    if (RANKS.indexOf(rank) < 0 || SUITS.indexOf(suit) < 0) { return null; }
    return rank + suit;
  }
  function isJoker(card) { return card.charAt(0) === "*"; }
  function suitOf(card) { return card.charAt(card.length - 1); }
  function rankOf(card) { return isJoker(card) ? card : card.slice(0, -1); }

  // "4H 5h,6♥" or "4H5H6H" -> ["4H", "5H", "6H"]; tokens that are not cards are dropped
  // (the server names them when the form is sent).
  function parseCards(text, inMeld) {
    var out = [];
    splitCards(text, inMeld).forEach(function (part) {
      var card = normalise(part);
      if (card && out.indexOf(card) < 0) { out.push(card); }
    });
    return out;
  }

  function parseMelds(text) {
    return splitMelds(text, function (part) { return parseCards(part, true); });
  }

  // The same split as the server's (tutor/analyzer/codec.py), keeping every token as typed
  // so that the solver can name a bad one. In a meld "*5H" is one card (a joker standing
  // for 5H); in a hand "*" is a joker on its own.
  var NATURAL = "(?:10|[0-9AJQKTajqkt])[SHDCshdc♠♥♦♣]";
  var HAND_RUN = new RegExp("^(?:" + NATURAL + "|\\*)+$");
  var HAND_CARD = new RegExp(NATURAL + "|\\*", "g");
  var MELD_RUN = new RegExp("^(?:\\*?" + NATURAL + "|\\*)+$");
  var MELD_CARD = new RegExp("\\*?" + NATURAL + "|\\*", "g");
  function splitCards(text, inMeld) {
    var run = inMeld ? MELD_RUN : HAND_RUN;
    var card = inMeld ? MELD_CARD : HAND_CARD;
    var out = [];
    String(text || "").split(/[\s,\-]+/).forEach(function (token) {
      if (!token) { return; }
      if (token.length > 1 && run.test(token)) {
        out.push.apply(out, token.match(card));
      } else {
        out.push(token);
      }
    });
    return out;
  }

  function splitMelds(text, split) {
    return String(text || "").split(/[;|\/.\n\r]+/).map(split || function (part) {
      return splitCards(part, true);
    }).filter(function (m) {
      return m.length > 0;
    });
  }

  function format(template, values) {
    return String(template).replace(/\{(\w+)\}/g, function (all, key) {
      return Object.prototype.hasOwnProperty.call(values, key) ? values[key] : all;
    });
  }

  // Suits then ranks, as the deck is drawn; a joker sorts as the card it stands for, a
  // bare joker last.
  function cardKey(card) {
    var natural = isJoker(card) ? card.slice(1) : card;
    if (!natural) { return 1000; }
    return SUITS.indexOf(suitOf(natural)) * 20 + RANKS.indexOf(rankOf(natural));
  }
  function cardOrder(a, b) { return cardKey(a) - cardKey(b); }

  function attach(root) {
    if (root.conquianPicker) { return root.conquianPicker; }
    var fieldIds = JSON.parse(root.getAttribute("data-fields") || "{}");
    var i18n = JSON.parse(root.getAttribute("data-i18n") || "{}");
    var inputs = {};
    Object.keys(fieldIds).forEach(function (zone) {
      inputs[zone] = document.getElementById(fieldIds[zone]);
    });
    var grid = root.querySelector(".picker__grid");
    var view = root.querySelector("[data-view]");
    var status = root.querySelector("[data-status]");
    var zoneButtons = Array.prototype.slice.call(root.querySelectorAll(".picker__zone"));
    var allButtons = Array.prototype.slice.call(grid.querySelectorAll("button[data-card]"));
    var deck = [];
    var labels = {};
    allButtons.forEach(function (b) { labels[b.getAttribute("data-card")] = b.getAttribute("aria-label"); });
    var jokerForm = root.querySelector("[data-joker-form]");
    var jokerInput = jokerForm ? jokerForm.querySelector("input") : null;
    var pack = JSON.parse(root.getAttribute("data-deck") || "null") ||
      { ranks: ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"], packs: 1, jokers: 0 };
    var offered = JSON.parse(root.getAttribute("data-zones") || "null");

    // A card's spoken name; a joker in a meld names the card it stands for.
    function labelOf(card) {
      if (card === "*") { return i18n.joker || "joker"; }
      if (isJoker(card)) { return format(i18n.jokerAs || "{card}", { card: labels[card.slice(1)] || card.slice(1) }); }
      return labels[card] || card;
    }
    function zoneOffered(zone) { return !!inputs[zone] && (!offered || offered.indexOf(zone) >= 0); }
    // How many of a deck entry are placed: a natural card's copies, or every joker.
    function placedCount(entry) {
      var s = picker.state;
      var n = 0;
      function same(card) { return entry === "*" ? isJoker(card) : card === entry; }
      if (s.center && same(s.center)) { n++; }
      s.hand.forEach(function (c) { if (same(c)) { n++; } });
      ["melds", "opponent_melds"].forEach(function (zone) {
        s[zone].forEach(function (m) { m.forEach(function (c) { if (same(c)) { n++; } }); });
      });
      return n;
    }
    function limit(entry) { return entry === "*" ? (pack.jokers || 0) : (pack.packs || 1); }

    var picker = {
      state: { hand: [], melds: [], opponent_melds: [], center: null },
      active: zoneButtons.length ? zoneButtons[0].getAttribute("data-zone") : "hand",
      activeMeld: { melds: 0, opponent_melds: 0 }
    };

    function zoneName(zone) { return (i18n.zones && i18n.zones[zone]) || zone; }
    function isMeldZone(zone) { return zone === "melds" || zone === "opponent_melds"; }

    // A card typed twice is drawn once (a card has one place), and the picker says so
    // rather than dropping it silently; the analysis names the same problem.
    function readInputs() {
      var s = { hand: [], melds: [], opponent_melds: [], center: null };
      var seen = {};
      var counts = {};
      var twice = [];
      function cardsIn(text, inMeld) { return splitCards(text, inMeld).map(normalise).filter(Boolean); }
      function keep(zone) {
        return function (card) {
          if (isJoker(card)) { return true; }  // the server checks the number of jokers
          counts[card] = (counts[card] || 0) + 1;
          if (counts[card] > (pack.packs || 1)) {
            var text = (pack.packs || 1) > 1 ? format(i18n.tooMany, { card: labels[card] || card }) : format(i18n.twice, {
              card: labels[card] || card,
              first: zoneName(seen[card]).toLowerCase(),
              second: zoneName(zone).toLowerCase()
            });
            twice.push(text.charAt(0).toUpperCase() + text.slice(1));
            return false;
          }
          seen[card] = seen[card] || zone;
          return true;
        };
      }
      if (inputs.center) { s.center = cardsIn(inputs.center.value).slice(0, 1).filter(keep("center"))[0] || null; }
      if (inputs.hand) { s.hand = cardsIn(inputs.hand.value).filter(keep("hand")); }
      ["melds", "opponent_melds"].forEach(function (zone) {
        if (!inputs[zone]) { return; }
        s[zone] = splitMelds(inputs[zone].value, function (part) { return cardsIn(part, true); })
          .map(function (m) { return m.filter(keep(zone)); })
          .filter(function (m) { return m.length; });
      });
      picker.state = s;
      ["melds", "opponent_melds"].forEach(function (zone) {
        picker.activeMeld[zone] = Math.max(0, s[zone].length - 1);
      });
      if (twice.length) { announce(twice.join(" ")); }
    }

    function writeInputs() {
      var s = picker.state;
      if (inputs.hand) { inputs.hand.value = s.hand.join(" "); }
      ["melds", "opponent_melds"].forEach(function (zone) {
        if (!inputs[zone]) { return; }
        inputs[zone].value = s[zone].filter(function (m) { return m.length; })
          .map(function (m) { return m.join(" "); }).join("; ");
      });
      if (inputs.center) { inputs.center.value = s.center || ""; }
    }

    // Where a deck entry lies (the first place found); "*" finds any joker.
    function whereIs(card) {
      var s = picker.state;
      function same(c) { return card === "*" ? isJoker(c) : c === card; }
      function find(list) { for (var k = 0; k < list.length; k++) { if (same(list[k])) { return list[k]; } } return null; }
      if (s.center && same(s.center)) { return { zone: "center", card: s.center }; }
      var found = find(s.hand);
      if (found) { return { zone: "hand", card: found }; }
      for (var z = 0; z < 2; z++) {
        var zone = z ? "opponent_melds" : "melds";
        for (var i = 0; i < s[zone].length; i++) {
          found = find(s[zone][i]);
          if (found) { return { zone: zone, meld: i, card: found }; }
        }
      }
      return null;
    }

    // Take one card back: from a given place (a click in the view) or from the first place
    // that holds it (a click in the deck).
    function removeCard(card, place) {
      var s = picker.state;
      var at = place || whereIs(card);
      if (!at) { return null; }
      card = at.card || card;
      if (at.zone === "center") { s.center = null; }
      else if (at.zone === "hand") { s.hand.splice(s.hand.indexOf(card), 1); }
      else {
        var meld = s[at.zone][at.meld];
        meld.splice(meld.indexOf(card), 1);
        if (!meld.length && at.meld !== picker.activeMeld[at.zone]) {
          s[at.zone].splice(at.meld, 1);
          if (picker.activeMeld[at.zone] > at.meld) { picker.activeMeld[at.zone] -= 1; }
        }
      }
      return at;
    }

    function placeCard(card) {
      var s = picker.state;
      var zone = picker.active;
      if (zone === "center") {
        if (s.center) { removeCard(s.center); }
        s.center = card;
      } else if (zone === "hand") {
        s.hand.push(card);
        s.hand.sort(cardOrder);
      } else {
        var index = picker.activeMeld[zone];
        if (!s[zone][index]) { s[zone].push([]); index = s[zone].length - 1; picker.activeMeld[zone] = index; }
        s[zone][index].push(card);
        s[zone][index].sort(cardOrder);
      }
    }

    function announce(text) { if (status) { status.textContent = text; } }

    function changed() {
      writeInputs();
      render();
      root.dispatchEvent(new CustomEvent("picker:change", { bubbles: true, detail: snapshot() }));
    }

    function snapshot() {
      var s = picker.state;
      return {
        hand: s.hand.slice(),
        melds: s.melds.filter(function (m) { return m.length; }).map(function (m) { return m.slice(); }),
        opponent_melds: s.opponent_melds.filter(function (m) { return m.length; }).map(function (m) { return m.slice(); }),
        center: s.center
      };
    }

    // A deck click: place one more copy while the packs hold one, else take one back.
    function toggle(card) {
      if (placedCount(card) >= limit(card)) {
        var at = removeCard(card);
        var many = card === "*" ? limit(card) > 1 : limit(card) > 1;
        announce(format(many ? i18n.allPlaced : i18n.removed, { card: labelOf(at.card || card), zone: zoneName(at.zone) }));
        changed();
        return;
      }
      if (card === "*" && isMeldZone(picker.active) && jokerForm) {
        askJoker();
        return;
      }
      placeCard(card);
      announce(format(i18n.added, { card: labelOf(card), zone: zoneName(picker.active) }));
      changed();
    }

    // A joker going into a meld says which card it stands for ("*5H").
    function askJoker() {
      jokerForm.hidden = false;
      announce(i18n.jokerAsk);
      jokerInput.value = "";
      jokerInput.focus();
    }
    function closeJoker() {
      jokerForm.hidden = true;
      var button = grid.querySelector('[data-card="*"]');
      if (button) { button.focus(); }
    }
    function placeJoker() {
      var stands = normalise(jokerInput.value.trim());
      if (!stands || isJoker(stands)) {
        announce(i18n.jokerBad);
        jokerInput.focus();
        return;
      }
      placeCard("*" + stands);
      announce(format(i18n.added, { card: labelOf("*" + stands), zone: zoneName(picker.active) }));
      changed();
      closeJoker();
    }
    if (jokerForm) {
      jokerForm.querySelector('[data-action="joker-place"]').addEventListener("click", placeJoker);
      jokerForm.querySelector('[data-action="joker-cancel"]').addEventListener("click", closeJoker);
      jokerInput.addEventListener("keydown", function (event) {
        if (event.key === "Enter") { event.preventDefault(); placeJoker(); }
        if (event.key === "Escape") { event.preventDefault(); closeJoker(); }
      });
    }

    // A placed card in the view: a click takes back this very card from this place.
    function cardButton(card, extraLabel, place) {
      var b = document.createElement("button");
      b.type = "button";
      var natural = isJoker(card) ? card.slice(1) : card;
      var suit = isJoker(card) ? "joker" : { S: "spades", H: "hearts", D: "diamonds", C: "clubs" }[suitOf(card)];
      b.className = "card card--" + suit + " card--button";
      b.setAttribute("data-card", card);
      b.setAttribute("aria-label", extraLabel || labelOf(card));
      var r = document.createElement("span");
      r.className = "card__rank"; r.setAttribute("aria-hidden", "true");
      r.textContent = (isJoker(card) ? "★" : "") + (natural ? rankOf(natural) : "");
      var g = document.createElement("span");
      g.className = "card__suit"; g.setAttribute("aria-hidden", "true");
      g.textContent = natural ? { S: "♠", H: "♥", D: "♦", C: "♣" }[suitOf(natural)] : "";
      b.appendChild(r); b.appendChild(g);
      b.addEventListener("click", function () {
        var at = removeCard(card, place ? { zone: place.zone, meld: place.meld, card: card } : null);
        if (at) { announce(format(i18n.removed, { card: labelOf(card), zone: zoneName(at.zone) })); }
        changed();
      });
      return b;
    }

    function zoneBox(zone) {
      var box = document.createElement("div");
      box.className = "zone" + (zone === picker.active ? " zone--active" : "");
      var h = document.createElement("h4");
      h.className = "zone__title";
      h.textContent = zoneName(zone);
      box.appendChild(h);
      return box;
    }

    function emptyNote(box) {
      var p = document.createElement("p");
      p.className = "muted";
      p.textContent = i18n.empty;
      box.appendChild(p);
    }

    function render() {
      var s = picker.state;
      // The deck: a placed card is "pressed" and says where it is.
      // With two packs a card is "pressed" once every copy is placed.
      deck.forEach(function (b) {
        var card = b.getAttribute("data-card");
        var at = whereIs(card);
        var full = placedCount(card) >= limit(card);
        b.setAttribute("aria-pressed", full ? "true" : "false");
        b.setAttribute("aria-label", at ? format(i18n.inZone, { card: labels[card], zone: zoneName(at.zone) }) : labels[card]);
        if (at) { b.setAttribute("data-zone", at.zone); } else { b.removeAttribute("data-zone"); }
      });
      zoneButtons.forEach(function (b) {
        var zone = b.getAttribute("data-zone");
        b.setAttribute("aria-pressed", zone === picker.active ? "true" : "false");
        var count = b.querySelector("[data-count]");
        if (count) {
          var n = zone === "center" ? (s.center ? 1 : 0)
            : zone === "hand" ? s.hand.length
            : s[zone].reduce(function (t, m) { return t + m.length; }, 0);
          count.textContent = "(" + n + ")";
        }
      });
      // What has been placed, zone by zone; click a card to take it back.
      view.innerHTML = "";
      VIEW_ORDER.forEach(function (zone) {
        if (!zoneOffered(zone)) { return; }
        var box = zoneBox(zone);
        if (zone === "center" || zone === "hand") {
          var cards = zone === "center" ? (s.center ? [s.center] : []) : s.hand;
          var row = document.createElement("div");
          row.className = "card-row";
          cards.forEach(function (card) { row.appendChild(cardButton(card, format(i18n.remove, { card: labelOf(card) }), { zone: zone })); });
          box.appendChild(row);
          if (!cards.length) { emptyNote(box); }
        } else {
          if (!s[zone].length) { emptyNote(box); }
          s[zone].forEach(function (meld, index) {
            var line = document.createElement("div");
            line.className = "melds";
            var pick = document.createElement("button");
            pick.type = "button";
            pick.className = "button button--small button--secondary";
            pick.textContent = format(i18n.meld, { n: index + 1 });
            pick.setAttribute("aria-label", format(i18n.chooseMeld, { n: index + 1 }));
            var current = picker.active === zone && picker.activeMeld[zone] === index;
            pick.setAttribute("aria-pressed", current ? "true" : "false");
            pick.addEventListener("click", function () {
              picker.active = zone;
              picker.activeMeld[zone] = index;
              render();
            });
            var group = document.createElement("span");
            group.className = "meld" + (current ? " meld--active" : "");
            meld.forEach(function (card) { group.appendChild(cardButton(card, format(i18n.remove, { card: labelOf(card) }), { zone: zone, meld: index })); });
            line.appendChild(pick);
            line.appendChild(group);
            box.appendChild(line);
          });
        }
        view.appendChild(box);
      });
    }

    // Zone choice.
    zoneButtons.forEach(function (b) {
      b.addEventListener("click", function () {
        picker.active = b.getAttribute("data-zone");
        render();
      });
    });
    // Tools.
    var newMeld = root.querySelector('[data-action="new-meld"]');
    if (newMeld) {
      newMeld.addEventListener("click", function () {
        if (!isMeldZone(picker.active)) { picker.active = inputs.melds ? "melds" : "opponent_melds"; }
        var zone = picker.active;
        var melds = picker.state[zone];
        if (!melds.length || melds[melds.length - 1].length) { melds.push([]); }
        picker.activeMeld[zone] = melds.length - 1;
        announce(format(i18n.newMeld, { zone: zoneName(zone) }));
        render();
      });
    }
    var clear = root.querySelector('[data-action="clear"]');
    if (clear) {
      clear.addEventListener("click", function () {
        picker.state = { hand: [], melds: [], opponent_melds: [], center: null };
        picker.activeMeld = { melds: 0, opponent_melds: 0 };
        announce(i18n.cleared);
        changed();
      });
    }
    // The deck: one tab stop, arrow keys inside (a suit is one row of 10, or two rows of 5
    // on a phone: the step down follows the columns the stylesheet drew).
    function columns() {
      return window.getComputedStyle(grid).gridTemplateColumns.split(" ").length || 10;
    }
    allButtons.forEach(function (b) {
      b.addEventListener("click", function () { toggle(b.getAttribute("data-card")); });
      b.addEventListener("focus", function () {
        deck.forEach(function (o) { o.tabIndex = -1; });
        b.tabIndex = 0;
      });
      b.addEventListener("keydown", function (event) {
        var i = deck.indexOf(b);
        if (i < 0) { return; }
        var across = columns();
        var step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: across, ArrowUp: -across }[event.key];
        var target = null;
        if (step !== undefined) { target = i + step; }
        else if (event.key === "Home") { target = i - (i % across); }
        else if (event.key === "End") { target = i - (i % across) + across - 1; }
        if (target === null) { return; }
        event.preventDefault();
        if (target >= 0 && target < deck.length) { deck[target].focus(); }
      });
    });
    // Typing in the fields updates the picker too.
    Object.keys(inputs).forEach(function (zone) {
      if (!inputs[zone]) { return; }
      inputs[zone].addEventListener("change", function () { readInputs(); render(); });
    });

    picker.set = function (state) {
      picker.state = {
        hand: (state.hand || []).slice(),
        melds: (state.melds || []).map(function (m) { return m.slice(); }),
        opponent_melds: (state.opponent_melds || []).map(function (m) { return m.slice(); }),
        center: state.center || null
      };
      changed();
    };
    picker.render = render;
    picker.snapshot = snapshot;

    // The profile's pack and zones: the deck shows only its cards (and a joker when it has
    // jokers), one tab stop as before; zones not offered are hidden but keep their cards.
    picker.configure = function (options) {
      if (options.deck) { pack = options.deck; }
      if (options.zones) { offered = options.zones; }
      if (options.names) {  // a profile's own word for a zone (e.g. "Upcard" for the center)
        i18n.zones = Object.assign({}, i18n.zones, options.names);
        zoneButtons.forEach(function (b) {
          var name = b.querySelector("[data-zone-name]");
          if (name) { name.textContent = zoneName(b.getAttribute("data-zone")); }
        });
      }
      deck = allButtons.filter(function (b) {
        var card = b.getAttribute("data-card");
        var shown = card === "*" ? (pack.jokers || 0) > 0 : pack.ranks.indexOf(rankOf(card)) >= 0;
        b.hidden = !shown;
        return shown;
      });
      grid.classList.toggle("picker__grid--13", pack.ranks.length === 13);
      var size = pack.ranks.length * 4;
      if (i18n.deck) { grid.setAttribute("aria-label", format(i18n.deck, { n: size })); }
      deck.forEach(function (b, i) { b.tabIndex = i === 0 ? 0 : -1; });
      zoneButtons.forEach(function (b) { b.hidden = !zoneOffered(b.getAttribute("data-zone")); });
      if (!zoneOffered(picker.active)) { picker.active = "hand"; }
      var newMeldButton = root.querySelector('[data-action="new-meld"]');
      if (newMeldButton) { newMeldButton.hidden = !zoneOffered("melds") && !zoneOffered("opponent_melds"); }
      if (jokerForm && !(pack.jokers > 0)) { jokerForm.hidden = true; }
      render();
    };

    readInputs();
    picker.configure({});
    root.hidden = false;
    root.conquianPicker = picker;
    return picker;
  }

  window.ConquianPicker = {
    attach: attach, parseCards: parseCards, parseMelds: parseMelds,
    splitCards: splitCards, splitMelds: splitMelds
  };
  document.querySelectorAll("[data-picker]").forEach(attach);
})();
