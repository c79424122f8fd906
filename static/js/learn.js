// Lesson exercises, enhanced. Without this script every exercise is a plain form with
// checkboxes, radios and submit buttons; with it, cards become toggle buttons (aria-pressed)
// and answers are checked in place, the feedback arriving in the page's live region.
(function () {
  "use strict";

  // Card choices: show the card buttons and keep the (hidden) form inputs in step with them.
  document.querySelectorAll("[data-card-choices]").forEach(function (group) {
    var plain = group.querySelector(".card-choices__plain");
    var buttons = group.querySelector(".card-choices__buttons");
    if (!plain || !buttons) { return; }
    var single = group.hasAttribute("data-single");
    // Button i stands for input i: with two packs the same card is offered twice, and
    // each copy must be its own selection.
    var inputs = plain.querySelectorAll("input");
    buttons.querySelectorAll("button[data-card]").forEach(function (button, i) {
      button.addEventListener("click", function () {
        var on = button.getAttribute("aria-pressed") !== "true";
        if (single) {
          buttons.querySelectorAll("button[data-card]").forEach(function (other) {
            other.setAttribute("aria-pressed", "false");
          });
        }
        button.setAttribute("aria-pressed", on ? "true" : "false");
        var box = inputs[i];
        if (box) { box.checked = on; }
      });
    });
    plain.hidden = true;
    buttons.hidden = false;
  });

  // Answers: sent as JSON, the feedback fragment shown in the live region. Listening on
  // the document also catches the "Show the solution" form that a first miss brings.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-exercise]")) { return; }
    var region = document.getElementById("feedback");
    if (form.dataset.native === "1" || !window.fetch || !region) { return; }
    event.preventDefault();
    var submitter = event.submitter;
    var body = { cards: [], choice: null };
    form.querySelectorAll('input[name="cards"]:checked, input[type="hidden"][name="cards"]').forEach(function (box) {
      body.cards.push(box.value);
    });
    var kept = form.querySelector('input[type="hidden"][name="choice"]');
    if (kept) { body.choice = kept.value; }
    if (submitter && submitter.name === "choice") { body.choice = submitter.value; }
    if (submitter && submitter.name === "reveal") { body.reveal = true; }
    var url = form.getAttribute("action").split("#")[0];
    form.setAttribute("aria-busy", "true");
    window.Conquian.postJSON(url, body).then(function (result) {
      form.removeAttribute("aria-busy");
      if (result.data && result.data.html) {
        region.innerHTML = result.data.html;
        if (result.data.correct) { markSolved(); }
      } else {
        var message = (result.data && result.data.error) || "Error";
        region.innerHTML = "";
        var p = document.createElement("p");
        p.className = "error";
        p.textContent = message;
        region.appendChild(p);
      }
    }).catch(function () {
      // No answer from the server as JSON: fall back to the plain form.
      form.removeAttribute("aria-busy");
      form.dataset.native = "1";
      if (form.requestSubmit) { form.requestSubmit(submitter || undefined); } else { form.submit(); }
    });
  });

  function markSolved() {
    var current = document.querySelector('.stepper a[aria-current="step"]');
    if (!current) { return; }
    var item = current.closest(".stepper__item");
    if (item) { item.classList.add("stepper__item--done"); }
    var num = current.querySelector(".stepper__num");
    if (num) { num.textContent = "✓"; }
  }
})();
