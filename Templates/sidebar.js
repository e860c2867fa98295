// wikisite's sidebar: the folder tree of a folder wiki, beside every page of it. The tree is one
// file of the wiki (`_special/folders/tree.js`) that hands its value to `wikisiteFolderTree`,
// loaded with a <script> element: it works from file:// as over HTTP. Its hrefs are relative to
// the wiki's folder, which the page gives (`data-wiki-folder`). Without this script the sidebar
// stays hidden, and the breadcrumb and the folder pages serve.
(function () {
  "use strict";
  var nav = document.querySelector("nav[data-folder-tree]");
  if (!nav) return;
  var wikiFolder = nav.getAttribute("data-wiki-folder") || "./";
  var here = new URL(location.href);
  here.hash = "";
  here.search = "";

  // A link to `href` (relative to the wiki's folder) showing `name`, marked when it is this page.
  function link(name, href) {
    var anchor = document.createElement("a");
    anchor.setAttribute("href", wikiFolder + href);
    anchor.textContent = name;
    if (anchor.href === here.href) anchor.setAttribute("aria-current", "page");
    return anchor;
  }

  // A button that shows or hides `target`, open when `open`, named `label`.
  function toggle(label, target, open) {
    var button = document.createElement("button");
    button.type = "button";
    button.setAttribute("aria-label", label);
    button.setAttribute("aria-expanded", String(open));
    target.hidden = !open;
    button.addEventListener("click", function () {
      var opening = button.getAttribute("aria-expanded") !== "true";
      button.setAttribute("aria-expanded", String(opening));
      target.hidden = !opening;
    });
    return button;
  }

  // The list of `folder`'s subfolders and notes, and whether the current page is in it.
  function list(folder) {
    var items = document.createElement("ul");
    var holdsCurrent = false;
    folder.folders.forEach(function (subfolder) {
      var item = document.createElement("li");
      item.className = "sidebar-folder";
      var anchor = link(subfolder.name, subfolder.href);
      var inner = list(subfolder);
      var open = inner.holdsCurrent || anchor.hasAttribute("aria-current");
      holdsCurrent = holdsCurrent || open;
      item.appendChild(toggle(subfolder.name, inner.element, open));
      item.appendChild(anchor);
      item.appendChild(inner.element);
      items.appendChild(item);
    });
    folder.notes.forEach(function (note) {
      var item = document.createElement("li");
      var anchor = link(note[0], note[1]);
      holdsCurrent = holdsCurrent || anchor.hasAttribute("aria-current");
      item.appendChild(anchor);
      items.appendChild(item);
    });
    return { element: items, holdsCurrent: holdsCurrent };
  }

  // On small screens the tree is behind a button (the stylesheet hides it while collapsed).
  function screenToggle(label, tree) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "sidebar-toggle";
    button.textContent = label;
    button.setAttribute("aria-expanded", "false");
    button.setAttribute("aria-controls", tree.id);
    button.addEventListener("click", function () {
      var opening = button.getAttribute("aria-expanded") !== "true";
      button.setAttribute("aria-expanded", String(opening));
    });
    return button;
  }

  window.wikisiteFolderTree = function (value) {
    var tree = list(value).element;
    tree.className = "sidebar-tree";
    tree.id = "sidebar-tree";
    nav.replaceChildren(screenToggle(nav.getAttribute("aria-label") || "Folders", tree), tree);
    nav.hidden = false;
    document.body.classList.add("has-sidebar");
  };

  var script = document.createElement("script");
  script.src = nav.getAttribute("data-folder-tree");
  document.head.appendChild(script);
})();
