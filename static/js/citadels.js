// Citadels: a character's or a district's name is a button that says what the
// card does. Hovering it (with a mouse) or focusing it from the keyboard shows
// the text by CSS alone; a click or a tap keeps it open (aria-expanded) until
// the next click, a click elsewhere or Escape. The text is also the button's
// description for screen readers. A text that would leave the screen on the
// right opens toward the left instead.
(function () {
  "use strict";
  if (window.citadelsTips) return;
  window.citadelsTips = true;

  function closeAll(except) {
    document.querySelectorAll('.ct-tip-btn[aria-expanded="true"]').forEach(function (b) {
      if (b !== except) b.setAttribute("aria-expanded", "false");
    });
  }

  // The text opens under its card, from the card's left edge; from its right
  // edge when it would leave the screen; narrower when neither fits.
  function place(button) {
    var text = button.nextElementSibling;
    if (!text || !text.classList.contains("ct-tip-text")) return;
    text.classList.remove("flip");
    text.style.maxWidth = "";
    var width = document.documentElement.clientWidth;
    var box = text.getBoundingClientRect();
    if (!box.width || box.right <= width - 4) return;
    text.classList.add("flip");
    box = text.getBoundingClientRect();
    if (box.left < 4) text.style.maxWidth = Math.max(120, box.right - 8) + "px";
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".ct-tip-btn");
    if (!button) {
      closeAll(null);
      return;
    }
    var open = button.getAttribute("aria-expanded") === "true";
    closeAll(button);
    button.setAttribute("aria-expanded", open ? "false" : "true");
    if (!open) place(button);
  });

  function onShow(event) {
    var button = event.target.closest && event.target.closest(".ct-tip-btn");
    if (button) place(button);
  }
  document.addEventListener("focusin", onShow);
  document.addEventListener("mouseover", onShow);

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") closeAll(null);
  });
})();
