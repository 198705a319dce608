// Server push (games/push.py): the page's event stream, opened by the htmx SSE
// extension on <body sse-connect>, tells the board when the game's version moved.
// While that stream is not open (not yet, dropped until the browser reconnects,
// or refused with a 503 while the server has lost its Redis) the board polls at
// the usual pace instead: a `poll` event every data-poll-seconds (read at each
// tick) on <body>. A `down` event (the server lost its Redis; the stream then
// ends) starts the polling at once. The stream's state is shown on
// <body data-push>: "open" or "down".
(function () {
  "use strict";
  var body = document.body;
  var open = false;
  var last = Date.now();

  function poll() {
    last = Date.now();
    var board = document.getElementById("board");
    if (board && board.hasAttribute("hx-get")) {
      window.htmx.trigger(board, "poll");
    }
  }

  function down() {
    open = false;
    body.dataset.push = "down";
  }

  document.addEventListener("htmx:sseOpen", function (event) {
    open = true;
    body.dataset.push = "open";
    var source = event.detail && event.detail.source;
    if (source && !source.tablesDown) {
      source.tablesDown = true;
      source.addEventListener("down", function () {
        down();
        if (window.htmx) poll(); // what was missed while Redis was failing
      });
    }
  });
  document.addEventListener("htmx:sseError", down);
  window.setInterval(function () {
    var seconds = Number(body.dataset.pollSeconds) || 4;
    if (open || !window.htmx || Date.now() - last < seconds * 1000) {
      if (open) last = Date.now();
      return;
    }
    poll();
  }, 1000);
})();
