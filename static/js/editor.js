// The puzzle editor: the analyzer's card picker (static/js/picker.js) fills the position
// textarea, and the solver checks the puzzle after every change. Without this script the
// form still works: the teacher types the position as JSON and presses "Check" or "Save".
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
  var centerFrom = document.getElementById("center-from");
  var stockInput = document.getElementById("stock-count");
  var playersInput = document.getElementById("players-count");
  var laidInput = document.getElementById("pos-laid");
  var opplaidInput = document.getElementById("pos-opplaid");
  var pickerRoot = document.getElementById("editor-picker");
  if (!window.ConquianPicker || !pickerRoot) { return; }
  // The set's game (tutor/analyzer/profiles.py profile_info): which fields its positions have.
  var profile = JSON.parse(builder.dataset.profile || "{}");
  // Every word the script writes comes from the page (teach/puzzle.html's data-*
  // attributes, in the page's language and the game's words): no English fallbacks here.
  var lastReport = null;
  var timer = null;
  var sequence = 0;

  function task() {
    var checked = form.querySelector("input[name=task]:checked");
    return checked ? checked.value : "can_use";
  }

  // ------------------------------------------------------------ picker <-> position JSON
  // The picker's model is four inputs (hand "4H 5H", melds "4S 5S 6S; KH KD KC", center);
  // the form sends the JSON textarea. Each side is written from the other.
  var zoneInputs = {
    hand: document.getElementById("pos-hand"),
    melds: document.getElementById("pos-melds"),
    opponent_melds: document.getElementById("pos-opp"),
    center: document.getElementById("pos-center")
  };

  function readJSON() {
    try {
      var data = JSON.parse(textarea.value);
      return data && typeof data === "object" && !Array.isArray(data) ? data : null;
    } catch (e) { return null; }
  }

  function cardsText(list) {
    return Array.isArray(list) ? list.filter(function (c) { return typeof c === "string"; }).join(" ") : "";
  }

  // Lay-offs as the analyzer writes them: "1: 8H 9H; 2: QS" <-> [{meld: 0, cards: [...]}];
  // a part without "n:" is sent as meld -1 so that the server names it.
  function readLaidOff(text) {
    var out = [];
    String(text || "").split(/[;|\/.\n\r]+/).forEach(function (part) {
      if (!part.trim()) { return; }
      var match = /^\s*(\d{1,2})\s*:(.*)$/.exec(part);
      if (!match) { out.push({ meld: -1, cards: window.ConquianPicker.splitCards(part, true) }); return; }
      out.push({ meld: parseInt(match[1], 10) - 1, cards: window.ConquianPicker.splitCards(match[2], true) });
    });
    return out;
  }
  function laidOffText(entries) {
    return Array.isArray(entries) ? entries.map(function (e) {
      return (e.meld + 1) + ": " + cardsText(e.cards);
    }).join("; ") : "";
  }

  function jsonToPicker() {
    var data = readJSON();
    if (!data) { return; }
    if (laidInput) { laidInput.value = laidOffText(data.laid_off); }
    if (opplaidInput) { opplaidInput.value = laidOffText(data.opponent_laid_off); }
    if (playersInput) { playersInput.value = typeof data.players === "number" ? String(data.players) : ""; }
    zoneInputs.hand.value = cardsText(data.hand);
    zoneInputs.melds.value = Array.isArray(data.melds) ? data.melds.map(cardsText).join("; ") : "";
    zoneInputs.opponent_melds.value = Array.isArray(data.opponent_melds) ? data.opponent_melds.map(cardsText).join("; ") : "";
    zoneInputs.center.value = typeof data.center === "string" ? data.center : "";
    // The picker listens for "change" on its inputs: it redraws without echoing back.
    Object.keys(zoneInputs).forEach(function (zone) {
      zoneInputs[zone].dispatchEvent(new Event("change"));
    });
    centerFrom.value = data.center_from === "stock" ? "stock" : "opponent";
    if (stockInput) { stockInput.value = typeof data.stock === "number" ? String(data.stock) : ""; }
  }

  // Only the fields the game has: melds and the stock where melds are shown, lay-offs
  // where the rules allow them, the number of players where it varies.
  function pickerToJSON(state) {
    var before = readJSON();
    var data = { rules: before && typeof before.rules === "string" ? before.rules : builder.dataset.rules,
      hand: state.hand };
    if (profile.meldsShown !== false) {
      data.melds = state.melds;
      data.opponent_melds = state.opponent_melds;
    }
    data.center = state.center;
    data.center_from = centerFrom.value;
    var stock = stockInput ? parseInt(stockInput.value, 10) : NaN;
    if (!isNaN(stock)) { data.stock = stock; }
    var laid = laidInput ? readLaidOff(laidInput.value) : [];
    var opplaid = opplaidInput ? readLaidOff(opplaidInput.value) : [];
    if (laid.length) { data.laid_off = laid; }
    if (opplaid.length) { data.opponent_laid_off = opplaid; }
    var players = playersInput ? parseInt(playersInput.value, 10) : NaN;
    if (!isNaN(players)) { data.players = players; }
    textarea.value = JSON.stringify(data);
    scheduleCheck();
  }

  // ------------------------------------------------------------ the solver's check
  function scheduleCheck() {
    clearTimeout(timer);
    timer = setTimeout(runCheck, 250);
  }

  function canon(code) {
    var cards = window.ConquianPicker.parseCards(code);
    return cards.length ? cards[0] : code.toUpperCase();
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
      showError(builder.dataset.badJson);
      return;
    }
    // The hints and explanation go through the claim checker too: a false one is refused.
    var body = { position: data, task: task(), language: form.dataset.language,
      hints: hintsField.value.split("\n").filter(function (h) { return h.trim(); }),
      explanation: explanationField.value };
    if (task() === "find_play") { body.accepted = acceptedPlays(); }
    if (task() === "discard" && takeField.value.trim()) { body.take = splitCards(takeField.value); }
    var mine = ++sequence;
    window.Conquian.postJSON(form.dataset.checkUrl, body).then(function (result) {
      if (mine !== sequence) { return; }  // a newer check is on its way
      showReport(result.data);
    }).catch(function () {
      showError(builder.dataset.offline);
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
    report.appendChild(para("report-bad", builder.dataset.notYet, message));
    choices.textContent = "";
    suggestButton.hidden = true;
  }

  function showReport(data) {
    lastReport = data;
    if (!data || !data.ok) {
      showError(data && data.error ? data.error.message : "?");
      ((data && data.sentences) || []).slice(1).forEach(function (s) {
        report.appendChild(para("report-bad", "", s.message));
      });
      if (data && data.analysis) { drawChoices(data); }
      // A false hint leaves the position valid: show its answer to mend the hint with.
      if (!data || !data.answer_text) { return; }
    } else {
      report.textContent = "";
    }
    report.appendChild(para("report-ok", builder.dataset.valid, data.answer_text));
    var plays = data.analysis.plays;
    if (data.analysis.hand) {
      // A draw or closing puzzle: the answer sentence says it all; no center plays.
    } else if (plays.length) {
      report.appendChild(para("", "", builder.dataset.takes));
      var ul = document.createElement("ul");
      ul.className = "plays";
      plays.forEach(function (p) {
        var li = document.createElement("li");
        li.textContent = p.text + (p.wins ? " — " + builder.dataset.wins : "") +
          (p.rearranged ? " — " + builder.dataset.rearranges : "");
        ul.appendChild(li);
      });
      report.appendChild(ul);
    } else {
      report.appendChild(para("", "", builder.dataset.noTake));
    }
    (data.warnings || []).forEach(function (w) {
      report.appendChild(para("report-warn", builder.dataset.warning, w));
    });
    report.appendChild(para("muted", "", builder.dataset.suggested + " " + data.suggestions.difficulty));
    if (data.suggestions.themes.length) {
      report.appendChild(para("muted", "", builder.dataset.themes + " " + data.suggestions.themes.join(", ")));
    }
    if (data.ok) { drawChoices(data); }
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
      lg.textContent = builder.dataset.acceptLegend;
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
      lg2.textContent = builder.dataset.takeLegend;
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
    if (!lastReport || !lastReport.suggestions) { return; }
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
  jsonToPicker();
  var picker = window.ConquianPicker.attach(pickerRoot);
  pickerRoot.addEventListener("picker:change", function (event) { pickerToJSON(event.detail); });
  centerFrom.addEventListener("change", function () { pickerToJSON(picker.snapshot()); });
  [stockInput, playersInput, laidInput, opplaidInput].forEach(function (input) {
    if (input) { input.addEventListener("input", function () { pickerToJSON(picker.snapshot()); }); }
  });
  textarea.addEventListener("input", function () { jsonToPicker(); scheduleCheck(); });
  form.querySelectorAll("input[name=task]").forEach(function (r) {
    r.addEventListener("change", function () { showTaskFields(); scheduleCheck(); });
  });
  acceptedField.addEventListener("input", scheduleCheck);
  hintsField.addEventListener("input", scheduleCheck);
  explanationField.addEventListener("input", scheduleCheck);
  takeField.addEventListener("input", scheduleCheck);
  suggestButton.addEventListener("click", function () { useSuggestions(); scheduleCheck(); });
  showTaskFields();
  runCheck();
})();
