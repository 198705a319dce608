// Server push (games/push.py): the page's event stream, opened by the htmx SSE
// extension on <body sse-connect>, tells the board when the game's version moved.
// While that stream is not open (not yet, or dropped until the browser
// reconnects) the board polls at the usual pace instead: a `poll` event every
// data-poll-seconds (read at each tick) on <body>. The stream's state is shown
// on <body data-push>: "open" or "down".
(function () {
  "use strict";
  var body = document.body;
  var open = false;
  var last = Date.now();
  document.addEventListener("htmx:sseOpen", function () {
    open = true;
    body.dataset.push = "open";
  });
  document.addEventListener("htmx:sseError", function () {
    open = false;
    body.dataset.push = "down";
  });
  window.setInterval(function () {
    var seconds = Number(body.dataset.pollSeconds) || 4;
    if (open || !window.htmx || Date.now() - last < seconds * 1000) {
      if (open) last = Date.now();
      return;
    }
    last = Date.now();
    var board = document.getElementById("board");
    if (board && board.hasAttribute("hx-get")) {
      window.htmx.trigger(board, "poll");
    }
  }, 1000);
})();
