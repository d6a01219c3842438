/* The director's console: the pages are shells; this script fills them.

   Contract (pages of every console part rely on it):
   - <div data-panel="/console/..."> is fetched (with the director's token) into the
     element on load, again on every `changed` of its `data-live` stream (an
     EventSource URL), and when a form names it in `data-refresh`. A panel the
     director is typing in waits until the focus leaves it (a live change only).
   - <form data-api="/api/..." data-method="POST|PUT|DELETE" data-refresh="#id ..."
     data-done="text"> is sent by fetch as JSON: field name = JSON key; dotted names
     nest (`ruling.reason`; a number makes a list: `players.0.name`);
     `data-type="int|decimal|bool|json|list"` converts (an empty optional field is
     left out; `data-item="int"` makes a list's items numbers). `{field}` in data-api
     is replaced by that field's value (which leaves the body). On success: `data-done`
     (`{key}` filled from the answer) in the form's [role=status] (kept when the panel
     holding the form is fetched again), `data-result="#id"` shows the answer in that
     element (its `data-render`: replace | append, its `data-template` and
     `data-href`), then the panels named are fetched again (`data-reset` empties the
     form). On refusal: the API's message, hint and problems in the form's
     [role=alert]; nothing else changes, the typed values stay.
   - `data-confirm="text"` asks before sending. Requests carry Accept-Language of the
     page (<html lang>). `data-login` forms keep the token they get; `[data-logout]`
     forgets it. <form data-query="#panel"> puts its fields in the panel's query and
     fetches it again (a filter; nothing is sent to the API). <form
     data-submit-all="selector"> sends every form the selector finds, one by one.
   - Events: `traveller:panel` (a panel was filled), `traveller:done` (detail: the
     answer) and `traveller:refused` (detail: the refusal) on the form.
   - window.Traveller = {fetchPanel(el), api(method, url, body) -> Promise<json>,
     token(), renderers, refresh(selectors)}; a refusal rejects with
     {status, error, message, hint, problems}.
   No framework, no build step: plain ES2017. */
