/* The scoring desk's page logic beyond the console's contract (console.js):
   - [data-what-if="/api/events/ID/what-if"] button in a result or adjustment form: the
     form's table and result (or adjusted score) tried on a copy of the event; the
     standings' changes are shown in the form's .what-if box; nothing is written.
   - form[data-filter="#panel"][data-url="/console/…"]: its non-empty fields are added to
     the panel's address, and the panel fetched again (the audit's filters).
   - [data-show-panel="#el"][data-url="/console/…"] button: fetches that panel into #el
     (pressed again: hides it) — a board's traveller, the standings before/after an action.
   - [data-fill="#form"][data-values='{"name": value}']: puts a recorded result in the
     correction form, and moves the focus to its first empty required field.
   - [data-print]: prints the page.
   Plain ES2017, no framework; everything works with the keyboard. */
(function () {
  "use strict";

  function api() { return window.Traveller; }

  function field(form, name) {
    var el = form.elements.namedItem(name);
    return el && el.value !== undefined ? el : null;
  }

  function text(form, name) {
    var el = field(form, name);
    return el ? el.value.trim() : "";
  }

  function number(raw) {
    return /^[-+]?\d+$/.test(raw) ? parseInt(raw, 10) : raw;
  }

  /* The change a form describes, as the what-if API takes it. */
  function change(form, prefix, adjusted) {
    var c = {};
    ["board", "ns", "ew"].forEach(function (k) {
      var v = text(form, prefix + k);
      if (v !== "") c[k] = number(v);
    });
    if (adjusted) {
      var neutral = field(form, "neutral");
      if (neutral && neutral.checked) {
        c.adjusted = "N";
      } else {
        c.adjusted = text(form, "award_ns") + "/" + text(form, "award_ew");
      }
      return c;
    }
    ["contract", "declarer", "lead"].forEach(function (k) {
      var v = text(form, prefix + k);
      if (v !== "") c[k] = v;
    });
    ["tricks", "score_ns"].forEach(function (k) {
      var v = text(form, prefix + k);
      if (v !== "") c[k] = number(v);
    });
    return c;
  }

  function cell(row, tag, value) {
    var el = document.createElement(tag);
    el.textContent = value === null || value === undefined ? "" : String(value);
    row.appendChild(el);
  }

  function showDiff(box, answer) {
    box.textContent = "";
    box.classList.remove("problem");
    var title = document.createElement("p");
    title.textContent = box.dataset.title || "";
    box.appendChild(title);
    var rows = (answer && answer.diff) || [];
    if (!rows.length) {
      var none = document.createElement("p");
      none.textContent = box.dataset.none || "";
      box.appendChild(none);
    } else {
      var table = document.createElement("table");
      table.className = "grid";
      var head = document.createElement("tr");
      (box.dataset.heads || "").split("|").forEach(function (h) { cell(head, "th", h); });
      var thead = document.createElement("thead");
      thead.appendChild(head);
      table.appendChild(thead);
      var body = document.createElement("tbody");
      rows.forEach(function (r) {
        var row = document.createElement("tr");
        cell(row, "td", [r.section, r.field].filter(Boolean).join(" "));
        cell(row, "td", r.pair);
        cell(row, "td", (r.names || []).join(" – "));
        cell(row, "td", r.score_before);
        cell(row, "td", r.score_after);
        cell(row, "td", r.rank_before);
        cell(row, "td", r.rank_after);
        body.appendChild(row);
      });
      table.appendChild(body);
      box.appendChild(table);
    }
    box.hidden = false;
  }

  function showProblem(box, problem) {
    box.textContent = "";
    box.classList.add("problem");
    [problem.message, problem.hint].filter(Boolean).forEach(function (line) {
      var p = document.createElement("p");
      p.textContent = line;
      box.appendChild(p);
    });
    box.hidden = false;
  }

  function preview(button) {
    var form = button.form;
    var box = form.querySelector(".what-if");
    if (!box || !api()) return;
    var body = {
      changes: [change(form, button.dataset.prefix || "", button.dataset.adjusted !== undefined)],
      session: number(button.dataset.session || "1"),
      section: button.dataset.section || "A"
    };
    button.disabled = true;
    api().api("POST", button.dataset.whatIf, body).then(function (answer) {
      showDiff(box, answer);
    }, function (problem) {
      showProblem(box, problem);
    }).then(function () { button.disabled = false; });
  }

  function showPanel(button) {
    var target = document.querySelector(button.dataset.showPanel);
    if (!target || !api()) return;
    if (target.dataset.panel === button.dataset.url && target.childElementCount &&
        !target.dataset.keep && button.getAttribute("aria-expanded") === "true") {
      target.textContent = "";
      button.setAttribute("aria-expanded", "false");
      return;
    }
    target.dataset.panel = button.dataset.url;
    if (button.hasAttribute("aria-controls")) button.setAttribute("aria-expanded", "true");
    var inside = target.contains(button);
    api().fetchPanel(target).then(function () {
      /* A button inside the panel was replaced with it: keep the keyboard's place. */
      var current = inside && target.querySelector("[aria-current]");
      if (current) current.focus();
    });
  }

  function fill(button) {
    var form = document.querySelector(button.dataset.fill);
    if (!form) return;
    var values = {};
    try { values = JSON.parse(button.dataset.values || "{}"); } catch (e) { return; }
    Array.prototype.forEach.call(form.elements, function (el) {
      var typed = el.tagName === "SELECT" || /^(text|number|search)$/.test(el.type);
      if (el.name && typed) el.value = "";
    });
    Object.keys(values).forEach(function (name) {
      var el = field(form, name);
      if (el) el.value = values[name];
    });
    var empty = Array.prototype.find.call(form.elements, function (el) {
      return el.required && !el.value;
    });
    form.scrollIntoView({ block: "start" });
    (empty || form.elements[0]).focus();
  }

  function filter(form) {
    var target = document.querySelector(form.dataset.filter);
    if (!target || !api()) return;
    var params = new URLSearchParams();
    Array.prototype.forEach.call(form.elements, function (el) {
      if (el.name && el.value.trim() !== "") params.set(el.name, el.value.trim());
    });
    var base = form.dataset.url;
    var query = params.toString();
    target.dataset.panel = query ? base + (base.indexOf("?") < 0 ? "?" : "&") + query : base;
    api().fetchPanel(target);
  }

  document.addEventListener("click", function (e) {
    var el = e.target.closest && e.target.closest(
      "[data-what-if], [data-show-panel], [data-fill], [data-print]");
    if (!el) return;
    e.preventDefault();
    if (el.dataset.whatIf) preview(el);
    else if (el.dataset.showPanel) showPanel(el);
    else if (el.dataset.fill) fill(el);
    else window.print();
  });

  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!form.matches || !form.matches("form[data-filter]")) return;
    e.preventDefault();
    filter(form);
  });
})();
