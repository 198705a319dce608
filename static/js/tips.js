// Tips: a thing on a board that explains itself. Its trigger (a button, or an
// SVG shape with tabindex="0" and role="button") names the text it shows in
// aria-controls; the text is also the trigger's description (aria-describedby),
// kept `hidden` until shown. Hovering the trigger with a mouse or focusing it
// from the keyboard shows the text under it; a click, a tap, Enter or Space
// keeps it open (aria-expanded) until the next one, a click elsewhere or Escape.
// A text that would leave the screen opens toward the left or above instead.
(function () {
  "use strict";
  if (window.boardTips) return;
  window.boardTips = true;

  var SELECTOR = ".tip-btn";
  var hovered = null;

  function trigger(node) {
    return node && node.closest ? node.closest(SELECTOR) : null;
  }
  function textOf(t) {
    var id = t.getAttribute("aria-controls");
    return id ? document.getElementById(id) : null;
  }

  function place(t, text) {
    var host = text.offsetParent || document.body;
    var hostBox = host.getBoundingClientRect();
    var box = t.getBoundingClientRect();
    var width = document.documentElement.clientWidth;
    text.style.maxWidth = Math.min(320, width - 16) + "px";
    var tip = text.getBoundingClientRect();
    var left = Math.min(Math.max(8, box.left), width - tip.width - 8);
    var top = box.bottom + 4;
    if (top + tip.height > window.innerHeight && box.top - tip.height - 4 > 0) {
      top = box.top - tip.height - 4;
    }
    text.style.left = left - hostBox.left + "px";
    text.style.top = top - hostBox.top + "px";
  }

  function show(t) {
    var text = textOf(t);
    if (!text) return;
    text.hidden = false;
    text.classList.add("shown");
    place(t, text);
  }
  function hide(t) {
    if (t.getAttribute("aria-expanded") === "true") return;
    var text = textOf(t);
    if (text) {
      text.hidden = true;
      text.classList.remove("shown");
    }
  }
  function closeAll(except) {
    document.querySelectorAll(SELECTOR).forEach(function (t) {
      if (t !== except && t.getAttribute("aria-expanded") === "true") {
        t.setAttribute("aria-expanded", "false");
        hide(t);
      }
    });
  }
  function toggle(t) {
    var open = t.getAttribute("aria-expanded") === "true";
    closeAll(t);
    t.setAttribute("aria-expanded", open ? "false" : "true");
    if (open) hide(t);
    else show(t);
  }

  document.addEventListener("click", function (event) {
    var t = trigger(event.target);
    if (t) toggle(t);
    else closeAll(null);
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") {
      closeAll(null);
      return;
    }
    var t = trigger(event.target);
    // An SVG shape acting as a button answers Enter and Space like a button.
    if (t && t.tagName.toLowerCase() !== "button" && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      toggle(t);
    }
  });
  document.addEventListener("focusin", function (event) {
    var t = trigger(event.target);
    if (t) show(t);
  });
  document.addEventListener("focusout", function (event) {
    var t = trigger(event.target);
    if (t && t !== hovered) hide(t);
  });
  document.addEventListener("mouseover", function (event) {
    var t = trigger(event.target);
    if (t === hovered) return;
    if (hovered && hovered !== document.activeElement) hide(hovered);
    hovered = t;
    if (t) show(t);
  });
  // The board is swapped after a move or a poll: nothing stays open from before.
  document.addEventListener("htmx:beforeSwap", function () {
    hovered = null;
  });
})();
