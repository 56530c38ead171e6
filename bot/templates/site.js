// Filter paragraphs by words typed in the box (every word must occur, ё = е, case ignored),
// highlight the words where the browser can (CSS Custom Highlight API), prefill from ?q=…;
// anchors keep working: following a link to a hidden paragraph clears the filter first.
(function () {
  "use strict";
  var input = document.getElementById("q");
  var status = document.getElementById("q-status");
  var clauses = Array.prototype.slice.call(document.querySelectorAll(".clause"));
  var sections = Array.prototype.slice.call(document.querySelectorAll(".sec"));
  var parts = Array.prototype.slice.call(document.querySelectorAll(".part"));
  var SEARCHED = ".text, .example, .note, .variant";
  function fold(s) { return s.toLowerCase().replace(/ё/g, "е"); }
  var texts = clauses.map(function (el) {
    var bits = el.querySelectorAll(SEARCHED);
    var s = "";
    for (var i = 0; i < bits.length; i++) { s += " " + bits[i].textContent; }
    return fold(s);
  });
  var marks = null;
  if (window.CSS && CSS.highlights && window.Highlight) {
    marks = new Highlight();
    CSS.highlights.set("q", marks);
  }
  function highlight(words) {
    if (!marks) { return; }
    marks.clear();
    if (!words.length) { return; }
    clauses.forEach(function (el) {
      if (el.hidden) { return; }
      var bits = el.querySelectorAll(SEARCHED);
      for (var b = 0; b < bits.length; b++) {
        var walk = document.createTreeWalker(bits[b], NodeFilter.SHOW_TEXT);
        for (var node = walk.nextNode(); node; node = walk.nextNode()) {
          var t = fold(node.data);
          if (t.length !== node.data.length) { continue; }
          words.forEach(function (w) {
            for (var at = t.indexOf(w); at !== -1; at = t.indexOf(w, at + w.length)) {
              var r = new Range();
              r.setStart(node, at);
              r.setEnd(node, at + w.length);
              marks.add(r);
            }
          });
        }
      }
    });
  }
  function apply() {
    var words = fold(input.value).split(/\s+/).filter(Boolean);
    var shown = 0;
    clauses.forEach(function (el, i) {
      var ok = words.every(function (w) { return texts[i].indexOf(w) !== -1; });
      el.hidden = !ok;
      if (ok) { shown++; }
    });
    sections.forEach(function (sec) {
      sec.hidden = words.length > 0 && !sec.querySelector(".clause:not([hidden])");
    });
    parts.forEach(function (part) {
      part.hidden = words.length > 0 && !part.querySelector(".sec:not([hidden])");
    });
    status.textContent = words.length ? "найдено: " + shown : "";
    highlight(words);
  }
  function clear() {
    if (input.value) { input.value = ""; apply(); }
  }
  function targetOf(hash) {
    if (!hash || hash.length < 2) { return null; }
    try { return document.getElementById(decodeURIComponent(hash.slice(1))); } catch (e) { return null; }
  }
  // The paragraph named by the address wins over the filter.
  function reveal() {
    var el = targetOf(location.hash);
    if (el && el.closest("[hidden]")) { clear(); el.scrollIntoView(); }
  }
  input.addEventListener("input", apply);
  input.addEventListener("keydown", function (e) {
    if (e.key === "Escape") { clear(); }
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "/" && document.activeElement !== input && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      input.focus();
    }
  });
  // A click on an in-page link: unhide its target before the browser scrolls to it.
  document.addEventListener("click", function (e) {
    var a = e.target.closest ? e.target.closest("a[href^='#']") : null;
    var el = a ? targetOf(a.getAttribute("href")) : null;
    if (el && el.closest("[hidden]")) { clear(); }
    if (el && el.tagName === "DETAILS") { el.open = true; }
  });
  // A hash typed or pasted into the address bar while filtering.
  window.addEventListener("hashchange", reveal);
  var asked = window.URLSearchParams ? new URLSearchParams(location.search).get("q") : null;
  if (asked) { input.value = asked; }
  if (input.value) { apply(); reveal(); }
  // The contents sit beside the text on a wide screen (open) and fold above it on a phone.
  var toc = document.getElementById("toc");
  var wide = window.matchMedia ? window.matchMedia("(min-width: 60rem)") : null;
  if (toc && wide) {
    toc.open = wide.matches;
    wide.addEventListener("change", function () { toc.open = wide.matches; });
  }
})();
