// Rule ids cited in text drawn by a script — "(R8)", "(R5, R9)", "(K10)" — become links to
// their rule, as the rule_links template filter does for server-drawn text. The table of
// books comes from this script's own data-books attribute: {"R": ["/rules/conquian-40", 14], …}.
(function () {
  "use strict";
  var script = document.currentScript;
  var books = {};
  try { books = JSON.parse((script && script.getAttribute("data-books")) || "{}"); } catch (e) { books = {}; }
  var GROUP = /\(([^()]*)\)/g;
  var ID = /(^|[^\w])([RCHIK])(\d{1,2})(?!\w)/g;

  function href(letter, number) {
    var book = books[letter];
    var n = parseInt(number, 10);
    return book && n >= 1 && n <= book[1] ? book[0] + "#" + letter + n : null;
  }
  function link(id, url) {
    var a = document.createElement("a");
    a.className = "rule-link";
    a.href = url;
    a.textContent = id;
    return a;
  }
  // The text as a fragment of text nodes and links.
  function links(text) {
    var fragment = document.createDocumentFragment();
    var plain = "";
    var last = 0;
    String(text).replace(GROUP, function (group, inner, offset) {
      var start = offset + 1;
      inner.replace(ID, function (all, before, letter, number, at) {
        var url = href(letter, number);
        if (!url) { return all; }
        var idStart = start + at + before.length;
        plain += String(text).slice(last, idStart);
        fragment.appendChild(document.createTextNode(plain));
        plain = "";
        fragment.appendChild(link(letter + number, url));
        last = idStart + letter.length + number.length;
        return all;
      });
      return group;
    });
    fragment.appendChild(document.createTextNode(plain + String(text).slice(last)));
    return fragment;
  }
  // Replace a node's content with the text, its rule ids linked.
  function fill(node, text) {
    node.textContent = "";
    node.appendChild(links(text));
    return node;
  }
  window.ConquianRules = { links: links, fill: fill };
})();
