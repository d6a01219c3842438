/* Progressive enhancement: when the event changes, fetch this page's content again.
   Without JavaScript (or EventSource) the page is the same, only not live. */
(function () {
  "use strict";
  var main = document.getElementById("content");
  if (!main || !main.dataset.live || !window.EventSource || !window.fetch) return;
  var source = new EventSource(main.dataset.live);
  var busy = false, again = false;
  function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    var url = new URL(window.location.href);
    url.searchParams.set("fragment", "1");
    fetch(url.toString(), { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) { if (html !== null) main.innerHTML = html; })
      .catch(function () {})
      .then(function () { busy = false; if (again) { again = false; refresh(); } });
  }
  source.addEventListener("changed", refresh);
})();
