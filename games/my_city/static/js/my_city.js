// My City: show the spaces a placement would cover while a target is hovered or focused.
(function () {
  if (window.myCityPreview) return;
  window.myCityPreview = true;
  var NS = "http://www.w3.org/2000/svg";
  function show(button) {
    var wrap = button.closest(".mc-board-wrap");
    if (!wrap) return;
    var layer = wrap.querySelector(".mc-svg .preview");
    if (!layer) return;
    layer.replaceChildren();
    (button.dataset.cells || "").split(";").forEach(function (pair) {
      var rc = pair.split(",");
      if (rc.length !== 2) return;
      var rect = document.createElementNS(NS, "rect");
      rect.setAttribute("x", 24 * Number(rc[1]));
      rect.setAttribute("y", 24 * Number(rc[0]));
      rect.setAttribute("width", 24);
      rect.setAttribute("height", 24);
      layer.appendChild(rect);
    });
  }
  function clear(button) {
    var wrap = button.closest(".mc-board-wrap");
    var layer = wrap && wrap.querySelector(".mc-svg .preview");
    if (layer) layer.replaceChildren();
  }
  // On a touch screen there is no hover: the first tap on a target shows the spaces
  // the building would cover, a second tap on the same target builds it.
  document.addEventListener(
    "click",
    function (event) {
      var b = event.target.closest && event.target.closest(".mc-target");
      if (!b || event.pointerType !== "touch" || b.classList.contains("armed")) return;
      event.preventDefault();
      event.stopPropagation();
      document.querySelectorAll(".mc-target.armed").forEach(function (other) {
        other.classList.remove("armed");
      });
      b.classList.add("armed");
      show(b);
    },
    true
  );

  ["mouseover", "focusin"].forEach(function (kind) {
    document.addEventListener(kind, function (event) {
      var b = event.target.closest && event.target.closest(".mc-target");
      if (b) show(b);
    });
  });
  ["mouseout", "focusout"].forEach(function (kind) {
    document.addEventListener(kind, function (event) {
      var b = event.target.closest && event.target.closest(".mc-target");
      if (b && !b.classList.contains("armed")) clear(b);
    });
  });
  // Simultaneous play: another player's decision moves the game's version, so a
  // decision sent from a page a few seconds old comes back 409 with the fresh
  // board. If that board still offers the very same decision (same card, same
  // place), send it once more; the server checks it again as usual.
  var lastMove = null;
  var retried = false;
  document.addEventListener("click", function (event) {
    var b = event.target.closest && event.target.closest(".mc button[data-move]");
    if (b) lastMove = b.dataset.move;
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    var xhr = event.detail.xhr;
    if (!xhr || !lastMove) return;
    if (xhr.status !== 409 || retried) {
      if (xhr.status < 300) retried = false;
      return;
    }
    var again = Array.prototype.find.call(
      document.querySelectorAll(".mc button[data-move]"),
      function (b) { return b.dataset.move === lastMove; }
    );
    if (again) {
      retried = true;
      again.click();
    }
  });

  // On a phone the board being placed on is wider than the screen and scrolls in
  // its own frame (my_city.css): open it on the targets (on the one nearest the
  // middle of their span), and keep where the player scrolled when the board is
  // refreshed (poll, another image).
  var keptScroll = null;
  function frame() {
    var f = document.querySelector(".mc-mine .mc-board-scroll");
    return f && f.scrollWidth > f.clientWidth ? f : null;
  }
  document.addEventListener("htmx:beforeSwap", function () {
    var f = frame();
    keptScroll = f ? f.scrollLeft : null;
  });
  function openOnTargets() {
    var f = frame();
    if (!f) return;
    if (keptScroll !== null) {
      f.scrollLeft = keptScroll;
      keptScroll = null;
      return;
    }
    var boxes = Array.prototype.map.call(f.querySelectorAll(".mc-target"), function (t) {
      return t.getBoundingClientRect();
    });
    if (!boxes.length) return;
    var lo = Math.min.apply(null, boxes.map(function (r) { return r.left; }));
    var hi = Math.max.apply(null, boxes.map(function (r) { return r.right; }));
    var mid = (lo + hi) / 2;
    var best = boxes.reduce(function (a, b) {
      return Math.abs(b.left + b.width / 2 - mid) < Math.abs(a.left + a.width / 2 - mid) ? b : a;
    });
    var left = f.getBoundingClientRect().left;
    f.scrollLeft += best.left + best.width / 2 - left - f.clientWidth / 2;
  }
  document.addEventListener("htmx:afterSettle", openOnTargets);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", openOnTargets);
  } else {
    openOnTargets();
  }

  // After a move, and whenever a new decision arrives (the round resolved by
  // the poll), the board's decision is brought on screen: the revealed
  // building, its images and the grid below them. Otherwise the page stays
  // where the player had scrolled down to the target, which on a phone is the
  // bottom of the new, shorter board, sometimes a blank screen.
  var moved = false;
  var hadDecision = false;
  document.addEventListener("htmx:beforeRequest", function (event) {
    var config = event.detail.requestConfig || {};
    if ((config.verb || "").toLowerCase() === "post") moved = true;
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (target && target.id === "board") {
      hadDecision = !!target.querySelector(".mc-revealed .mc-orient");
    }
  });
  document.addEventListener("htmx:afterSettle", function () {
    var board = document.getElementById("board");
    var strip = board && board.querySelector(".mc-revealed");
    var wasMove = moved;
    moved = false;
    if (!strip || !strip.querySelector(".mc-orient")) return;
    if (!wasMove && hadDecision) return;
    var box = strip.getBoundingClientRect();
    if (box.top >= 0 && box.bottom <= window.innerHeight) return;
    window.scrollTo({ top: window.scrollY + box.top - 8, behavior: "instant" });
  });

  // The page's poll keeps the image the player chose (?o=N) when the board refreshes.
  document.addEventListener("htmx:configRequest", function (event) {
    var el = event.detail.elt;
    if (!el || !el.matches || !el.matches("#board")) return;
    var current = el.querySelector(".mc-image.current");
    if (current && current.dataset.o) event.detail.parameters.o = current.dataset.o;
  });
})();
