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
  ["mouseover", "focusin"].forEach(function (kind) {
    document.addEventListener(kind, function (event) {
      var b = event.target.closest && event.target.closest(".mc-target");
      if (b) show(b);
    });
  });
  ["mouseout", "focusout"].forEach(function (kind) {
    document.addEventListener(kind, function (event) {
      var b = event.target.closest && event.target.closest(".mc-target");
      if (b) clear(b);
    });
  });
  // The page's poll keeps the image the player chose (?o=N) when the board refreshes.
  document.addEventListener("htmx:configRequest", function (event) {
    var el = event.detail.elt;
    if (!el || !el.matches || !el.matches("#board")) return;
    var current = el.querySelector(".mc-image.current");
    if (current && current.dataset.o) event.detail.parameters.o = current.dataset.o;
  });
})();
