// The puzzle editor: a 40-card picker that fills the position textarea, and the solver's
// live check after every change. Without this script the form still works: the teacher
// types the position as JSON and presses "Check" or "Save".
(function () {
  "use strict";
  // Buttons that destroy something ask first (the form still works without the script).
  document.querySelectorAll("form[data-confirm]").forEach(function (f) {
    f.addEventListener("submit", function (event) {
      if (!window.confirm(f.dataset.confirm)) { event.preventDefault(); }
    });
  });
  var form = document.getElementById("puzzle-form");
  if (!form) { return; }
  var builder = document.getElementById("builder");
  var textarea = form.querySelector("textarea[name=position]");
  var report = document.getElementById("check-report");
  var choices = document.getElementById("answer-choices");
  var acceptedField = form.querySelector("textarea[name=accepted]");
  var takeField = form.querySelector("input[name=take]");
  var hintsField = form.querySelector("textarea[name=hints]");
  var explanationField = form.querySelector("textarea[name=explanation]");
  var difficultyField = form.querySelector("select[name=difficulty]");
  var themesField = form.querySelector("input[name=themes]");
  var suggestButton = document.getElementById("use-suggestions");
  var targetList = document.getElementById("target-list");
  var zones = document.getElementById("zones");
  var centerFrom = document.getElementById("center-from");
  var stockInput = document.getElementById("stock-count");
  var deckButtons = Array.prototype.slice.call(builder.querySelectorAll(".deck .card--button"));
  var labels = {};  // card code -> spoken name, from the server-rendered deck (translated)
  deckButtons.forEach(function (b) { labels[b.dataset.card] = b.getAttribute("aria-label"); });
  var t = {  // interface words, taken from the page so that they follow its language
    hand: builder.dataset.hand || "Your hand",
    meld: builder.dataset.meld || "Your meld",
    oppMeld: builder.dataset.oppMeld || "Opponent meld",
    center: builder.dataset.center || "Center card"
  };

  var state = { hand: [], melds: [[]], opponent_melds: [[]], center: null, center_from: "opponent", stock: null };
  var target = "hand";
  var lastReport = null;
  var timer = null;
  var sequence = 0;

  function task() {
    var checked = form.querySelector("input[name=task]:checked");
    return checked ? checked.value : "can_use";
  }

  // ------------------------------------------------------------ state <-> textarea
  function readTextarea() {
    var data;
    try { data = JSON.parse(textarea.value); } catch (e) { return false; }
    if (!data || typeof data !== "object" || Array.isArray(data)) { return false; }
    function list(v) { return Array.isArray(v) ? v.filter(function (c) { return typeof c === "string"; }).map(canon) : []; }
    function melds(v) { var m = Array.isArray(v) ? v.map(list) : []; return m.length ? m : [[]]; }
    state = {
      hand: list(data.hand),
      melds: melds(data.melds),
      opponent_melds: melds(data.opponent_melds),
      center: typeof data.center === "string" && data.center ? canon(data.center) : null,
      center_from: data.center_from === "stock" ? "stock" : "opponent",
      stock: typeof data.stock === "number" ? data.stock : null
    };
    return true;
  }

  function canon(code) {
    var glyphs = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };
    code = code.trim();
    var suit = code.slice(-1);
    return (code.slice(0, -1) + (glyphs[suit] || suit)).toUpperCase();
  }

  function positionData() {
    var data = {
      hand: state.hand.slice(),
      melds: state.melds.filter(function (m) { return m.length; }),
      opponent_melds: state.opponent_melds.filter(function (m) { return m.length; }),
      center: state.center,
      center_from: state.center_from
    };
    if (state.stock !== null && state.stock !== "") { data.stock = state.stock; }
    return data;
  }

  function writeTextarea() {
    textarea.value = JSON.stringify(positionData());
  }

  // ------------------------------------------------------------ placing cards
  function whereIs(code) {
    if (state.center === code) { return "center"; }
    if (state.hand.indexOf(code) >= 0) { return "hand"; }
    for (var i = 0; i < state.melds.length; i++) { if (state.melds[i].indexOf(code) >= 0) { return "meld-" + i; } }
    for (var j = 0; j < state.opponent_melds.length; j++) { if (state.opponent_melds[j].indexOf(code) >= 0) { return "opp-" + j; } }
    return null;
  }

  function removeCard(code) {
    if (state.center === code) { state.center = null; }
    state.hand = state.hand.filter(function (c) { return c !== code; });
    state.melds = state.melds.map(function (m) { return m.filter(function (c) { return c !== code; }); });
    state.opponent_melds = state.opponent_melds.map(function (m) { return m.filter(function (c) { return c !== code; }); });
  }

  function place(code) {
    if (whereIs(code)) { removeCard(code); changed(); return; }
    if (target === "center") {
      state.center = code;
    } else if (target === "hand") {
      state.hand.push(code);
    } else {
      var parts = target.split("-");
      var list = parts[0] === "meld" ? state.melds : state.opponent_melds;
      list[Number(parts[1])].push(code);
    }
    changed();
  }

  function targetName(key) {
    if (key === "hand") { return t.hand; }
    if (key === "center") { return t.center; }
    var parts = key.split("-");
    return (parts[0] === "meld" ? t.meld : t.oppMeld) + " " + (Number(parts[1]) + 1);
  }

  function targets() {
    var keys = ["hand"];
    state.melds.forEach(function (_, i) { keys.push("meld-" + i); });
    state.opponent_melds.forEach(function (_, i) { keys.push("opp-" + i); });
    keys.push("center");
    return keys;
  }

  // ------------------------------------------------------------ drawing
  function cardNode(code, tag) {
    var el = document.createElement(tag);
    var suit = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" }[code.slice(-1)] || "spades";
    var glyph = { S: "♠", H: "♥", D: "♦", C: "♣" }[code.slice(-1)] || "?";
    el.className = "card card--" + suit;
    el.dataset.card = code;
    var rank = document.createElement("span");
    rank.className = "card__rank"; rank.setAttribute("aria-hidden", "true"); rank.textContent = code.slice(0, -1);
    var s = document.createElement("span");
    s.className = "card__suit"; s.setAttribute("aria-hidden", "true"); s.textContent = glyph;
    el.appendChild(rank); el.appendChild(s);
    return el;
  }

  function drawTargets() {
    targetList.textContent = "";
    if (targets().indexOf(target) < 0) { target = "hand"; }
    targets().forEach(function (key) {
      var id = "target-" + key;
      var wrap = document.createElement("span");
      wrap.className = "target";
      var input = document.createElement("input");
      input.type = "radio"; input.name = "picker-target"; input.id = id; input.value = key;
      input.checked = key === target;
      input.addEventListener("change", function () { target = key; });
      var label = document.createElement("label");
      label.htmlFor = id; label.textContent = targetName(key);
      wrap.appendChild(input); wrap.appendChild(label);
      targetList.appendChild(wrap);
    });
  }

  function zone(title, cards, key) {
    var box = document.createElement("div");
    box.className = "zone";
    var h = document.createElement("h3");
    h.textContent = title;
    box.appendChild(h);
    var row = document.createElement("div");
    row.className = "card-row";
    if (!cards.length) {
      var empty = document.createElement("span");
      empty.className = "muted"; empty.textContent = "—";
      row.appendChild(empty);
    }
    cards.forEach(function (code) {
      var b = cardNode(code, "button");
      b.type = "button";
      b.classList.add("card--button");
      b.setAttribute("aria-label", (labels[code] || code) + " — " + (builder.dataset.remove || "remove"));
      b.addEventListener("click", function () { removeCard(code); changed(); });
      row.appendChild(b);
    });
    box.appendChild(row);
    box.dataset.zone = key;
    return box;
  }

  function drawZones() {
    zones.textContent = "";
    var opp = document.createElement("div");
    state.opponent_melds.forEach(function (m, i) { opp.appendChild(zone(targetName("opp-" + i), m, "opp-" + i)); });
    zones.appendChild(opp);
    zones.appendChild(zone(t.center, state.center ? [state.center] : [], "center"));
    var mine = document.createElement("div");
    state.melds.forEach(function (m, i) { mine.appendChild(zone(targetName("meld-" + i), m, "meld-" + i)); });
    zones.appendChild(mine);
    var count = state.hand.length + state.melds.reduce(function (n, m) { return n + m.length; }, 0);
    zones.appendChild(zone(t.hand + " (" + state.hand.length + ") · " + count + "/10", state.hand, "hand"));
  }

  function drawDeck() {
    deckButtons.forEach(function (b) {
      var where = whereIs(b.dataset.card);
      b.setAttribute("aria-pressed", where ? "true" : "false");
      b.title = where ? targetName(where) : "";
    });
  }

  function draw() {
    drawTargets();
    drawZones();
    drawDeck();
    centerFrom.value = state.center_from;
    stockInput.value = state.stock === null ? "" : String(state.stock);
  }

  function changed() {
    writeTextarea();
    draw();
    scheduleCheck();
  }

  // ------------------------------------------------------------ the solver's check
  function scheduleCheck() {
    clearTimeout(timer);
    timer = setTimeout(runCheck, 250);
  }

  function splitCards(text) {
    return text.split(/[\s,;]+/).filter(function (s) { return s; });
  }

  function acceptedPlays() {
    return acceptedField.value.split("\n").map(splitCards).filter(function (p) { return p.length; });
  }

  function runCheck() {
    var data;
    try { data = JSON.parse(textarea.value); } catch (e) {
      showError(builder.dataset.badJson || "The position is not valid JSON.");
      return;
    }
    var body = { position: data, task: task(), language: form.dataset.language };
    if (task() === "find_play") { body.accepted = acceptedPlays(); }
    if (task() === "discard" && takeField.value.trim()) { body.take = splitCards(takeField.value); }
    var mine = ++sequence;
    window.Conquian.postJSON(form.dataset.checkUrl, body).then(function (result) {
      if (mine !== sequence) { return; }  // a newer check is on its way
      showReport(result.data);
    }).catch(function () {
      showError(builder.dataset.offline || "The check could not reach the server.");
    });
  }

  function para(cls, strong, text) {
    var p = document.createElement("p");
    p.className = cls;
    if (strong) { var s = document.createElement("strong"); s.textContent = strong + " "; p.appendChild(s); }
    p.appendChild(document.createTextNode(text));
    return p;
  }

  function showError(message) {
    report.textContent = "";
    report.appendChild(para("report-bad", builder.dataset.notYet || "Not yet a valid puzzle:", message));
    choices.textContent = "";
    suggestButton.hidden = true;
  }

  function showReport(data) {
    lastReport = data;
    if (!data || !data.ok) {
      showError(data && data.error ? data.error.message : "?");
      if (data && data.analysis) { drawChoices(data); }
      return;
    }
    report.textContent = "";
    report.appendChild(para("report-ok", builder.dataset.valid || "Valid position.", data.answer_text));
    var plays = data.analysis.plays;
    if (plays.length) {
      report.appendChild(para("", "", builder.dataset.takes || "Legal takes of the center card:"));
      var ul = document.createElement("ul");
      ul.className = "plays";
      plays.forEach(function (p) {
        var li = document.createElement("li");
        li.textContent = p.text + (p.wins ? " — " + (builder.dataset.wins || "wins") : "") +
          (p.rearranged ? " — " + (builder.dataset.rearranges || "rearranges your melds") : "");
        ul.appendChild(li);
      });
      report.appendChild(ul);
    } else {
      report.appendChild(para("", "", builder.dataset.noTake || "The center card cannot be taken."));
    }
    (data.warnings || []).forEach(function (w) {
      report.appendChild(para("report-warn", builder.dataset.warning || "Warning:", w));
    });
    report.appendChild(para("muted", "", (builder.dataset.suggested || "Suggested difficulty:") + " " + data.suggestions.difficulty));
    if (data.suggestions.themes.length) {
      report.appendChild(para("muted", "", (builder.dataset.themes || "Themes that fit:") + " " + data.suggestions.themes.join(", ")));
    }
    drawChoices(data);
    suggestButton.hidden = false;
    if (!hintsField.value.trim() && !explanationField.value.trim()) { useSuggestions(); }
  }

  // Play checkboxes (find_play) and take radios (discard), written back into the plain fields.
  function drawChoices(data) {
    choices.textContent = "";
    var plays = (data.analysis && data.analysis.plays) || [];
    if (task() === "find_play" && plays.length) {
      var accepted = acceptedPlays().map(function (p) { return p.map(canon).sort().join(" "); });
      var fs = document.createElement("fieldset");
      var lg = document.createElement("legend");
      lg.textContent = builder.dataset.acceptLegend || "Accepted answers";
      fs.appendChild(lg);
      plays.forEach(function (p, i) {
        var key = p.hand_cards.slice().sort().join(" ");
        var div = document.createElement("div");
        div.className = "choice";
        var box = document.createElement("input");
        box.type = "checkbox"; box.id = "accept-" + i; box.value = p.hand_cards.join(" ");
        box.checked = !accepted.length || accepted.indexOf(key) >= 0;
        box.addEventListener("change", function () {
          var boxes = fs.querySelectorAll("input[type=checkbox]");
          var chosen = Array.prototype.filter.call(boxes, function (b) { return b.checked; });
          acceptedField.value = chosen.length === boxes.length ? "" : chosen.map(function (b) { return b.value; }).join("\n");
          scheduleCheck();
        });
        var label = document.createElement("label");
        label.htmlFor = box.id; label.textContent = p.text;
        div.appendChild(box); div.appendChild(label);
        fs.appendChild(div);
      });
      choices.appendChild(fs);
    }
    if (task() === "discard") {
      var takes = plays.filter(function (p) { return !p.wins; });
      if (!takes.length) { return; }
      var current = takeField.value.trim() ? splitCards(takeField.value).map(canon).sort().join(" ")
        : (data.analysis.default_take || []).slice().sort().join(" ");
      var fs2 = document.createElement("fieldset");
      var lg2 = document.createElement("legend");
      lg2.textContent = builder.dataset.takeLegend || "The take the learner is given";
      fs2.appendChild(lg2);
      takes.forEach(function (p, i) {
        var div = document.createElement("div");
        div.className = "choice";
        var radio = document.createElement("input");
        radio.type = "radio"; radio.name = "picker-take"; radio.id = "take-" + i; radio.value = p.hand_cards.join(" ");
        radio.checked = p.hand_cards.slice().sort().join(" ") === current;
        radio.addEventListener("change", function () { takeField.value = radio.value; scheduleCheck(); });
        var label = document.createElement("label");
        label.htmlFor = radio.id; label.textContent = p.text;
        div.appendChild(radio); div.appendChild(label);
        fs2.appendChild(div);
      });
      choices.appendChild(fs2);
    }
  }

  function useSuggestions() {
    if (!lastReport || !lastReport.ok) { return; }
    var s = lastReport.suggestions;
    hintsField.value = s.hints.join("\n");
    explanationField.value = s.explanation;
    if (difficultyField) { difficultyField.value = String(s.difficulty); }
    if (themesField) { themesField.value = s.themes.join(", "); }
  }

  function showTaskFields() {
    form.querySelectorAll(".task-only").forEach(function (el) {
      el.hidden = el.dataset.task !== task();
    });
  }

  // ------------------------------------------------------------ wiring
  builder.hidden = false;
  if (!readTextarea()) { writeTextarea(); }
  if (!state.melds.length) { state.melds = [[]]; }
  if (!state.opponent_melds.length) { state.opponent_melds = [[]]; }
  deckButtons.forEach(function (b) { b.addEventListener("click", function () { place(b.dataset.card); }); });
  document.getElementById("add-meld").addEventListener("click", function () {
    state.melds.push([]); target = "meld-" + (state.melds.length - 1); draw();
  });
  document.getElementById("add-opp-meld").addEventListener("click", function () {
    state.opponent_melds.push([]); target = "opp-" + (state.opponent_melds.length - 1); draw();
  });
  document.getElementById("clear-position").addEventListener("click", function () {
    state = { hand: [], melds: [[]], opponent_melds: [[]], center: null, center_from: state.center_from, stock: state.stock };
    target = "hand"; changed();
  });
  centerFrom.addEventListener("change", function () { state.center_from = centerFrom.value; changed(); });
  stockInput.addEventListener("input", function () {
    var n = parseInt(stockInput.value, 10);
    state.stock = isNaN(n) ? null : n; writeTextarea(); scheduleCheck();
  });
  textarea.addEventListener("input", function () {
    if (readTextarea()) { draw(); }
    scheduleCheck();
  });
  form.querySelectorAll("input[name=task]").forEach(function (r) {
    r.addEventListener("change", function () { showTaskFields(); scheduleCheck(); });
  });
  acceptedField.addEventListener("input", scheduleCheck);
  takeField.addEventListener("input", scheduleCheck);
  suggestButton.addEventListener("click", useSuggestions);
  showTaskFields();
  draw();
  runCheck();
})();
