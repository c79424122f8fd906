// Puzzle pages, enhanced: hand cards become toggle buttons (aria-pressed), and answers and
// hints are sent in the background; the server's HTML fragment replaces the old one, focus
// moves to what is new, and a live region announces it. Without this file every form
// still works as a plain POST.
(function () {
  "use strict";
  var status = document.getElementById("puzzle-status");

  function announce(text) {
    if (!status || !text) { return; }
    status.textContent = "";
    window.setTimeout(function () { status.textContent = text; }, 60);
  }

  function focusOn(el) {
    if (!el) { return; }
    if (!el.hasAttribute("tabindex") && !/^(A|BUTTON|INPUT|SELECT|TEXTAREA)$/.test(el.tagName)) {
      el.setAttribute("tabindex", "-1");
    }
    el.focus();
    if (el.scrollIntoView) { el.scrollIntoView({ block: "nearest" }); }
  }

  function updateSummary(fieldset) {
    var summary = fieldset.querySelector("[data-selection-summary]");
    if (!summary) { return; }
    var picked = [];
    fieldset.querySelectorAll("button[aria-pressed='true']").forEach(function (b) {
      picked.push(b.textContent.trim());
    });
    summary.hidden = false;
    summary.textContent = picked.length
      ? summary.getAttribute("data-label") + " " + picked.join(" ")
      : summary.getAttribute("data-none");
  }

  // Each checkbox card becomes a card button; the (hidden) checkbox is still what is sent.
  function enhancePicks(root) {
    root.querySelectorAll("label.pick").forEach(function (label) {
      var input = label.querySelector("input[type=checkbox]");
      var face = label.querySelector(".card");
      if (!input || !face) { return; }
      var button = document.createElement("button");
      button.type = "button";
      button.className = face.className + " card--button";
      button.removeAttribute("role");
      button.setAttribute("aria-label", face.getAttribute("aria-label") || input.value);
      button.setAttribute("aria-pressed", input.checked ? "true" : "false");
      button.setAttribute("data-card", input.value);
      button.innerHTML = face.innerHTML;
      button.addEventListener("click", function () {
        input.checked = !input.checked;
        button.setAttribute("aria-pressed", input.checked ? "true" : "false");
        updateSummary(label.closest("fieldset"));
      });
      label.hidden = true;
      label.parentNode.insertBefore(button, label);
    });
    root.querySelectorAll("fieldset.hand-picker").forEach(updateSummary);
  }

  function send(form, submitter) {
    var data = new FormData(form);
    if (submitter && submitter.name) { data.append(submitter.name, submitter.value); }
    return fetch(form.action, {
      method: "POST",
      body: data,
      credentials: "same-origin",
      headers: { "Accept": "application/json", "X-CSRFToken": window.Conquian.csrfToken() }
    }).then(function (response) {
      return response.json().then(function (body) {
        return { ok: response.ok, status: response.status, data: body };
      });
    });
  }

  function replace(el, html) {
    var holder = document.createElement("div");
    holder.innerHTML = html.trim();
    var fresh = holder.firstElementChild;
    el.parentNode.replaceChild(fresh, el);
    enhancePicks(fresh);
    return fresh;
  }

  function showError(form, message) {
    var region = form.closest("[data-puzzle-region]") || document;
    var box = region.querySelector("#answer-error");
    if (!box) {
      box = document.createElement("p");
      box.id = "answer-error";
      box.className = "error answer-error";
      box.setAttribute("role", "alert");
      form.parentNode.insertBefore(box, form);
    }
    box.textContent = message;
  }

  // If the background request fails in an unexpected way, send the form the ordinary way.
  function fallBack(form, submitter) {
    form.setAttribute("data-native", "1");
    if (form.requestSubmit) { form.requestSubmit(submitter || undefined); } else { form.submit(); }
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    var isHint = form.matches("[data-hint-form]");
    if (!isHint && !form.matches("[data-answer-form]")) { return; }
    if (form.getAttribute("data-native") === "1") { return; }
    event.preventDefault();
    var submitter = event.submitter || null;
    form.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
    send(form, submitter).then(function (res) {
      if (!res.ok) {
        form.querySelectorAll("button").forEach(function (b) { b.disabled = false; });
        if (res.data && res.data.error) {
          showError(form, res.data.error);
          announce(res.data.error);
          return;
        }
        fallBack(form, submitter);
        return;
      }
      if (isHint && !res.data.region) {
        var section = replace(form.closest("[data-hints]"), res.data.html);
        focusOn(section.querySelector("#hint-" + res.data.step) || section);
      } else {
        // An answer, or the solution step of the ladder, which ends the round: the whole
        // region (result, board, controls) is new.
        var region = replace(form.closest("[data-puzzle-region]"), res.data.html);
        if (res.data.url && window.history && window.history.replaceState) {
          window.history.replaceState(null, "", res.data.url);
        }
        focusOn(region.querySelector("#result") || region.querySelector("#streak-puzzle") || region);
      }
      announce(res.data.message);
    }).catch(function () {
      form.querySelectorAll("button").forEach(function (b) { b.disabled = false; });
      fallBack(form, submitter);
    });
  });

  enhancePicks(document);
})();
