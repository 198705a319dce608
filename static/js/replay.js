// Replay controls: arrow keys step through the moves, the slider and the
// "seen by" choice apply at once. Every control also works without this script.
(function () {
  "use strict";
  var keys = {
    ArrowLeft: "previous",
    ArrowRight: "next",
    Home: "first",
    End: "last",
  };

  function go(name) {
    var link = document.querySelector('#replay a[data-replay="' + name + '"]');
    if (link && link.getAttribute("aria-disabled") !== "true") {
      window.location.assign(link.href);
    }
  }

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var target = event.target;
    var tag = target && target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    var name = keys[event.key];
    if (!name) return;
    event.preventDefault();
    go(name);
  });

  document.addEventListener("change", function (event) {
    var target = event.target;
    if (!target || !target.closest) return;
    if (target.matches('#replay [data-replay="slider"], #replay [data-replay="seat"]')) {
      var form = target.closest("form");
      if (form) form.submit();
    }
  });
})();
