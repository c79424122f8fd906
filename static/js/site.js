// Small progressive enhancements shared by every page. Every page works without them.
(function () {
  "use strict";
  // Language select: switch on change (the Change button remains for keyboard and no-JS users).
  document.querySelectorAll("select[data-autosubmit]").forEach(function (select) {
    select.addEventListener("change", function () { select.form.submit(); });
  });
  // Four-colour deck preference, remembered in this browser.
  var toggle = document.getElementById("deck-toggle");
  function apply(on) {
    document.body.classList.toggle("four-colour", on);
    if (toggle) { toggle.setAttribute("aria-pressed", on ? "true" : "false"); }
  }
  var stored = false;
  try { stored = localStorage.getItem("fourColour") === "1"; } catch (e) { /* private mode */ }
  apply(stored);
  if (toggle) {
    toggle.addEventListener("click", function () {
      var on = toggle.getAttribute("aria-pressed") !== "true";
      apply(on);
      try { localStorage.setItem("fourColour", on ? "1" : "0"); } catch (e) { /* ignore */ }
    });
  }
})();

// Shared helpers for feature scripts.
window.Conquian = {
  csrfToken: function () {
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.getAttribute("content") : "";
  },
  postJSON: function (url, body, extraHeaders) {
    var headers = { "Content-Type": "application/json", "X-CSRFToken": window.Conquian.csrfToken() };
    Object.keys(extraHeaders || {}).forEach(function (name) { headers[name] = extraHeaders[name]; });
    return fetch(url, {
      method: "POST",
      headers: headers,
      body: JSON.stringify(body),
      credentials: "same-origin"
    }).then(function (response) {
      return response.json().then(function (data) { return { ok: response.ok, status: response.status, data: data }; });
    });
  }
};
