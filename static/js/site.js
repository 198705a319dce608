// Every page: on a narrow screen the site's navigation folds behind a "Menu"
// button (aria-expanded). Loaded in the head, before the page is drawn: the
// `js` class lets the stylesheet fold the menu only where this script runs, so
// that without it the navigation stays open. The button repeats the count of
// games waiting for the player (#waiting-count, which a move's answer updates).
// A table wider than the screen scrolls in its box (.table-scroll), a figure
// of text (<pre>) in itself: the box is then reachable from the keyboard
// (arrow keys scroll it), a table's named after its caption.
(function () {
  "use strict";
  if (window.siteMenu) return;
  window.siteMenu = true;
  document.documentElement.classList.add("js");

  function toggle(button, open) {
    button.setAttribute("aria-expanded", open ? "true" : "false");
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".menu-toggle");
    if (button) {
      toggle(button, button.getAttribute("aria-expanded") !== "true");
      return;
    }
    var open = document.querySelector('.menu-toggle[aria-expanded="true"]');
    if (open && !event.target.closest("#site-nav")) toggle(open, false);
  });

  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    var open = document.querySelector('.menu-toggle[aria-expanded="true"]');
    if (open && open.closest(".site-header").contains(document.activeElement)) {
      toggle(open, false);
      open.focus();
    }
  });

  function menuCount() {
    var mirror = document.querySelector(".menu-toggle .menu-count");
    if (!mirror) return;
    var badge = document.querySelector("#waiting-count [data-waiting]");
    var n = badge ? badge.getAttribute("data-waiting") : "";
    mirror.textContent = n;
    mirror.classList.toggle("badge", !!n);
  }

  function scrollables() {
    document.querySelectorAll(".table-scroll, main pre").forEach(function (box) {
      var table = box.classList.contains("table-scroll");
      if (box.scrollWidth > box.clientWidth + 1) {
        if (box.hasAttribute("tabindex")) return;
        box.setAttribute("tabindex", "0");
        var caption = table && box.querySelector("caption");
        if (caption) {
          box.setAttribute("role", "region");
          box.setAttribute("aria-label", caption.textContent.replace(/\s+/g, " ").trim());
        }
      } else if (box.getAttribute("tabindex") === "0") {
        box.removeAttribute("tabindex");
        box.removeAttribute("role");
        box.removeAttribute("aria-label");
      }
    });
  }

  function refresh() {
    menuCount();
    scrollables();
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", refresh);
  } else {
    refresh();
  }
  document.addEventListener("htmx:afterSettle", refresh);
  document.addEventListener("htmx:oobAfterSwap", menuCount);
  var resizing = null;
  window.addEventListener("resize", function () {
    clearTimeout(resizing);
    resizing = setTimeout(scrollables, 150);
  });
})();
