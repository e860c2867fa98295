// wikisite's search: the box in every header of a wiki, its list of results and its keys, over
// what search-rank.js finds (`wikisiteSearch.search`).
(function () {
  "use strict";
  var shared = window.wikisiteSearch;
  var form = document.querySelector("[data-search-form]");
  var input = form && form.querySelector("input[type=search]");
  if (!input || !shared) return;
  var list = form.querySelector("[data-search-results]");
  var status = form.querySelector("[role=status]");
  var wikiFolder = shared.wikiFolder;
  var fold = shared.fold;
  var isIdeograph = shared.isIdeograph;
  // How many results a query shows at first, and how many more each press of "More results".
  var batch = 10;
  var shown = batch;
  var latest = 0;
  var latestText = "";
  // The status messages in the wiki's language, from the layout (its strings file).
  var words = {
    noResults: input.getAttribute("data-no-results") || "No results for “{query}”",
    oneResult: input.getAttribute("data-one-result") || "{count} result",
    results: input.getAttribute("data-results") || "{count} results",
    more: input.getAttribute("data-more-results") || "More results"
  };

  // `text` in `parent`, the words that match a term of `query` in <mark>.
  function appendMarked(parent, text, query) {
    text.split(/([\p{L}\p{N}\p{M}]+)/u).forEach(function (part) {
      var folded = fold(part);
      var matches = part && query.some(function (term) {
        return folded.indexOf(term) === 0 || (isIdeograph(term.codePointAt(0)) && folded.indexOf(term) >= 0);
      });
      if (matches) {
        var mark = document.createElement("mark");
        mark.textContent = part;
        parent.appendChild(mark);
      } else {
        parent.appendChild(document.createTextNode(part));
      }
    });
  }

  // The excerpt of `text` around the first word that matches `query`.
  function excerpt(text, query) {
    var folded = fold(text);
    var at = -1;
    query.forEach(function (term) {
      var index = folded.indexOf(term);
      if (index >= 0 && (at < 0 || index < at)) at = index;
    });
    if (at < 60) return text.length > 160 ? text.slice(0, 160) + "…" : text;
    var start = text.lastIndexOf(" ", at - 30);
    var slice = text.slice(start < 0 ? at - 30 : start + 1, at + 130);
    return "…" + slice + (at + 130 < text.length ? "…" : "");
  }

  // Shows the first `shown` of `results` (which holds one more when more match), then, when more
  // match, the button that shows the next batch.
  function show(results, text) {
    list.textContent = "";
    if (results === null) {
      status.textContent = "";
      return;
    }
    if (results.length === 0) {
      status.textContent = words.noResults.replace("{query}", function () { return text.trim(); });
      return;
    }
    var more = results.length > shown;
    results = results.slice(0, shown);
    var count = results.length === 1 ? words.oneResult : words.results;
    status.textContent = count.replace("{count}", String(results.length));
    results.forEach(function (result) {
      var document_ = result.document;
      var section = document_[2][result.section] || ["", "", ""];
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = wikiFolder + document_[1] + (section[1] ? "#" + encodeURIComponent(section[1]) : "");
      var title = document.createElement("span");
      title.className = "search-result-title";
      appendMarked(title, document_[0], result.query);
      link.appendChild(title);
      if (section[0]) {
        var heading = document.createElement("span");
        heading.className = "search-result-heading";
        appendMarked(heading, section[0], result.query);
        link.appendChild(heading);
      }
      if (section[2]) {
        var body = document.createElement("span");
        body.className = "search-result-excerpt";
        appendMarked(body, excerpt(section[2], result.query), result.query);
        link.appendChild(body);
      }
      item.appendChild(link);
      list.appendChild(item);
    });
    if (more) list.appendChild(moreButton());
  }

  // The item of the button "More results": it shows the next batch, the focus on its first result.
  function moreButton() {
    var item = document.createElement("li");
    var button = document.createElement("button");
    button.type = "button";
    button.className = "search-more";
    button.textContent = words.more;
    button.addEventListener("click", function () {
      var first = shown;
      shown += batch;
      update().then(function () {
        var next = links()[first];
        if (next) next.focus();
      });
    });
    item.appendChild(button);
    return item;
  }

  // Shows the results of the box's text: the first batch of a new text, as many as shown before
  // of the same text.
  async function update() {
    var text = input.value;
    if (text !== latestText) shown = batch;
    latestText = text;
    var ticket = ++latest;
    var results = await shared.search(text, shown + 1);
    if (ticket === latest) show(results, text);
  }

  function links() {
    return Array.prototype.slice.call(list.querySelectorAll("a"));
  }

  // What the arrow keys move through: the results, then the button "More results".
  function items() {
    return Array.prototype.slice.call(list.querySelectorAll("a, button"));
  }

  form.hidden = false;
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var first = links()[0];
    if (first) first.click();
  });
  input.addEventListener("input", update);
  input.addEventListener("keydown", function (event) {
    if (event.key === "ArrowDown" && links().length) {
      event.preventDefault();
      links()[0].focus();
    } else if (event.key === "Escape") {
      input.value = "";
      update();
    }
  });
  list.addEventListener("keydown", function (event) {
    var all = items();
    var at = all.indexOf(document.activeElement);
    if (event.key === "ArrowDown" && at >= 0 && at + 1 < all.length) {
      event.preventDefault();
      all[at + 1].focus();
    } else if (event.key === "ArrowUp" && at >= 0) {
      event.preventDefault();
      (at === 0 ? input : all[at - 1]).focus();
    } else if (event.key === "Escape") {
      input.focus();
    }
  });
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    var typing = target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
    if (event.key === "/" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      input.focus();
    }
  });
})();
