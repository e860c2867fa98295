/// The browser side of live reload: listens to `/_wikisite/events`; reloads the page when a build
/// wrote its file (keeping the scroll position through `sessionStorage`); tells the reader when a
/// build removed it; shows a failed build's message over the page until a build succeeds.
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
          showError(live.error);
          var events = new EventSource("/_wikisite/events");
          events.addEventListener("build", function (event) {
            var build = JSON.parse(event.data);
            showError(null);
            if (build.removed.indexOf(live.path) >= 0) { showRemoved(); return; }
            if (build.everything || build.written.indexOf(live.path) >= 0) {
              sessionStorage.setItem(key, window.scrollX + "," + window.scrollY);
              window.location.reload();
            }
          });
          events.addEventListener("error", function (event) {
            if (typeof event.data === "string") { showError(JSON.parse(event.data).message); }
          });
        })();
        """
}
