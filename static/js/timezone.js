// The time zone from the browser: a field marked data-detect-timezone is filled
// with it while the person has not typed in it (their zone never chosen yet),
// if the site knows that zone. Without JavaScript the field keeps its value.
(function () {
  "use strict";
  var zone;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch (error) {
    return;
  }
  if (!zone) return;

  function fill() {
    document.querySelectorAll("input[data-detect-timezone]").forEach(function (input) {
      if (input.value !== input.defaultValue || input.value === zone) return;
      var list = input.list;
      if (list && !Array.prototype.some.call(list.options, function (o) { return o.value === zone; })) {
        return;
      }
      input.value = zone;
      var note = document.getElementById(input.id + "_detected");
      if (note) note.hidden = false;
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", fill);
  } else {
    fill();
  }
})();
