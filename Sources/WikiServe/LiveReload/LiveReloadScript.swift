/// The browser side of live reload: listens to `/_wikisite/events`; when a build wrote the page's
/// file, fetches it and puts its new `<main>`, title, breadcrumbs and footer in place of the old,
/// which keeps the scroll position, the search box's state and a reload's worth of requests;
/// reloads the whole page instead (keeping the scroll position through `sessionStorage`) when
/// anything else of the page changed, the theme has no `<main>`, or the fetch fails; tells the
/// reader when a build removed the page; loads the stylesheets again when a build wrote one;
/// shows a failed build's message over the page until a build succeeds. After an update in place
/// it dispatches `wikisite:updated` on the document.
enum LiveReloadScript {
    /// The script, read by `LiveReloadInjection` after `window.wikisiteLive` is set.
    static let source = """
        (function () {
          var live = window.wikisiteLive;
          var key = "wikisite-scroll:" + live.path;
          var saved = sessionStorage.getItem(key);
          if (saved !== null) {
            sessionStorage.removeItem(key);
            var at = saved.split(",");
            var restore = function () { window.scrollTo(Number(at[0]), Number(at[1])); };
            restore();
            window.addEventListener("load", restore);
          }
          function box(id, style, text) {
            var old = document.getElementById(id);
            if (old) { old.remove(); }
            if (text === null) { return; }
            var element = document.createElement("div");
            element.id = id;
            element.setAttribute("role", "alert");
            element.style.cssText = style;
            var pre = document.createElement("pre");
            pre.style.cssText = "margin:0;white-space:pre-wrap;font:14px/1.4 monospace";
            pre.textContent = text;
            element.appendChild(pre);
            document.body.appendChild(element);
          }
          function showError(message) {
            box("wikisite-build-error", "position:fixed;inset:0;z-index:2147483647;overflow:auto;" +
              "background:rgba(30,0,0,.92);color:#fff;padding:2em", message === null ? null :
              "The last build failed; this is the last good site.\\n\\n" + message);
          }
          function showRemoved() {
            box("wikisite-page-removed", "position:fixed;top:0;left:0;right:0;z-index:2147483646;" +
              "background:#fff3cd;color:#000;padding:.75em 1em;border-bottom:2px solid #c90",
              "The last build removed this page.");
          }
          function frame(doc) {
            var parts = [doc.body ? doc.body.className : ""];
            doc.querySelectorAll("head > link, head > meta, .site-title, [data-search-index]").forEach(
              function (element) { parts.push(element.outerHTML); });
            ["main", ".breadcrumbs", "body > footer"].forEach(function (selector) {
              parts.push(doc.querySelector(selector) === null ? "-" : "+");
            });
            return parts.join("\\n");
          }
          var loadedFrame = frame(document);
          function reload() {
            sessionStorage.setItem(key, window.scrollX + "," + window.scrollY);
            window.location.reload();
          }
          function update() {
            fetch(window.location.href, { cache: "no-store" }).then(function (response) {
              if (!response.ok) { throw new Error("HTTP " + response.status); }
              return response.text();
            }).then(function (html) {
              var next = new DOMParser().parseFromString(html, "text/html");
              if (document.querySelector("main") === null || frame(next) !== loadedFrame) { reload(); return; }
              document.title = next.title;
              ["main", ".breadcrumbs", "body > footer"].forEach(function (selector) {
                var fresh = next.querySelector(selector);
                if (fresh !== null) { document.querySelector(selector).replaceWith(document.importNode(fresh, true)); }
              });
              document.dispatchEvent(new CustomEvent("wikisite:updated"));
            }).catch(reload);
          }
          function restyle() {
            document.querySelectorAll("link[rel=stylesheet]").forEach(function (link) {
              var href = link.getAttribute("href").replace(/[?]wikisite-live=\\d+$/, "");
              link.setAttribute("href", href + "?wikisite-live=" + Date.now());
            });
          }
          showError(live.error);
          var events = new EventSource("/_wikisite/events");
          events.addEventListener("build", function (event) {
            var build = JSON.parse(event.data);
            showError(null);
            if (build.removed.indexOf(live.path) >= 0) { showRemoved(); return; }
            if (build.everything) { reload(); return; }
            if (build.written.indexOf(live.path) >= 0) { update(); }
            if (build.written.some(function (path) { return /\\.css$/.test(path); })) { restyle(); }
          });
          events.addEventListener("error", function (event) {
            if (typeof event.data === "string") { showError(JSON.parse(event.data).message); }
          });
        })();
        """
}
