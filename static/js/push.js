// Server push (games/push.py): the page's event stream, opened by the htmx SSE
// extension on <body sse-connect>, tells the board when the game's version moved.
// While that stream is not open (not yet, or dropped until the browser
// reconnects) the board polls at the usual pace instead: a `poll` event every
// data-poll-seconds on <body>. The state is shown on <body data-push>.
(function () {
  "use strict";
  var body = document.body;
  var open = false;
  document.addEventListener("htmx:sseOpen", function () {
    open = true;
    body.dataset.push = "open";
  });
  document.addEventListener("htmx:sseError", function () {
    open = false;
    body.dataset.push = "down";
  });
  var seconds = Number(body.dataset.pollSeconds) || 4;
  window.setInterval(function () {
    if (open || !window.htmx) {
      return;
    }
    var board = document.getElementById("board");
    if (board && board.hasAttribute("hx-get")) {
      window.htmx.trigger(board, "poll");
    }
  }, seconds * 1000);
})();
