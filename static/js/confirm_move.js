// "Confirm before sending a move" (a preference): when the board carries
// data-confirm-moves (the question, in the player's language), a move sent by
// htmx waits for the player's yes. Only moves (a submit button named "move"):
// the board's poll and other requests go as before. Without JavaScript the move
// forms post as usual, with no question.
(function () {
  "use strict";
  if (window.confirmMoves) return;
  window.confirmMoves = true;

  // A page of a simultaneous round sends a move once more by itself when
  // another player's decision came first (409) and the same move is still
  // offered: no second question.
  var confirmed = null;
  var confirmedAt = 0;
  var AGAIN_MS = 15000;

  document.addEventListener("htmx:confirm", function (event) {
    var detail = event.detail;
    var form = detail.elt;
    if (!form || !form.closest || String(detail.verb).toLowerCase() !== "post") return;
    var board = form.closest("[data-confirm-moves]");
    if (!board) return;
    var trigger = detail.triggeringEvent;
    var button = (trigger && trigger.submitter) || document.activeElement;
    if (!button || button.form !== form) return;
    if (button.name !== "move") return;
    // A move the page already made the player confirm (a stop) is not
    // asked twice.
    if (button.hasAttribute("data-confirmed")) return;
    var move = button.value;
    if (move === confirmed && Date.now() - confirmedAt < AGAIN_MS) return;
    var label = (button.getAttribute("aria-label") || button.textContent || "")
      .replace(/\s+/g, " ")
      .trim();
    var question = board.getAttribute("data-confirm-moves");
    event.preventDefault();
    if (window.confirm(label ? label + "\n\n" + question : question)) {
      confirmed = move;
      confirmedAt = Date.now();
      detail.issueRequest(true);
    }
  });
})();
