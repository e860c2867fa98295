// wikisite's search: the documents matching a query, best first, from the shards and parts of the
// index (search-index.js) and the query's terms (search-terms.js). Adds `search` to
// `window.wikisiteSearch`.
(function () {
  "use strict";
  var shared = window.wikisiteSearch;
  if (!shared) return;
  var load = shared.load;
  var hex = shared.hex;

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
  // term written in parts, the bands not loaded yet, best first:
  // [band, most count, fields, slices].
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

  // Loads the next band of every source that has one left: each of its slices, a file each (a
  // slice that holds no posting has no file, and loads as nothing).
  function loadNextParts(positions) {
    var waits = [];
    positions.forEach(function (sources) {
      sources.forEach(function (source) {
        if (!source.parts.length) return;
        var part = source.parts.shift();
        for (var slice = 0; slice < part[3]; slice++) {
          waits.push(load("p-" + hex(source.term) + "-" + part[0] + "-" + slice).then(function (postings) {
            hold(source, postings || []);
          }));
        }
      });
    });
    return Promise.all(waits);
  }

  // What a posting of `source` gives a document that holds the term `count` times in `fields`:
  // [title match, heading match, BM25 score of the body], a score that grows with a count. It
  // does not weigh the document's length (BM25 with b = 0), so that no posting holds one and
  // an edit changes only the postings of the words it counts again.
  function worth(source, count, fields) {
    return [fields & 1 ? 1 : 0, fields & 2 ? 1 : 0, source.idf * count * 2.2 / (count + 1.2)];
  }

  function compareWorth(a, b) {
    return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
  }

  function larger(a, b) {
    return a && compareWorth(a, b) >= 0 ? a : b;
  }

  // The most the parts not loaded of `source` may give a document; null when every part is
  // loaded.
  function limit(source) {
    return source.parts.reduce(function (most, part) {
      return larger(most, worth(source, part[1], part[2]));
    }, null);
  }

  // Document `key` for one term of the query: the loaded posting of its sources that gives the
  // most (the first of equals), and the most that it may be worth once every part is loaded.
  function termOf(sources, key) {
    var found = null;
    var most = null;
    sources.forEach(function (source) {
      var posting = source.postings[key];
      if (!posting) return;
      var value = worth(source, posting[1], posting[2]);
      if (!found || compareWorth(value, found.value) > 0) found = { value: value, posting: posting };
    });
    var exact = !!found;
    sources.forEach(function (source) {
      var bound = source.postings[key] ? null : limit(source);
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
  function unseenRank(positions) {
    var values = positions.map(function (sources) {
      return sources.reduce(function (most, source) {
        var bound = limit(source);
        return bound ? larger(most, bound) : most;
      }, null);
    });
    return values.every(Boolean) ? rankOf(values) : null;
  }

  // The results to show, best first, ties in key order: the first `shown` and those ranking as
  // the last of them (at most 50); null while a document of a part not loaded may rank as high.
  // The ranks of the results are exact (no unloaded part may change them), and every other
  // document's bound ranks lower, so they are what loading every part would show.
  function settled(positions, shown) {
    var keys = {};
    positions.forEach(function (sources) {
      sources.forEach(function (source) {
        Object.keys(source.postings).forEach(function (key) { keys[key] = true; });
      });
    });
    var ranked = [];
    var open = [unseenRank(positions)];
    Object.keys(keys).forEach(function (key) {
      var terms = positions.map(function (sources) { return termOf(sources, key); });
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

  // The first `shown` documents matching every term of `text`, best first: title matches, then heading
  // matches, then a BM25 score of the body. The last term, a prefix, counts for each document
  // as the term it starts that gives it the most. A common term's parts are loaded best first,
  // only until no part left can change the results shown.
  async function search(text, shown) {
    var query = shared.terms(text);
    if (query.length === 0) return null;
    var meta = await load("meta");
    if (!meta) return [];
    var prefix = !/[\s\p{P}]$/u.test(text);
    var positions = await Promise.all(query.map(function (term, index) {
      return sourcesOf(term, prefix && index === query.length - 1, meta);
    }));
    var kept = settled(positions, shown);
    while (!kept) {
      await loadNextParts(positions);
      kept = settled(positions, shown);
    }
    await Promise.all(kept.map(function (result) {
      return load("d-" + result.key).then(function (document_) { result.document = document_; });
    }));
    return kept.filter(function (result) { return result.document; }).sort(byRankThenTitle)
      .slice(0, shown).map(function (result) {
      result.query = query;
      return result;
    });
  }

  shared.search = search;
})();