(function () {
  "use strict";
  var TOKEN_KEY = "traveller.director";
  var body = document.body;
  var words = {
    network: (body && body.dataset.msgNetwork) || "The server could not be reached.",
    networkHint: (body && body.dataset.msgNetworkHint) || "Check the connection and try again.",
    json: (body && body.dataset.msgJson) || "This field is not valid JSON:",
    failed: (body && body.dataset.msgFailed) || "This part could not be loaded."
  };

  function language() {
    return document.documentElement.lang || "ja";
  }

  function token() {
    try { return window.sessionStorage.getItem(TOKEN_KEY); } catch (e) { return null; }
  }

  function keepToken(value) {
    try {
      if (value) window.sessionStorage.setItem(TOKEN_KEY, value);
      else window.sessionStorage.removeItem(TOKEN_KEY);
    } catch (e) { /* private mode: the login lasts this page only */ }
  }

  function loginUrl() {
    var here = window.location.pathname + window.location.search;
    return "/console/login?next=" + encodeURIComponent(here);
  }

  function toLogin() {
    keepToken(null);
    if (window.location.pathname !== "/console/login") window.location.assign(loginUrl());
  }

  function headers(extra) {
    var h = { "Accept-Language": language() };
    var t = token();
    if (t) h.Authorization = "Bearer " + t;
    return Object.assign(h, extra || {});
  }

  function refusal(status, data) {
    data = data || {};
    return {
      status: status,
      error: data.error || "http",
      message: data.message || words.failed + " (" + status + ")",
      hint: data.hint || "",
      problems: data.problems || []
    };
  }

  function networkRefusal() {
    return { status: 0, error: "network", message: words.network, hint: words.networkHint,
      problems: [] };
  }

  /* A request to the API: resolves with the answer's JSON, rejects with a refusal. */
  function api(method, url, payload) {
    var init = { method: method, headers: headers({ Accept: "application/json" }),
      cache: "no-store" };
    if (payload !== undefined && method !== "GET") {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(payload);
    }
    return fetch(url, init).catch(function () { throw networkRefusal(); }).then(function (r) {
      return r.text().then(function (text) {
        var data = null;
        try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
        if (r.ok) return data;
        if (r.status === 401 && url !== "/api/login") toLogin();
        throw refusal(r.status, data);
      });
    });
  }

  /* Panels: fetched into their element; a panel being typed into waits until the
     focus leaves it, so a live refresh never eats what the director is typing. */
  var loading = new WeakMap();
  var carried = {};  /* form id → {panel, text}: its success, shown again in the new panel */

  function busyTyping(el) {
    var active = document.activeElement;
    return active && active !== el && el.contains(active) &&
      /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName);
  }

  /* `now`: fetch even while the director is typing in it (a form of theirs asked). */
  function fetchPanel(el, now) {
    if (!el || !el.dataset.panel) return Promise.resolve();
    if (!now && busyTyping(el)) { el.dataset.stale = "1"; return Promise.resolve(); }
    var state = loading.get(el);
    if (state) { state.again = true; return state.promise; }
    state = { again: false };
    loading.set(el, state);
    el.setAttribute("aria-busy", "true");
    state.promise = fetch(el.dataset.panel, { headers: headers(), cache: "no-store" })
      .then(function (r) {
        if (r.status === 401) { toLogin(); return null; }
        return r.text().then(function (text) {
          if (r.ok) return text;
          var data = null;
          try { data = JSON.parse(text); } catch (e) { data = null; }
          return problemHtml(refusal(r.status, data));
        });
      }, function () { return problemHtml(networkRefusal()); })
      .then(function (html) {
        if (html !== null) {
          el.innerHTML = html;
          delete el.dataset.stale;
          Object.keys(carried).forEach(function (id) {
            if (carried[id].panel !== el) return;
            var form = document.getElementById(id);
            if (form && el.contains(form)) {
              var status = say(form, "status", true);
              status.textContent = carried[id].text;
              status.hidden = false;
            }
            delete carried[id];
          });
          el.querySelectorAll("[data-panel]").forEach(function (inner) {
            listen(inner);
            fetchPanel(inner);
          });
          el.dispatchEvent(new CustomEvent("traveller:panel", { bubbles: true }));
        }
      })
      .then(function () {
        el.removeAttribute("aria-busy");
        loading.delete(el);
        if (state.again) return fetchPanel(el);
      });
    return state.promise;
  }

  function problemHtml(problem) {
    var box = document.createElement("div");
    box.className = "problem";
    box.setAttribute("role", "alert");
    showRefusal(box, problem);
    return box.outerHTML;
  }

  document.addEventListener("focusout", function (e) {
    var panel = e.target.closest && e.target.closest("[data-panel][data-stale]");
    if (!panel) return;
    window.setTimeout(function () {
      if (!busyTyping(panel)) fetchPanel(panel);
    }, 0);
  });

  function refreshNamed(list) {
    (list || "").split(/\s+/).filter(Boolean).forEach(function (selector) {
      document.querySelectorAll(selector).forEach(function (el) {
        if (el.dataset.panel) fetchPanel(el, true);
        el.querySelectorAll("[data-panel]").forEach(function (inner) { fetchPanel(inner, true); });
      });
    });
  }

  /* Live: one stream per address, each `changed` refreshes the panels listening. */
  var streams = {};

  function listen(el) {
    var url = el.dataset.live;
    if (!url || !window.EventSource) return;
    if (!streams[url]) {
      streams[url] = new EventSource(url);
      streams[url].addEventListener("changed", function () {
        document.querySelectorAll("[data-panel]").forEach(function (panel) {
          if (panel.dataset.live === url) fetchPanel(panel);
        });
      });
    }
  }

  /* Forms → JSON. */
  function convert(field, raw) {
    var type = field.dataset.type;
    if (type === "bool") {
      if (field.type === "checkbox") return field.checked;
      return raw === "" ? undefined : raw === "true";
    }
    if (field.type === "checkbox" && !type) return field.checked;
    if (raw === "" && type !== "json") return undefined;
    if (type === "int") {
      return /^[-+]?\d+$/.test(raw.trim()) ? parseInt(raw, 10) : raw;
    }
    if (type === "decimal") {
      var n = Number(raw.trim().replace(",", "."));
      return raw.trim() !== "" && isFinite(n) ? n : raw;
    }
    if (type === "list") {
      var items = raw.split(/[,\n、]/).map(function (s) { return s.trim(); }).filter(Boolean);
      if (field.dataset.item === "int") {
        items = items.map(function (s) { return /^[-+]?\d+$/.test(s) ? parseInt(s, 10) : s; });
      }
      return items;
    }
    if (type === "json") {
      if (raw.trim() === "") return undefined;
      try { return JSON.parse(raw); } catch (e) {
        throw { status: 0, error: "json", message: words.json + " " + (field.name || ""),
          hint: String(e.message || ""), problems: [] };
      }
    }
    return raw;
  }

  /* `a.b` nests an object, `players.0.name` an array (its gaps closed: an empty row of
     a list of players is left out, not sent as null). */
  function put(target, name, value) {
    var keys = name.split(".");
    var last = keys.pop();
    keys.forEach(function (key, i) {
      var next = i + 1 < keys.length ? keys[i + 1] : last;
      if (typeof target[key] !== "object" || target[key] === null) {
        target[key] = /^\d+$/.test(next) ? [] : {};
      }
      target = target[key];
    });
    target[last] = value;
  }

  function closeGaps(value) {
    if (Array.isArray(value)) {
      return value.filter(function (v) { return v !== undefined; }).map(closeGaps);
    }
    if (value && typeof value === "object") {
      Object.keys(value).forEach(function (k) { value[k] = closeGaps(value[k]); });
    }
    return value;
  }

  function collect(form) {
    var data = {};
    var lists = {};
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!field.name || field.disabled || field.dataset.ignore !== undefined) return;
      if (/^(submit|button|reset|file)$/.test(field.type)) return;
      if (field.type === "radio" && !field.checked) return;
      var value;
      if (field.tagName === "SELECT" && field.multiple) {
        value = Array.prototype.filter.call(field.options, function (o) { return o.selected; })
          .map(function (o) { return convert(field, o.value); });
        lists[field.name] = true;
      } else if (field.type === "checkbox" && field.dataset.type === "list") {
        /* A group of checkboxes with one name: the checked values, as a list. */
        lists[field.name] = lists[field.name] || [];
        if (field.checked) {
          lists[field.name].push(field.dataset.item === "int" ? parseInt(field.value, 10)
            : field.value);
        }
        value = lists[field.name];
      } else {
        value = convert(field, field.value);
      }
      if (value === undefined) return;
      put(data, field.name, value);
    });
    return closeGaps(data);
  }

  function take(data, name) {
    var keys = name.split(".");
    var holder = data;
    for (var i = 0; i < keys.length - 1; i++) {
      holder = holder && holder[keys[i]];
    }
    if (!holder || !(keys[keys.length - 1] in holder)) return undefined;
    var value = holder[keys[keys.length - 1]];
    delete holder[keys[keys.length - 1]];
    return value;
  }

  function address(template, data) {
    return template.replace(/\{([\w.]+)\}/g, function (_, name) {
      var value = take(data, name);
      return encodeURIComponent(value === undefined ? "" : String(value));
    });
  }

  function say(form, role, clear) {
    var el = form.querySelector("[role=" + role + "]");
    if (!el) {
      el = document.createElement(role === "alert" ? "div" : "p");
      el.setAttribute("role", role);
      el.className = role === "alert" ? "problem" : "done";
      form.appendChild(el);
    }
    if (clear) { el.textContent = ""; el.hidden = true; }
    return el;
  }

  function showRefusal(el, problem) {
    el.textContent = "";
    var message = document.createElement("p");
    message.className = "message";
    message.textContent = problem.message;
    el.appendChild(message);
    if (problem.hint) {
      var hint = document.createElement("p");
      hint.className = "hint";
      hint.textContent = problem.hint;
      el.appendChild(hint);
    }
    if (problem.problems && problem.problems.length) {
      var list = document.createElement("ul");
      problem.problems.forEach(function (p) {
        var item = document.createElement("li");
        item.textContent = typeof p === "string" ? p
          : [p.field || p.loc || "", p.message || p.msg || ""].filter(Boolean).join(": ");
        list.appendChild(item);
      });
      el.appendChild(list);
    }
    el.hidden = false;
  }

  function fill(template, data) {
    return template.replace(/\{([\w.]+)\}/g, function (_, name) {
      var value = name.split(".").reduce(function (v, k) { return v == null ? v : v[k]; }, data);
      return value == null ? "" : String(value);
    });
  }

  var renderers = {
    /* The answer as one line of the element's data-template (text, never HTML). */
    append: function (el, data) {
      var line = document.createElement(el.tagName === "UL" || el.tagName === "OL" ? "li" : "p");
      line.textContent = fill(el.dataset.template || "{message}", data || {});
      el.appendChild(line);
      el.hidden = false;
    },
    replace: function (el, data) {
      el.textContent = fill(el.dataset.template || "{message}", data || {});
      if (el.dataset.href) el.setAttribute("href", fill(el.dataset.href, data || {}));
      el.hidden = false;
    }
  };

  function showResult(form, data) {
    var selector = form.dataset.result;
    if (!selector) return;
    document.querySelectorAll(selector).forEach(function (el) {
      var render = renderers[el.dataset.render || "replace"] || renderers.replace;
      render(el, data);
    });
  }

  function afterLogin(form, data) {
    keepToken(data && data.token);
    var next = new URLSearchParams(window.location.search).get("next");
    /* Only a console address of this site: never an open redirect. */
    if (!next || !/^\/console(\/|$)/.test(next) || next.indexOf("//") !== -1) next = "/console";
    window.location.assign(next);
  }

  function submit(form, submitter, confirmed) {
    if (!confirmed && form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
      return Promise.resolve();
    }
    var alert = say(form, "alert", true);
    var status = say(form, "status", true);
    var data;
    try { data = collect(form); } catch (problem) {
      showRefusal(alert, problem);
      return Promise.resolve();
    }
    if (submitter && submitter.name) put(data, submitter.name, submitter.value);
    var url = address(form.dataset.api, data);
    var method = (form.dataset.method || "POST").toUpperCase();
    var buttons = form.querySelectorAll("button, input[type=submit]");
    buttons.forEach(function (b) { b.disabled = true; });
    form.setAttribute("aria-busy", "true");
    return api(method, url, method === "GET" ? undefined : data).then(function (answer) {
      if (form.dataset.login !== undefined) { afterLogin(form, answer); return; }
      if (form.dataset.done) {
        status.textContent = fill(form.dataset.done, answer || {});
        status.hidden = false;
        var holder = form.closest("[data-panel]");
        var named = (form.dataset.refresh || "").split(/\s+/);
        if (form.id && holder && named.indexOf("#" + holder.id) !== -1) {
          carried[form.id] = { panel: holder, text: status.textContent };
        }
      }
      showResult(form, answer);
      form.dispatchEvent(new CustomEvent("traveller:done", { bubbles: true, detail: answer }));
      if (form.dataset.reset !== undefined) form.reset();
      refreshNamed(form.dataset.refresh);
    }, function (problem) {
      showRefusal(alert, problem);
      form.dispatchEvent(new CustomEvent("traveller:refused", { bubbles: true,
        detail: problem }));
    }).then(function () {
      buttons.forEach(function (b) { b.disabled = false; });
      form.removeAttribute("aria-busy");
    });
  }

  /* <form data-submit-all="selector">: each form the selector finds, sent in turn (one
     after the other, so the server sees them in order). */
  function submitAll(form) {
    var forms = Array.prototype.slice.call(document.querySelectorAll(form.dataset.submitAll));
    var button = form.querySelector("button");
    if (button) button.disabled = true;
    return forms.reduce(function (done, each) {
      return done.then(function () { return submit(each, null, true); });
    }, Promise.resolve()).then(function () { if (button) button.disabled = false; });
  }

  /* <form data-query="#panel">: its fields become the panel's query, then it is fetched
     again (a filter, the advisor's field) — nothing is sent to the API. */
  function query(form) {
    document.querySelectorAll(form.dataset.query).forEach(function (el) {
      if (!el.dataset.panel) return;
      var url = new URL(el.dataset.panel, window.location.href);
      Array.prototype.forEach.call(form.elements, function (field) {
        if (!field.name || field.disabled || /^(submit|button|reset)$/.test(field.type)) return;
        if (field.type === "radio" && !field.checked) return;
        var value = field.type === "checkbox" ? (field.checked ? "true" : "") : field.value.trim();
        if (value === "") url.searchParams.delete(field.name);
        else url.searchParams.set(field.name, value);
      });
      el.dataset.panel = url.pathname + url.search;
      fetchPanel(el, true);
    });
  }

  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!form.matches) return;
    if (form.matches("form[data-query]")) { e.preventDefault(); query(form); return; }
    if (form.matches("form[data-submit-all]")) { e.preventDefault(); submitAll(form); return; }
    if (!form.matches("form[data-api]")) return;
    e.preventDefault();
    submit(form, e.submitter);
  });

  document.addEventListener("click", function (e) {
    var out = e.target.closest && e.target.closest("[data-logout]");
    if (!out) return;
    e.preventDefault();
    keepToken(null);
    window.location.assign("/console/login");
  });

  function start() {
    var guarded = document.querySelector("[data-console-guard]");
    if (guarded && !token()) { toLogin(); return; }
    document.querySelectorAll("[data-panel]").forEach(function (el) {
      listen(el);
      fetchPanel(el);
    });
  }

  window.Traveller = {
    fetchPanel: fetchPanel,
    api: api,
    token: token,
    renderers: renderers,
    refresh: refreshNamed
  };

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
