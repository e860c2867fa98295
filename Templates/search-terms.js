// wikisite's search: the terms of a text. The words of a query are split and folded as the build
// folds the pages' (SearchTerms.swift). Adds `fold`, `isIdeograph` and `terms` to
// `window.wikisiteSearch` (search-index.js).
(function () {
  "use strict";
  var shared = window.wikisiteSearch;
  if (!shared) return;

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

  shared.fold = fold;
  shared.isIdeograph = isIdeograph;
  shared.terms = terms;
})();
