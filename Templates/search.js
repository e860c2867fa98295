// wikisite's search: the box in every header of a wiki, over the index the build writes in the
// wiki's `_search/` folder. Each file of the index is a script that hands its value to
// `wikisiteSearch.put`, loaded with a <script> element: it works from file:// as over HTTP.
// The words of a query are split and folded as the build folds the pages' (SearchTerms.swift).
// The same files give the wikilinks' previews: a card with the target's title and first text.
(function () {
  "use strict";
  var form = document.querySelector("[data-search-form]");
  var input = form && form.querySelector("input[type=search]");
  if (!input) return;
  var list = form.querySelector("[data-search-results]");
  var status = form.querySelector("[role=status]");
  var indexHref = input.getAttribute("data-search-index");
  var folder = indexHref.slice(0, indexHref.length - "meta.js".length);
  var wikiFolder = folder.replace(/_search\/$/, "");
  var values = {};
  var waiting = {};
  var shown = 10;
  var latest = 0;
  // The status messages in the wiki's language, from the layout (its strings file).
  var words = {
    noResults: input.getAttribute("data-no-results") || "No results for “{query}”",
    oneResult: input.getAttribute("data-one-result") || "{count} result",
    results: input.getAttribute("data-results") || "{count} results"
  };

  window.wikisiteSearch = {
    put: function (name, value) {
      values[name] = value;
    }
  };

  // The value of the index's file `name`, loaded once; null when it cannot be loaded.
  function load(name) {
    if (name in values) return Promise.resolve(values[name]);
    if (!waiting[name]) {
      waiting[name] = new Promise(function (resolve) {
        var script = document.createElement("script");
        script.src = folder + name + ".js";
        script.onload = function () { resolve(values[name] || null); };
        script.onerror = function () { resolve(null); };
        document.head.appendChild(script);
      });
    }
    return waiting[name];
  }

  function fold(text) {
    return text.toLowerCase().normalize("NFD").replace(/\p{Mn}/gu, "");
  }

  function isIdeograph(code) {
    return (code >= 0x3040 && code <= 0x30ff) || (code >= 0x3400 && code <= 0x4dbf) ||
      (code >= 0x4e00 && code <= 0x9fff) || (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0x20000 && code <= 0x2fa1f);
  }

  var wordCharacter = /[\p{Alphabetic}\p{N}\p{Mc}]/u;

  // The terms of `text`: words, and Chinese or Japanese text as pairs of characters.
  function terms(text) {
    var found = [];
    var word = "";
    var run = [];
    function endWord() {
      if (word && Array.from(word).length <= 40) found.push(word);
      word = "";
    }
    function endRun() {
      if (run.length === 1) found.push(run[0]);
      for (var i = 0; i + 1 < run.length; i++) found.push(run[i] + run[i + 1]);
      run = [];
    }
    Array.from(fold(text)).forEach(function (character) {
      if (isIdeograph(character.codePointAt(0))) {
        endWord();
        run.push(character);
      } else if (wordCharacter.test(character)) {
        endRun();
        word += character;
      } else {
        endWord();
        endRun();
      }
    });
    endWord();
    endRun();
    return found;
  }

  function hex(text) {
    return Array.from(new TextEncoder().encode(text)).map(function (byte) {
      return (byte < 16 ? "0" : "") + byte.toString(16);
    }).join("");
  }

  // The keys of the shards that hold `term` (or, when `prefix`, the terms starting with it): the
  // longest key that starts the term, and the keys that start with the term.
  function shardKeys(term, prefix, meta) {
    var start = hex(term);
    var own = "";
    meta.t.forEach(function (key) {
      if (start.indexOf(key) === 0 && key.length > own.length) own = key;
    });
    var keys = own ? [own] : [];
    if (!prefix) return keys;
    return keys.concat(meta.t.filter(function (key) {
      return key !== own && key.indexOf(start) === 0;
    }));
  }

  // The sources of a query's term: each term of its shards that it is (or, when `prefix`, that
  // starts with it), with its weight, its postings loaded so far by document, and, for a common
  // term written in parts, the parts not loaded yet, best first:
  // [band, most count, least length class, fields].
  async function sourcesOf(term, prefix, meta) {
    var shards = await Promise.all(shardKeys(term, prefix, meta).map(function (key) {
      return load("t-" + key);
    }));
    var sources = [];
    shards.forEach(function (shard) {
      if (!shard) return;
      Object.keys(shard).forEach(function (candidate) {
        if (candidate !== term && !(prefix && candidate.indexOf(term) === 0)) return;
        var value = shard[candidate];
        var whole = Array.isArray(value);
        var count = whole ? value.length : value.n;
        var source = { term: candidate, postings: {}, parts: whole ? [] : value.p.slice(),
          idf: Math.log(1 + (meta.n - count + 0.5) / (count + 0.5)) };
        if (whole) hold(source, value);
        sources.push(source);
      });
    });
    return sources;
  }

  function hold(source, postings) {
    postings.forEach(function (posting) { source.postings[posting[0]] = posting; });
  }

  // Loads the next part of every source that has one left.
  function loadNextParts(positions) {
    var waits = [];
    positions.forEach(function (sources) {
      sources.forEach(function (source) {
        if (!source.parts.length) return;
        var part = source.parts.shift();
        waits.push(load("p-" + hex(source.term) + "-" + part[0]).then(function (postings) {
          hold(source, postings || []);
        }));
      });
    });
    return Promise.all(waits);
  }

  // What a posting of `source` gives a document of length class `lengthClass`, `count` times
  // in `fields`: [title match, heading match, BM25 score of the body], a score that grows with
  // a count and shrinks with a length.
  function worth(source, count, fields, lengthClass, meta) {
    var length = Math.pow(2, lengthClass / 4);
    var norm = 1.2 * (0.25 + 0.75 * length / Math.max(1, meta.avg));
    return [fields & 1 ? 1 : 0, fields & 2 ? 1 : 0, source.idf * count * 2.2 / (count + norm)];
  }

  function compareWorth(a, b) {
    return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
  }

  function larger(a, b) {
    return a && compareWorth(a, b) >= 0 ? a : b;
  }

  // The most the parts not loaded of `source` may give a document of length class `lengthClass`
  // (of any length when null); null when every part is loaded. A part's band bounds the count
  // of a document of a known length: its step `s` is at least 2s below the length class
  // (SearchTermParts.band).
  function limit(source, lengthClass, meta) {
    return source.parts.reduce(function (most, part) {
      var step = part[0] % 16;
      var count = part[1];
      if (lengthClass !== null && step > 0) {
        count = Math.min(count, Math.floor(Math.pow(2, (lengthClass - 2 * step + 0.5) / 4)));
      }
      return larger(most, worth(source, count, part[3], lengthClass === null ? part[2] : lengthClass, meta));
    }, null);
  }

  // Document `key` for one term of the query: the loaded posting of its sources that gives the
  // most (the first of equals), and the most that it may be worth once every part is loaded.
  function termOf(sources, key, lengthClass, meta) {
    var found = null;
    var most = null;
    sources.forEach(function (source) {
      var posting = source.postings[key];
      if (!posting) return;
      var value = worth(source, posting[1], posting[2], posting[4], meta);
      if (!found || compareWorth(value, found.value) > 0) found = { value: value, posting: posting };
    });
    var exact = !!found;
    sources.forEach(function (source) {
      var bound = source.postings[key] ? null : limit(source, lengthClass, meta);
      if (!bound) return;
      if (found && compareWorth(bound, found.value) >= 0) exact = false;
      most = larger(most, bound);
    });
    return { found: found, exact: exact, most: found ? larger(most, found.value) : most };
  }

  // A rank from each term's worth: title matches, heading matches, then the body's score.
  function rankOf(values) {
    var rank = { title: 0, heading: 0, score: 0 };
    values.forEach(function (value) {
      rank.title += value[0];
      rank.heading += value[1];
      rank.score += value[2];
    });
    rank.score = Math.round(rank.score * 1e6);
    return rank;
  }

  // The most a document no loaded posting holds may rank; null when it cannot match.
  function unseenRank(positions, meta) {
    var values = positions.map(function (sources) {
      return sources.reduce(function (most, source) {
        var bound = limit(source, null, meta);
        return bound ? larger(most, bound) : most;
      }, null);
    });
    return values.every(Boolean) ? rankOf(values) : null;
  }

  // The results to show, best first, ties in key order: the first `shown` and those ranking as
  // the last of them (at most 50); null while a document of a part not loaded may rank as high.
  // The ranks of the results are exact (no unloaded part may change them), and every other
  // document's bound ranks lower, so they are what loading every part would show.
  function settled(positions, meta) {
    var keys = {};
    positions.forEach(function (sources) {
      sources.forEach(function (source) {
        Object.keys(source.postings).forEach(function (key) { keys[key] = source.postings[key][4]; });
      });
    });
    var ranked = [];
    var open = [unseenRank(positions, meta)];
    Object.keys(keys).forEach(function (key) {
      var terms = positions.map(function (sources) { return termOf(sources, key, keys[key], meta); });
      if (!terms.every(function (term) { return term.most; })) return;
      if (!terms.every(function (term) { return term.exact; })) {
        open.push(rankOf(terms.map(function (term) { return term.most; })));
        return;
      }
      var result = rankOf(terms.map(function (term) { return term.found.value; }));
      var sectioned = terms.filter(function (term) { return term.found.posting[2] & 6; })[0];
      result.key = key;
      result.section = sectioned ? sectioned.found.posting[3] : 0;
      ranked.push(result);
    });
    ranked.sort(function (a, b) { return byRank(a, b) || (a.key < b.key ? -1 : 1); });
    var cut = ranked.length >= shown ? ranked[shown - 1] : null;
    var beaten = open.every(function (bound) { return !bound || (cut && byRank(bound, cut) > 0); });
    if (!beaten) return null;
    return ranked.filter(function (result, index) {
      return index < shown || (cut && byRank(result, cut) === 0 && index < 50);
    });
  }

  function byRank(a, b) {
    return b.title - a.title || b.heading - a.heading || b.score - a.score;
  }

  // Results of equal rank, in title order.
  function byRankThenTitle(a, b) {
    var title = a.document[0] < b.document[0] ? -1 : a.document[0] > b.document[0] ? 1 : 0;
    return byRank(a, b) || title;
  }

  // The documents matching every term of `text`, best first: title matches, then heading
  // matches, then a BM25 score of the body. The last term, a prefix, counts for each document
  // as the term it starts that gives it the most. A common term's parts are loaded best first,
  // only until no part left can change the results shown.
  async function search(text) {
    var query = terms(text);
    if (query.length === 0) return null;
    var meta = await load("meta");
    if (!meta) return [];
    var prefix = !/[\s\p{P}]$/u.test(text);
    var positions = await Promise.all(query.map(function (term, index) {
      return sourcesOf(term, prefix && index === query.length - 1, meta);
    }));
    var kept = settled(positions, meta);
    while (!kept) {
      await loadNextParts(positions);
      kept = settled(positions, meta);
    }
    await Promise.all(kept.map(function (result) { return load("d-" + result.key); }));
    kept.forEach(function (result) { result.document = values["d-" + result.key]; });
    return kept.filter(function (result) { return result.document; }).sort(byRankThenTitle)
      .slice(0, shown).map(function (result) {
      result.query = query;
      return result;
    });
  }

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
  }

  async function update() {
    var text = input.value;
    var ticket = ++latest;
    var results = await search(text);
    if (ticket === latest) show(results, text);
  }

  function links() {
    return Array.prototype.slice.call(list.querySelectorAll("a"));
  }

  // The key of the document at `href` (wiki-relative), as SearchEntry.firstKey takes it: 12 hex
  // digits of Fingerprint.swift's digest, its 8-byte words each mixed into the state by a
  // 64×64→128-bit multiplication whose halves are xor-ed; `attempt` counts the clashes.
  var lowHalf = (1n << 64n) - 1n;

  function folded(state) {
    var product = state * 0x9e3779b97f4a7c15n;
    return (product >> 64n) ^ (product & lowHalf);
  }

  function documentKey(href, attempt) {
    var state = 0x243f6a8885a308d3n;
    function mix(word) { state = folded(state ^ word ^ 0xa4093822299f31d0n); }
    var bytes = new TextEncoder().encode(href);
    mix(1n);
    mix(BigInt(bytes.length));
    for (var at = 0; at < bytes.length; at += 8) {
      var word = 0n;
      for (var i = Math.min(bytes.length, at + 8) - 1; i >= at; i--) word = (word << 8n) | BigInt(bytes[i]);
      mix(word);
    }
    if (attempt > 0) [2n, BigInt(attempt)].forEach(mix);
    return folded(state ^ 0x13198a2e03707344n).toString(16).padStart(16, "0").slice(-12);
  }

  // The document at `href`: the entry under its first key, or under a later one after a clash;
  // null when the index has none.
  async function documentAt(href) {
    for (var attempt = 0; attempt < 8; attempt++) {
      var key = documentKey(href, attempt);
      var found = await load("d-" + key);
      if (!found || found[1] === href) return found || null;
    }
    return null;
  }

  var wikiURL = new URL(wikiFolder || "./", location.href).href;
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
    var all = links();
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
