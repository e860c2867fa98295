// wikisite's search: the wikilinks' previews, a card with the target's title and first text,
// from the same files of the index as search (`wikisiteSearch.documentAt`, search-index.js).
(function () {
  "use strict";
  var shared = window.wikisiteSearch;
  var input = document.querySelector("[data-search-form] input[type=search]");
  if (!input || !shared) return;
  var documentAt = shared.documentAt;

  var wikiURL = new URL(shared.wikiFolder || "./", location.href).href;
  var missingText = input.getAttribute("data-preview-missing") || "This page does not exist yet";
  // The card, the link it is shown for, the link waiting for its delay, the timers, and whether
  // the card was shown for the link a touch starts on.
  var card = null, shownFor = null, pending = null, showTimer = 0, hideTimer = 0, pressedShown = false;

  // The wikilink of the page's text that holds `node`, if any.
  function wikilinkOf(node) {
    var link = node && node.closest ? node.closest("a.wikilink") : null;
    return link && link.closest("main") ? link : null;
  }

  // Where `link` leads: its href relative to the wiki's folder and its anchor; null when it
  // leads out of the wiki.
  function target(link) {
    var url = new URL(link.getAttribute("href"), location.href);
    var anchor = url.hash.slice(1);
    url.hash = "";
    return url.href.indexOf(wikiURL) === 0 ? { href: url.href.slice(wikiURL.length), anchor: anchor } : null;
  }

  // The text a preview shows of `found`: the excerpt of the section at `anchor`, else of the
  // first section with text; `…` ends an excerpt the build cut (SearchIndex.excerptLength).
  function previewText(found, anchor) {
    var withText = found[2].filter(function (section) { return section[2]; });
    var section = withText.filter(function (each) {
      return anchor && (each[1] === anchor || encodeURIComponent(each[1]) === anchor);
    })[0] || withText[0];
    if (!section) return "";
    var characters = Array.from(new Intl.Segmenter().segment(section[2])).length;
    return characters >= 280 ? section[2] + "…" : section[2];
  }

  // The card, in <main> so that it is in a landmark; made again when a live reload replaced it.
  function cardElement() {
    if (card && card.isConnected) return card;
    card = document.createElement("div");
    card.id = "link-preview";
    card.className = "link-preview";
    card.setAttribute("role", "tooltip");
    card.hidden = true;
    card.addEventListener("pointerenter", function () { clearTimeout(hideTimer); });
    card.addEventListener("pointerleave", hideSoon);
    document.querySelector("main").appendChild(card);
    return card;
  }

  // Places the card under `link` (over it when there is no room below), inside the viewport.
  function place(element, link) {
    var rect = link.getBoundingClientRect();
    var left = Math.max(8, Math.min(rect.left, document.documentElement.clientWidth - element.offsetWidth - 8));
    var above = rect.top - element.offsetHeight - 6;
    var below = rect.bottom + 6;
    var top = below + element.offsetHeight + 8 > window.innerHeight && above >= 8 ? above : below;
    element.style.left = left + window.scrollX + "px";
    element.style.top = top + window.scrollY + "px";
  }

  // Shows the card for `link`, its title and text set as text, never as markup.
  function showCard(link, title, text) {
    var element = cardElement();
    if (shownFor) shownFor.removeAttribute("aria-describedby");
    element.textContent = "";
    [["strong", "link-preview-title", title], ["p", "link-preview-text", text]].forEach(function (part) {
      if (!part[2]) return;
      var line = document.createElement(part[0]);
      line.className = part[1];
      line.textContent = part[2];
      element.appendChild(line);
    });
    element.hidden = false;
    place(element, link);
    link.setAttribute("aria-describedby", element.id);
    shownFor = link;
  }

  async function preview(link) {
    var missing = link.classList.contains("missing");
    var leadsTo = missing ? null : target(link);
    var found = leadsTo && await documentAt(leadsTo.href);
    if (pending !== link) return;
    pending = null;
    if (missing) showCard(link, link.textContent, missingText);
    else if (found) showCard(link, found[0], previewText(found, leadsTo.anchor));
    else hide();
  }

  function hide() {
    clearTimeout(showTimer);
    clearTimeout(hideTimer);
    pending = null;
    if (shownFor) shownFor.removeAttribute("aria-describedby");
    shownFor = null;
    if (card) card.hidden = true;
  }

  // Shows the preview of `link` after 300 ms, unless the pointer or the focus leaves it first.
  function showSoon(link) {
    clearTimeout(hideTimer);
    if (link === shownFor || link === pending) return;
    clearTimeout(showTimer);
    pending = link;
    showTimer = setTimeout(function () { preview(link); }, 300);
  }

  // Hides the card after a grace that lets the pointer move onto it.
  function hideSoon() {
    clearTimeout(showTimer);
    clearTimeout(hideTimer);
    pending = null;
    hideTimer = setTimeout(hide, 200);
  }

  document.addEventListener("pointerover", function (event) {
    var link = wikilinkOf(event.target);
    if (link && event.pointerType !== "touch") showSoon(link);
  });
  document.addEventListener("pointerout", function (event) {
    var link = wikilinkOf(event.target);
    if (link && event.pointerType !== "touch" && !link.contains(event.relatedTarget)) hideSoon();
  });
  document.addEventListener("focusin", function (event) {
    var link = wikilinkOf(event.target);
    if (link) showSoon(link);
  });
  document.addEventListener("focusout", function (event) { if (wikilinkOf(event.target)) hide(); });
  document.addEventListener("keydown", function (event) { if (event.key === "Escape") hide(); });
  // A long press shows the card and does not follow the link; a tap follows it.
  document.addEventListener("touchstart", function (event) {
    var link = wikilinkOf(event.target);
    pressedShown = link !== null && link === shownFor;
    if (link) showSoon(link);
    else if (!card || !card.contains(event.target)) hide();
  }, { passive: true });
  document.addEventListener("touchend", function (event) {
    var link = wikilinkOf(event.target);
    if (link && link === shownFor && !pressedShown) event.preventDefault();
    else if (link) hide();
  });
  document.addEventListener("touchmove", function () { if (pending) hide(); }, { passive: true });
})();
