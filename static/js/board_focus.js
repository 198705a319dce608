// A game page for the keyboard and screen readers. htmx replaces the whole
// #board after a move and when the poll brings a newer version; without this
// script the focus would fall to the page's body each time.
// - For a keyboard, the focus stays where the player was: on the same control
//   when the new board still has it (same id, or the same move), else on the
//   next decision (the board's first move), else on the prompt.
// - "Skip to your move" takes the keyboard to the board's first move.
// - The one live region outside the board (#board-news) says, politely, what
//   the other players did since the board the player had: the log lines that
//   are new and not the player's own (the log is already the player's own
//   view), then the prompt.
(function () {
  "use strict";
  if (window.boardFocus) return;
  window.boardFocus = true;

  var last = null; // what the player last focused inside the board
  var byPointer = false; // the player's last gesture: a click or tap, or a key
  var before = null; // the board's log and focus, just before a swap

  function keyOf(el) {
    if (!el || el === document.body) return null;
    if (el.dataset && el.dataset.move) return { move: el.dataset.move };
    if (el.id) return { id: el.id };
    if (el.classList && el.classList.contains("prompt")) return { prompt: true };
    var board = document.getElementById("board");
    var tag = el.tagName.toLowerCase();
    var cls = el.classList && el.classList.length ? "." + el.classList[0] : "";
    var same = board ? Array.prototype.slice.call(board.querySelectorAll(tag + cls)) : [];
    return { selector: tag + cls, index: same.indexOf(el) };
  }

  function find(board, key) {
    if (!key) return null;
    if (key.move) {
      return Array.prototype.find.call(board.querySelectorAll("[data-move]"), function (b) {
        return b.dataset.move === key.move && !b.disabled;
      }) || null;
    }
    if (key.id) return board.querySelector("#" + CSS.escape(key.id));
    if (key.selector && key.index >= 0) {
      return board.querySelectorAll(key.selector)[key.index] || null;
    }
    return null;
  }

  function firstMove(board) {
    return Array.prototype.find.call(board.querySelectorAll("button[data-move]"), function (b) {
      return !b.disabled && b.offsetParent !== null;
    }) || null;
  }

  function prompt(board) {
    var p = board.querySelector(".prompt");
    if (p && !p.hasAttribute("tabindex")) p.setAttribute("tabindex", "-1");
    return p;
  }

  document.addEventListener("pointerdown", function () { byPointer = true; }, true);
  document.addEventListener("keydown", function () { byPointer = false; }, true);

  // "Skip to your move" (the page's second skip link): the board's first move,
  // or its prompt when the player has none.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("[data-skip-to-move]");
    var board = document.getElementById("board");
    if (!link || !board) return;
    var el = firstMove(board) || prompt(board);
    if (!el) return;
    event.preventDefault();
    el.focus();
  });

  document.addEventListener("focusin", function (event) {
    var board = document.getElementById("board");
    last = board && board.contains(event.target) ? keyOf(event.target) : null;
  });

  function logState(board) {
    var top = 0;
    board.querySelectorAll(".log li[value]").forEach(function (li) {
      top = Math.max(top, Number(li.getAttribute("value")) || 0);
    });
    var me = board.querySelector(".player.me");
    var seat = me && /(?:^|\s)seat-(\d+)/.exec(me.className);
    return { top: top, seat: seat ? seat[1] : null, version: board.dataset.version };
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (!target || target.id !== "board") return;
    var active = document.activeElement;
    var inBoard = target.contains(active);
    var lost = !active || active === document.body;
    before = {
      log: logState(target),
      key: inBoard ? keyOf(active) : lost ? last : null,
    };
  });

  // The visible text (without the "New:" said only to screen readers).
  function text(el) {
    var copy = el.cloneNode(true);
    copy.querySelectorAll(".visually-hidden").forEach(function (h) { h.remove(); });
    return (copy.textContent || "").replace(/\s+/g, " ").trim();
  }

  function announce(board, was) {
    var region = document.getElementById("board-news");
    if (!region || !was || board.dataset.version === was.version) return;
    var news = [];
    board.querySelectorAll(".log li[value]").forEach(function (li) {
      var seq = Number(li.getAttribute("value")) || 0;
      if (seq <= was.top) return;
      if (was.seat !== null && li.classList.contains("seat-" + was.seat)) return;
      news.push({ seq: seq, text: text(li) });
    });
    news.sort(function (a, b) { return a.seq - b.seq; });
    var parts = news.map(function (n) { return n.text; });
    var p = board.querySelector(".prompt");
    if (p && text(p)) parts.push(text(p));
    region.textContent = parts.join(" ");
  }

  // A swap keeps the page's scroll, often where the last move was pressed: a
  // newer board's first move, off screen, is brought on it, under the prompt
  // when both fit on one screen.
  function showDecision(board, was) {
    if (!was || board.dataset.version === was.version) return;
    var el = firstMove(board);
    if (!el) return;
    var r = el.getBoundingClientRect();
    if (r.top >= 0 && r.bottom <= window.innerHeight) return;
    var p = board.querySelector(".prompt");
    var top = p ? p.getBoundingClientRect().top : r.top;
    if (r.bottom - top <= window.innerHeight) window.scrollBy(0, top);
    else el.scrollIntoView({ block: "center" });
  }

  // After the settle, when htmx has wired the new board's form: a control
  // focused (and pressed) earlier would post the form without htmx.
  document.addEventListener("htmx:afterSettle", function () {
    var board = document.getElementById("board");
    if (!board || !before) return;
    var was = before;
    before = null;
    announce(board, was.log);
    showDecision(board, was.log);
    var active = document.activeElement;
    if (!was.key || (active && active !== document.body && !board.contains(active))) return;
    // A player with a mouse or a finger is left alone: a focused control would
    // show its own hints (a placement's preview) where nobody looks.
    if (byPointer) return;
    var el = was.key.prompt ? null : find(board, was.key);
    if (!el && (was.key.move || was.key.prompt)) el = firstMove(board);
    if (!el) el = prompt(board);
    if (el) el.focus();
  });
})();
