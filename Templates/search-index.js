// wikisite's search, its first script: the files of the index the build writes in the wiki's
// `_search/` folder. Each file is a script that hands its value to `wikisiteSearch.put`, loaded
// with a <script> element: it works from file:// as over HTTP. The other scripts of search
// (search-terms.js, search-rank.js, search-box.js, search-preview.js) use what this one puts in
// `window.wikisiteSearch`: `load`, `hex`, `documentAt` and the folders.
(function () {
  "use strict";
  var input = document.querySelector("[data-search-form] input[type=search]");
  if (!input) return;
  var indexHref = input.getAttribute("data-search-index");
  var folder = indexHref.slice(0, indexHref.length - "meta.js".length);
  var values = {};
  var waiting = {};

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

  // `text`'s UTF-8 bytes in hexadecimal digits, as the names of the shards and parts spell terms.
  function hex(text) {
    return Array.from(new TextEncoder().encode(text)).map(function (byte) {
      return (byte < 16 ? "0" : "") + byte.toString(16);
    }).join("");
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

  // The document whose href is `href`: the entry under its first key, or under a later one after
  // a clash; null when the index has none.
  async function documentOf(href) {
    for (var attempt = 0; attempt < 8; attempt++) {
      var key = documentKey(href, attempt);
      var found = await load("d-" + key);
      if (!found || found[1] === href) return found || null;
    }
    return null;
  }

  // The document at `href`: its own, or, when `href` is an alias's redirect, the document of the
  // page the alias leads to (the index's `a-` file of the redirect holds the page's href).
  async function documentAt(href) {
    var found = await documentOf(href);
    if (found || !/\.html$/.test(href)) return found;
    var page = await load("a-" + href.slice(0, -".html".length));
    return typeof page === "string" ? documentOf(page) : null;
  }

  window.wikisiteSearch = {
    put: function (name, value) {
      values[name] = value;
    },
    load: load,
    hex: hex,
    documentAt: documentAt,
    // The folder of the index, and the wiki's folder, both relative to the page.
    folder: folder,
    wikiFolder: folder.replace(/_search\/$/, "")
  };
})();
