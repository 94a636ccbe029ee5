// The inspector's live update (serve/templates/inspect.html): as the user types, the form is
// sent to /inspect in the background and the results are replaced by those of the page the
// server returns. The page works without it: the form's submit gives the same page. No
// inline script (the Content-Security-Policy allows script-src 'self' only), no innerHTML
// of anything but the server's own escaped HTML.
"use strict";
(function () {
  var form = document.getElementById("inspect-form");
  var results = document.getElementById("inspect-results");
  if (!form || !results || !window.fetch || !window.DOMParser) {
    return;
  }
  var maxInput = 64 * 1024; // serve.MaxInput
  var timer = null;
  var pending = null;
  function query() {
    var params = new URLSearchParams();
    var data = new FormData(form);
    data.forEach(function (v, k) { params.append(k, v); });
    return params.toString();
  }
  function update() {
    var url = form.elements.url.value;
    if (url.length > maxInput) {
      return; // the submit shows the server's refusal
    }
    if (pending) {
      pending.abort();
    }
    pending = new AbortController();
    var q = query();
    fetch("/inspect?" + q, { signal: pending.signal, headers: { "Accept": "text/html" } })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (html === null) {
          return;
        }
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.getElementById("inspect-results");
        if (fresh) {
          results.replaceChildren.apply(results, Array.prototype.slice.call(fresh.childNodes).map(function (n) {
            return document.importNode(n, true);
          }));
          results.setAttribute("data-updated", url);
          history.replaceState(null, "", "/inspect?" + q);
        }
      })
      .catch(function () { /* aborted by the next keystroke, or offline: the submit still works */ });
  }
  form.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(update, 250);
  });
})();
