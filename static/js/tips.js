// What a piece of a board does (a card, a character, a district, a ship, an
// alliance, a lawsuit, a building, a space): the piece's name is a button
// (`.tip-btn`) followed by its text (`.tip-text`, role tooltip, the button's
// description for screen readers). Hovering it with a mouse or focusing it from
// the keyboard shows the text by CSS alone; a click or a tap keeps it open
// (aria-expanded) until the next click, a click elsewhere or Escape. A text
// that would leave the screen on the right opens toward the left instead.
// Shared by every game's board (templates/games/elements/tip.jinja).
(function () {
  "use strict";
  if (window.boardTips) return;
  window.boardTips = true;

  function closeAll(except) {
    document.querySelectorAll('.tip-btn[aria-expanded="true"]').forEach(function (b) {
      if (b !== except) b.setAttribute("aria-expanded", "false");
    });
  }

  // The text opens under its piece, from the piece's left edge; from its right
  // edge when it would leave the screen; narrower when neither fits.
  function place(button) {
    var text = button.nextElementSibling;
    if (!text || !text.classList.contains("tip-text")) return;
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
    var button = event.target.closest && event.target.closest(".tip-btn");
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
    var button = event.target.closest && event.target.closest(".tip-btn");
    if (button) place(button);
  }
  document.addEventListener("focusin", onShow);
  document.addEventListener("mouseover", onShow);

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") closeAll(null);
  });
})();
