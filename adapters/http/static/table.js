/* The table's pages on a phone: sign in with the table's code, then enter the round's
   results. No framework, no build step: plain ES2017.

   - The device is kept in localStorage["traveller.device"] = {event, code} (a reload, or
     a phone put to sleep, keeps it); every request sends it as "Authorization: Bearer
     CODE" (never a cookie) and the page's language as Accept-Language.
   - The round's panel (/table/{event}/round, rendered by the server) is fetched on load,
     and again when the event's live stream says `changed`: it is swapped in only when
     the table's round, status or results changed, so typing is never interrupted.
   - What is typed is kept in localStorage["traveller.drafts.{event}"] until it is sent.
     A result that cannot be sent (no connection) is kept in
     localStorage["traveller.pending.{event}"] and sent once the connection returns; a
     refusal because the result is already recorded counts as sent. */
(function () {
  "use strict";
  var DEVICE_KEY = "traveller.device";
  var DUPLICATE = "result.duplicate";
  var SUITS = { C: "♣", D: "♦", H: "♥", S: "♠", NT: "NT" };

  function language() { return document.documentElement.lang || "ja"; }

  function load(key, fallback) {
    try {
      var text = window.localStorage.getItem(key);
      return text ? JSON.parse(text) : fallback;
    } catch (e) { return fallback; }
  }

  function keep(key, value) {
    try {
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, JSON.stringify(value));
    } catch (e) { /* storage full or private mode: the page still works online */ }
  }

  function fill(text, values) {
    return String(text).replace(/\{(\w+)\}/g, function (all, name) {
      return values[name] === undefined ? all : values[name];
    });
  }

  function headers(code, json) {
    var h = { "Accept": "application/json", "Accept-Language": language() };
    if (code) h.Authorization = "Bearer " + code;
    if (json) h["Content-Type"] = "application/json";
    return h;
  }

  /* A key for one result, sent with it (and with every resend of it) as Idempotency-Key:
     the server records the result once and answers a resend as it answered the first
     (docs/decisions/0025). getRandomValues works without HTTPS, randomUUID does not. */
  function newKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return (b + 256).toString(16).slice(1);
    }).join("");
  }

  /* A request: resolves {ok, status, data}; rejects only when the server was not reached. */
  function request(method, url, code, body, key) {
    var init = { method: method, headers: headers(code, body !== undefined), cache: "no-store" };
    if (key) init.headers["Idempotency-Key"] = key;
    if (body !== undefined) init.body = JSON.stringify(body);
    return fetch(url, init).then(function (r) {
      var type = r.headers.get("content-type") || "";
      var read = type.indexOf("json") >= 0 ? r.json() : r.text();
      return read.then(function (data) { return { ok: r.ok, status: r.status, data: data }; });
    });
  }

  function showRefusal(el, data) {
    el.textContent = "";
    if (!data || typeof data !== "object") return;
    var p = document.createElement("p");
    p.textContent = data.message || "";
    el.appendChild(p);
    if (data.hint) {
      var hint = document.createElement("p");
      hint.className = "hint";
      hint.textContent = data.hint;
      el.appendChild(hint);
    }
  }

  // ---- sign in ------------------------------------------------------------------------

  function signInPage(form) {
    var alert = form.querySelector("[role=alert]");
    var device = load(DEVICE_KEY, null);
    var wanted = new URLSearchParams(window.location.search).get("event");
    if (device && device.event && (!wanted || device.event === wanted)) {
      window.location.replace("/table/" + device.event);
      return;
    }
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      var event = form.elements.event.value;
      var code = form.elements.code.value.trim();
      alert.textContent = "";
      if (!event || !code) { form.elements.code.focus(); return; }
      request("GET", "/api/events/" + event + "/device", code).then(function (answer) {
        if (!answer.ok) { showRefusal(alert, answer.data); form.elements.code.focus(); return; }
        keep(DEVICE_KEY, { event: event, code: code });
        window.location.assign("/table/" + event);
      }, function () {
        alert.textContent = words().failed || "The server could not be reached.";
      });
    });
  }

  // ---- the table's page -----------------------------------------------------------------

  var cachedWords = null;
  function words() {
    if (cachedWords) return cachedWords;
    var el = document.getElementById("table-words");
    try { cachedWords = el ? JSON.parse(el.textContent) : {}; } catch (e) { cachedWords = {}; }
    return cachedWords;
  }

  function tablePage(main) {
    var event = main.dataset.event;
    var device = load(DEVICE_KEY, null);
    if (!device || device.event !== event) {
      window.location.replace("/table?event=" + encodeURIComponent(event));
      return;
    }
    var code = device.code;
    var holder = document.getElementById("round");
    var connection = document.getElementById("connection");
    var pendingBox = document.getElementById("pending");
    var draftsKey = "traveller.drafts." + event;
    var pendingKey = "traveller.pending." + event;
    var loading = false, again = false, againForced = false, flushing = false;

    function setConnection(online) {
      connection.textContent = online ? "" : words().offline;
      connection.classList.toggle("offline", !online);
    }

    function current() { return holder.querySelector("section.round"); }

    function boardKey(form) {
      var round = current() ? current().dataset.round : "";
      return [round, form.dataset.board, form.dataset.ns, form.dataset.ew].join(":");
    }

    // -- the panel --

    function typing() {
      var active = document.activeElement;
      return !!(active && holder.contains(active) && active.closest("form"));
    }

    function loadPanel(force) {
      if (loading) { again = true; againForced = againForced || !!force; return; }
      loading = true;
      request("GET", main.dataset.panel, code).then(function (answer) {
        setConnection(true);
        if (!answer.ok) {
          holder.textContent = "";
          var box = document.createElement("div");
          box.setAttribute("role", "alert");
          box.className = "alert";
          box.dataset.testid = "signin-problem";
          showRefusal(box, answer.data);
          var link = document.createElement("a");
          link.href = "/table?event=" + encodeURIComponent(event);
          link.textContent = words().signIn;
          link.addEventListener("click", function () { keep(DEVICE_KEY, null); });
          box.appendChild(link);
          holder.appendChild(box);
          return;
        }
        var next = document.createElement("div");
        next.innerHTML = answer.data;
        var fresh = next.querySelector("section.round");
        var shown = current();
        if (!fresh) return;
        var changed = !shown || shown.dataset.signature !== fresh.dataset.signature;
        var travellers = shown && shown.dataset.travellers !== fresh.dataset.travellers;
        if (force || changed || (travellers && !typing())) {
          var moved = !shown || shown.dataset.round !== fresh.dataset.round ||
            shown.dataset.status !== fresh.dataset.status;
          holder.textContent = "";
          holder.appendChild(fresh);
          wire(fresh);
          if (moved) {
            var heading = fresh.querySelector("h2");
            if (heading) { heading.tabIndex = -1; heading.focus(); }
          }
        }
      }, function () {
        setConnection(false);
      }).then(function () {
        loading = false;
        if (again) {
          var forced = againForced;
          again = false; againForced = false;
          loadPanel(forced);
        }
      });
    }

    // -- a board's form --

    function fields(form) {
      var f = form.elements;
      function picked(name) {
        var chosen = form.querySelector("input[name=" + name + "]:checked");
        return chosen ? chosen.value : "";
      }
      return {
        level: picked("level"),
        strain: picked("strain"),
        double: picked("double"),
        declarer: picked("declarer"),
        lead: f.lead ? f.lead.value.trim() : "",
        tricks: f.tricks.value
      };
    }

    function entryOf(form) {
      var v = fields(form);
      var entry = {
        board: Number(form.dataset.board),
        ns: Number(form.dataset.ns),
        ew: Number(form.dataset.ew)
      };
      if (v.level === "PASS") { entry.contract = "PASS"; return entry; }
      entry.contract = v.level + v.strain + v.double;
      entry.declarer = v.declarer;
      entry.tricks = Number(v.tricks);
      if (v.lead) entry.lead = v.lead;
      return entry;
    }

    function complete(form) {
      var v = fields(form);
      if (v.level === "PASS") return "";
      if (!v.level || !v.strain || !v.declarer || v.tricks === "") return words().incomplete;
      if (current().dataset.lead === "required" && !v.lead) return words().leadMissing;
      return "";
    }

    function passedOut(form) {
      var pass = fields(form).level === "PASS";
      Array.prototype.forEach.call(form.querySelectorAll("[data-contract]"), function (el) {
        el.hidden = pass;
        Array.prototype.forEach.call(el.querySelectorAll("input,select"), function (i) {
          i.disabled = pass;
        });
      });
    }

    function trickLabels(form) {
      var level = Number(fields(form).level) || 0;
      Array.prototype.forEach.call(form.elements.tricks.options, function (o) {
        if (o.value === "") return;
        var t = Number(o.value);
        if (!level) { o.textContent = String(t); return; }
        var over = t - level - 6;
        o.textContent = t + " (" + (over === 0 ? "=" : over > 0 ? "+" + over : "−" + -over) + ")";
      });
    }

    function saveDraft(form) {
      var drafts = load(draftsKey, {});
      drafts[boardKey(form)] = fields(form);
      keep(draftsKey, drafts);
    }

    function dropDraft(form) {
      var drafts = load(draftsKey, {});
      delete drafts[boardKey(form)];
      keep(draftsKey, drafts);
    }

    function restoreDraft(form) {
      var v = load(draftsKey, {})[boardKey(form)];
      if (!v) return;
      ["level", "strain", "double", "declarer"].forEach(function (name) {
        var input = form.querySelector("input[name=" + name + "][value='" + v[name] + "']");
        if (input) input.checked = true;
      });
      if (form.elements.lead) form.elements.lead.value = v.lead || "";
      form.elements.tricks.value = v.tricks || "";
    }

    function scoreLine(result) {
      var w = words();
      var score = (result.score_ns > 0 ? "+" : "") + result.score_ns;
      if (result.contract === "PASS") return fill(w.passedOut, { score: score });
      var strain = result.contract.replace(/^\d/, "").replace(/X+$/, "");
      var contract = result.contract.replace(strain, SUITS[strain] || strain);
      var line = fill(w.scoreLine, {
        contract: contract,
        declarer: (w.seats || {})[result.declarer] || result.declarer,
        tricks: result.tricks,
        score: score
      });
      return result.lead ? line + " · " + fill(w.lead, { card: result.lead }) : line;
    }

    function wireForm(form) {
      var status = form.querySelector("[role=status]");
      var alert = form.querySelector("[role=alert]");
      var preview = form.querySelector(".preview");
      var score = preview.querySelector(".score");
      var checked = null;

      function reset() { preview.hidden = true; checked = null; }

      restoreDraft(form);
      passedOut(form);
      trickLabels(form);
      form.addEventListener("change", function () {
        passedOut(form); trickLabels(form); saveDraft(form); reset(); alert.textContent = "";
      });
      form.addEventListener("input", function () { saveDraft(form); });
      form.addEventListener("submit", function (e) {
        e.preventDefault();
        alert.textContent = ""; status.textContent = "";
        var missing = complete(form);
        if (missing) { alert.textContent = missing; return; }
        var entry = entryOf(form);
        status.textContent = words().checking;
        var query = new URLSearchParams();
        Object.keys(entry).forEach(function (k) { query.set(k, entry[k]); });
        request("GET", current().dataset.score + "?" + query, code).then(function (answer) {
          status.textContent = "";
          if (!answer.ok) { showRefusal(alert, answer.data); return; }
          checked = entry;
          score.textContent = scoreLine(answer.data.result);
          preview.hidden = false;
          score.focus();
        }, function () {
          status.textContent = "";
          setConnection(false);
          checked = entry;
          score.textContent = words().noCheck;
          preview.hidden = false;
          score.focus();
        });
      });
      preview.querySelector(".change").addEventListener("click", function () {
        reset();
        var first = form.querySelector("input:not([disabled])");
        if (first) first.focus();
      });
      preview.querySelector(".confirm").addEventListener("click", function () {
        if (!checked) return;
        var entry = checked;
        status.textContent = words().sending;
        send(entry).then(function (outcome) {
          if (outcome.sent) {
            dropDraft(form);
            status.textContent = words().sent;
            loadPanel(true);
          } else if (outcome.kept) {
            dropDraft(form);
            reset();
            status.textContent = words().kept;
          } else {
            status.textContent = "";
            reset();
            showRefusal(alert, outcome.refusal);
          }
        });
      });
    }

    function wire(panel) {
      Array.prototype.forEach.call(panel.querySelectorAll("form.entry"), wireForm);
    }

    // -- sending, and what waits to be sent --

    function pending() { return load(pendingKey, []); }

    function showPending(refused) {
      var waiting = pending();
      pendingBox.textContent = "";
      if (waiting.length) {
        var p = document.createElement("p");
        p.textContent = fill(words().pending, { count: waiting.length });
        pendingBox.appendChild(p);
      }
      if (refused) {
        var box = document.createElement("div");
        box.setAttribute("role", "alert");
        box.className = "alert";
        var head = document.createElement("p");
        head.textContent = words().refusedLater;
        box.appendChild(head);
        var detail = document.createElement("div");
        showRefusal(detail, refused);
        box.appendChild(detail);
        pendingBox.appendChild(box);
      }
      pendingBox.hidden = !pendingBox.childNodes.length;
    }

    /* Post one result: {sent} (recorded now, or already), {kept} (no connection: queued),
       or {refusal} (the server said no). */
    function post(entry) {
      return request("POST", entry.url, code, entry.body, entry.key).then(function (answer) {
        if (answer.ok || (answer.data && answer.data.code === DUPLICATE)) return { sent: true };
        return { refusal: answer.data };
      });
    }

    function send(body) {
      var entry = { url: current().dataset.results, body: body, key: newKey() };
      return post(entry).catch(function () {
        var waiting = pending();
        waiting.push(entry);
        keep(pendingKey, waiting);
        setConnection(false);
        showPending();
        return { kept: true };
      });
    }

    /* Send what waits, oldest first, each once: stops at the first that cannot reach the
       server (the rest wait for the next try). */
    function flush() {
      var waiting = pending();
      if (flushing || !waiting.length) { showPending(); return Promise.resolve(); }
      flushing = true;
      var refused = null;
      function next() {
        var queue = pending();
        if (!queue.length) return Promise.resolve();
        var entry = queue[0];
        return request("POST", entry.url, code, entry.body, entry.key).then(function (answer) {
          if (!answer.ok && !(answer.data && answer.data.code === DUPLICATE)) {
            refused = answer.data;
          }
          keep(pendingKey, pending().slice(1));
          return next();
        });
      }
      return next().then(function () {
        setConnection(true);
        loadPanel(false);
      }, function () {
        setConnection(false);
      }).then(function () {
        flushing = false;
        showPending(refused);
      });
    }

    document.getElementById("sign-out").addEventListener("click", function () {
      keep(DEVICE_KEY, null);
      window.location.assign("/table?event=" + encodeURIComponent(event));
    });
    window.addEventListener("online", function () { flush(); loadPanel(false); });
    window.addEventListener("offline", function () { setConnection(false); });
    if (main.dataset.live && window.EventSource) {
      var source = new EventSource(main.dataset.live);
      source.addEventListener("changed", function () { loadPanel(false); flush(); });
      source.addEventListener("open", function () { flush(); });
    }
    // A fallback for a stream a proxy cuts: look again now and then.
    window.setInterval(function () { flush(); loadPanel(false); }, 20000);
    showPending();
    loadPanel(true);
    flush();
    window.TravellerTable = { flush: flush, reload: function () { loadPanel(true); } };
  }

  var form = document.getElementById("signin-form");
  if (form) signInPage(form);
  var main = document.getElementById("table");
  if (main) tablePage(main);
})();
