/*
 * The card picker: build a Conquian position by clicking cards of the 40-card deck.
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
 * API: window.ConquianPicker.attach(element) -> picker ({state, set(state), render()}),
 *      ConquianPicker.parseCards(text), ConquianPicker.parseMelds(text) (valid cards only),
 *      ConquianPicker.splitCards(text), ConquianPicker.splitMelds(text) (every token as typed).
 */
(function () {
  "use strict";

  var RANKS = "A234567JQK";
  var SUITS = "SHDC";
  // Zones drawn as on the table: the opponent's side, the center, then yours.
  var VIEW_ORDER = ["opponent_melds", "center", "melds", "hand"];
  var GLYPHS = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };

  function normalise(token) {
    if (token.length !== 2) { return null; }
    var rank = token[0].toUpperCase();
    var suit = GLYPHS[token[1]] || token[1].toUpperCase();
    if (RANKS.indexOf(rank) < 0 || SUITS.indexOf(suit) < 0) { return null; }
    return rank + suit;
  }

  // "4H 5h,6♥" or "4H5H6H" -> ["4H", "5H", "6H"]; tokens that are not cards are dropped
  // (the server names them when the form is sent).
  function parseCards(text) {
    var out = [];
    splitCards(text).forEach(function (part) {
      var card = normalise(part);
      if (card && out.indexOf(card) < 0) { out.push(card); }
    });
    return out;
  }

  function parseMelds(text) {
    return splitMelds(text, parseCards);
  }

  // The same split as the server's (tutor/analyzer/codec.py), keeping every token as typed
  // so that the solver can name a bad one.
  function splitCards(text) {
    var out = [];
    String(text || "").split(/[\s,\-]+/).forEach(function (token) {
      if (!token) { return; }
      if (token.length > 2 && /^((10|[0-9AJQKTajqkt])[SHDCshdc♠♥♦♣])+$/.test(token)) {
        out.push.apply(out, token.match(/(10|[0-9AJQKTajqkt])[SHDCshdc♠♥♦♣]/g));
      } else {
        out.push(token);
      }
    });
    return out;
  }

  function splitMelds(text, split) {
    return String(text || "").split(/[;|\/.\n\r]+/).map(split || splitCards).filter(function (m) {
      return m.length > 0;
    });
  }

  function format(template, values) {
    return String(template).replace(/\{(\w+)\}/g, function (all, key) {
      return Object.prototype.hasOwnProperty.call(values, key) ? values[key] : all;
    });
  }

  function cardOrder(a, b) {
    return SUITS.indexOf(a[1]) * 10 + RANKS.indexOf(a[0]) - (SUITS.indexOf(b[1]) * 10 + RANKS.indexOf(b[0]));
  }

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
    var deck = Array.prototype.slice.call(grid.querySelectorAll("button[data-card]"));
    var labels = {};
    deck.forEach(function (b) { labels[b.getAttribute("data-card")] = b.getAttribute("aria-label"); });

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
      var twice = [];
      function cardsIn(text) { return splitCards(text).map(normalise).filter(Boolean); }
      function keep(zone) {
        return function (card) {
          if (seen[card]) {
            var text = format(i18n.twice, {
              card: labels[card] || card,
              first: zoneName(seen[card]).toLowerCase(),
              second: zoneName(zone).toLowerCase()
            });
            twice.push(text.charAt(0).toUpperCase() + text.slice(1));
            return false;
          }
          seen[card] = zone;
          return true;
        };
      }
      if (inputs.center) { s.center = cardsIn(inputs.center.value).slice(0, 1).filter(keep("center"))[0] || null; }
      if (inputs.hand) { s.hand = cardsIn(inputs.hand.value).filter(keep("hand")); }
      ["melds", "opponent_melds"].forEach(function (zone) {
        if (!inputs[zone]) { return; }
        s[zone] = splitMelds(inputs[zone].value, cardsIn).map(function (m) { return m.filter(keep(zone)); })
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

    function whereIs(card) {
      var s = picker.state;
      if (s.center === card) { return { zone: "center" }; }
      if (s.hand.indexOf(card) >= 0) { return { zone: "hand" }; }
      for (var z = 0; z < 2; z++) {
        var zone = z ? "opponent_melds" : "melds";
        for (var i = 0; i < s[zone].length; i++) {
          if (s[zone][i].indexOf(card) >= 0) { return { zone: zone, meld: i }; }
        }
      }
      return null;
    }

    function removeCard(card) {
      var s = picker.state;
      var at = whereIs(card);
      if (!at) { return null; }
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

    function toggle(card) {
      var at = removeCard(card);
      if (at) {
        announce(format(i18n.removed, { card: labels[card], zone: zoneName(at.zone) }));
      } else {
        placeCard(card);
        announce(format(i18n.added, { card: labels[card], zone: zoneName(picker.active) }));
      }
      changed();
    }

    function cardButton(card, extraLabel) {
      var b = document.createElement("button");
      b.type = "button";
      var suit = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" }[card[1]];
      b.className = "card card--" + suit + " card--button";
      b.setAttribute("data-card", card);
      b.setAttribute("aria-label", extraLabel || labels[card]);
      var r = document.createElement("span");
      r.className = "card__rank"; r.setAttribute("aria-hidden", "true"); r.textContent = card[0];
      var g = document.createElement("span");
      g.className = "card__suit"; g.setAttribute("aria-hidden", "true");
      g.textContent = { S: "♠", H: "♥", D: "♦", C: "♣" }[card[1]];
      b.appendChild(r); b.appendChild(g);
      b.addEventListener("click", function () { toggle(card); });
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
      deck.forEach(function (b) {
        var card = b.getAttribute("data-card");
        var at = whereIs(card);
        b.setAttribute("aria-pressed", at ? "true" : "false");
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
        if (!inputs[zone]) { return; }
        var box = zoneBox(zone);
        if (zone === "center" || zone === "hand") {
          var cards = zone === "center" ? (s.center ? [s.center] : []) : s.hand;
          var row = document.createElement("div");
          row.className = "card-row";
          cards.forEach(function (card) { row.appendChild(cardButton(card, format(i18n.remove, { card: labels[card] }))); });
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
            meld.forEach(function (card) { group.appendChild(cardButton(card, format(i18n.remove, { card: labels[card] }))); });
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
      var count = window.getComputedStyle(grid).gridTemplateColumns.split(" ").length;
      return count === 5 ? 5 : 10;
    }
    deck.forEach(function (b, i) {
      b.tabIndex = i === 0 ? 0 : -1;
      b.addEventListener("click", function () { toggle(b.getAttribute("data-card")); });
      b.addEventListener("focus", function () {
        deck.forEach(function (o) { o.tabIndex = -1; });
        b.tabIndex = 0;
      });
      b.addEventListener("keydown", function (event) {
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

    readInputs();
    render();
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
