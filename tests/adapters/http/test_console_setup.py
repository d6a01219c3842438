"""The director's console, set-up half: shells anyone may load, panels only a director
reads (401 without a token, 403 for a table's code), every form naming an API route
that exists and takes the fields the form sends, in Japanese and English."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

import pytest

from tests.adapters.http.api_kit import SECTION, Server, mitchell_event, result, table_play
from tests.adapters.http.api_kit import server as server  # the fixture

PANELS = (
    "panels/heading",
    "panels/sessions",
    "panels/rounds",
    "panels/entries",
    "panels/movement",
    "panels/advice",
    "panels/scoring",
    "panels/devices",
    "panels/table-entry",
)
PAGES = ("", "/entries", "/movement", "/scoring", "/tables")


class Forms(HTMLParser):
    """The console forms of a page: their attributes and the fields they send."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []
        self.panels: list[str] = []
        self.inputs: list[dict[str, str | None]] = []
        self.labels: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form":
            self.forms.append({"attrs": a, "fields": []})
        elif tag in ("input", "select", "textarea") and a.get("name"):
            if self.forms:
                self.forms[-1]["fields"].append(a)
            if a.get("type") != "hidden":
                self.inputs.append(a)
        elif tag == "label" and a.get("for"):
            self.labels.add(a["for"] or "")
        if a.get("data-panel"):
            self.panels.append(a["data-panel"] or "")


def parse(html: str) -> Forms:
    forms = Forms()
    forms.feed(html)
    return forms


def setup_event(server: Server) -> str:
    event = mitchell_event(server)
    server.put(f"/api/events/{event}/table-entry", {"ew_confirmation": True})
    return event


def panel(server: Server, url: str, *, language: str = "en") -> str:
    """A panel's HTML, as the director reads it in ``language``."""
    headers = server.as_director() | {"Accept-Language": language}
    answer = server.client.get(url, headers=headers)
    assert answer.status_code == 200, answer.text
    text: str = answer.text
    return text


# ---- shells and access -----------------------------------------------------------------


def test_the_shells_hold_no_data_and_name_their_panels(server: Server) -> None:
    event = setup_event(server)
    for page in ("/console", "/console/login"):
        answer = server.client.get(page)
        assert answer.status_code == 200
        assert "/static/console.js" in answer.text
    for page in PAGES:
        answer = server.client.get(f"/console/events/{event}{page}")  # no token: a shell
        assert answer.status_code == 200, (page, answer.text)
        assert "Tuesday pairs" not in answer.text  # the data comes with the panels
        assert "A1 North" not in answer.text
        found = parse(answer.text)
        assert found.panels, page
        for url in found.panels:
            assert url.startswith(f"/console/events/{event}/panels/"), url


def test_the_event_page_has_the_desks_slot_in_its_navigation(server: Server) -> None:
    event = setup_event(server)
    html = server.client.get(f"/console/events/{event}").text
    nav = html[html.index('data-testid="console-nav"') :]
    nav = nav[: nav.index("</nav>")]
    for page in ("setup", "entries", "movement", "scoring", "tables"):
        assert f'data-testid="nav-{page}"' in nav


def test_an_unknown_event_page_says_so(server: Server) -> None:
    answer = server.client.get("/console/events/no-such-event/entries")
    assert answer.status_code == 404
    assert 'class="problem"' in answer.text


@pytest.mark.parametrize("path", PANELS)
def test_a_panel_needs_a_director(server: Server, path: str) -> None:
    event = setup_event(server)
    url = f"/console/events/{event}/{path}"
    assert server.client.get(url).status_code == 401
    code = server.device(event, 1)
    refused = server.client.get(url, headers={"Authorization": f"Bearer {code}"})
    assert refused.status_code == 403
    assert refused.json()["error"]
    assert server.client.get(url, headers=server.as_director()).status_code == 200


def test_the_events_panel_needs_a_director_and_lists_the_events(server: Server) -> None:
    setup_event(server)
    assert server.client.get("/console/panels/events").status_code == 401
    html = panel(server, "/console/panels/events")
    assert "Tuesday pairs" in html


def test_a_panel_refusal_is_in_the_directors_language(server: Server) -> None:
    event = setup_event(server)
    answer = server.client.get(
        f"/console/events/{event}/panels/entries?section=Q",
        headers=server.as_director() | {"Accept-Language": "ja"},
    )
    assert answer.status_code == 404
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", answer.json()["message"])


# ---- the forms' contract ------------------------------------------------------------------


def _route_exists(server: Server, method: str, url: str) -> bool:
    paths = server.client.app.openapi()["paths"]  # type: ignore[attr-defined]
    for template, methods in paths.items():
        pattern = "^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template)) + "$"
        if re.match(pattern, url) and method.lower() in methods:
            return True
    return False


def test_every_form_names_an_api_route_that_exists(server: Server) -> None:
    event = setup_event(server)
    server.post(f"/api/events/{event}/devices", {"table": 2})
    pages = [panel(server, f"/console/events/{event}/{p}") for p in PANELS]
    pages += [server.client.get(f"/console/events/{event}{p}").text for p in PAGES]
    pages.append(server.client.get("/console").text)
    pages.append(server.client.get("/console/login").text)
    checked = 0
    for html in pages:
        for form in parse(html).forms:
            api = form["attrs"].get("data-api")
            if api is None:
                assert {"data-query", "data-submit-all"} & set(form["attrs"]), form
                continue
            # {field} in the address is filled from the form: any value will do here.
            url = re.sub(r"\{[\w.]+\}", "X", api.split("?")[0])
            method = form["attrs"].get("data-method") or "POST"
            assert _route_exists(server, method, url), (method, api)
            checked += 1
    assert checked > 30


def test_every_input_has_a_label(server: Server) -> None:
    event = setup_event(server)
    pages = [panel(server, f"/console/events/{event}/{p}") for p in PANELS]
    pages += [server.client.get(f"/console/events/{event}{p}").text for p in PAGES]
    pages += [server.client.get(p).text for p in ("/console", "/console/login")]
    for html in pages:
        found = parse(html)
        for field in found.inputs:
            assert field.get("id") in found.labels or field.get("aria-label"), field


def test_the_pages_are_in_japanese_and_english(server: Server) -> None:
    event = setup_event(server)
    ja = server.client.get(f"/console/events/{event}/entries?lang=ja").text
    en = server.client.get(f"/console/events/{event}/entries?lang=en").text
    assert '<html lang="ja">' in ja and '<html lang="en">' in en
    assert "Entries" in en and "Entries" not in ja
    server.client.cookies.clear()  # the panels follow the page's language (sent by the script)
    japanese = panel(server, f"/console/events/{event}/panels/entries", language="ja")
    english = panel(server, f"/console/events/{event}/panels/entries")
    assert "Rename a player" in english and "Rename a player" not in japanese


# ---- what the panels show ------------------------------------------------------------------


def test_names_are_data_and_escaped(server: Server) -> None:
    event = server.post("/api/events", {"name": "<script>alert(1)</script>"})["id"]
    server.post(f"/api/events/{event}/entries", {"players": [{"name": "<b>Bold</b>"}]})
    heading = panel(server, f"/console/events/{event}/panels/heading")
    assert "<script>alert" not in heading and "&lt;script&gt;" in heading
    entries = panel(server, f"/console/events/{event}/panels/entries")
    assert "<b>Bold</b>" not in entries and "&lt;b&gt;Bold&lt;/b&gt;" in entries


def test_the_rounds_panel_shows_the_missing_results_table_by_table(server: Server) -> None:
    event = setup_event(server)
    url = f"/console/events/{event}/panels/rounds"
    assert 'data-testid="start-round"' in panel(server, url)
    server.post(SECTION.format(event=event) + "/rounds/1/start")
    boards, ns, ew = table_play(server, event, 1, 3)
    for board in boards:
        server.post(SECTION.format(event=event) + "/results", result(board, ns, ew))
    html = panel(server, url)
    assert 'data-testid="end-round"' in html
    row = html[html.index('data-testid="round-table-3"') :]
    row = row[: row.index("</tr>")]
    assert "all in" in row
    other = html[html.index('data-testid="missing-4"') :]
    other = other[: other.index("</td>")]
    assert ", ".join(str(b) for b in table_play(server, event, 1, 4)[0]) in other


def test_the_entries_panel_offers_the_fixes(server: Server) -> None:
    event = setup_event(server)
    html = panel(server, f"/console/events/{event}/panels/entries")
    for testid in ("register-entry-form", "rename-form", "member-form", "substitute-form"):
        assert f'data-testid="{testid}"' in html
    assert 'data-testid="swap-form"' in html and 'data-testid="withdraw-form"' in html
    assert "A14 North" in html


def test_the_movement_panel_has_a_form_for_each_family(server: Server) -> None:
    event = setup_event(server)
    html = panel(server, f"/console/events/{event}/panels/movement")
    for family in server.app.registry.movements():
        assert f'data-testid="assign-{family.name}-form"' in html
    assert 'data-testid="movement-now"' in html


def test_the_advice_panel_proposes_movements_that_assign(server: Server) -> None:
    event = server.post("/api/events", {"name": "Wednesday"})["id"]
    for i in range(14):
        players = [{"name": f"P{i} North"}, {"name": f"P{i} South"}]
        server.post(f"/api/events/{event}/entries", {"players": players})
    html = panel(server, f"/console/events/{event}/panels/advice?boards=24")
    assert 'data-testid="proposal-1"' in html
    forms = [f for f in parse(html).forms if f["attrs"].get("data-api")]
    assert forms
    fields = {f["name"]: f.get("value") for f in forms[0]["fields"]}
    body: dict[str, Any] = {"family": fields.pop("family"), "tables": int(fields.pop("tables"))}
    import json

    body["options"] = {k.removeprefix("options."): json.loads(v) for k, v in fields.items()}
    server.post(forms[0]["attrs"]["data-api"], body)
    assert server.app.movement_of(server.app.resolve_event(event)) is not None


def test_the_advice_api_answers_with_what_to_assign(server: Server) -> None:
    answer = server.get("/api/advice", params={"pairs": 14, "boards": 24})
    first = answer["proposals"][0]
    assert first["assign"][0]["session"] == 1 and first["assign"][0]["section"] == "A"
    assert first["assign"][0]["tables"] >= 7
    assert server.client.get("/api/advice", params={"pairs": 14}).status_code == 401
    refused = server.client.get("/api/advice", params={"pairs": 1}, headers=server.as_director())
    assert refused.status_code == 422
    assert "1 pairs cannot play" in refused.json()["message"]


def test_the_devices_panel_lists_tables_never_codes(server: Server) -> None:
    event = setup_event(server)
    code = server.device(event, 2)
    html = panel(server, f"/console/events/{event}/panels/devices")
    assert code not in html
    assert 'data-testid="issue-7"' in html
    assert "revoke-" in html


def test_the_scoring_panel_shows_the_method(server: Server) -> None:
    event = setup_event(server)
    html = panel(server, f"/console/events/{event}/panels/scoring")
    assert "matchpoints" in html
    assert 'data-testid="scoring-matchpoints-form"' in html


def test_the_table_entry_panel_shows_the_settings(server: Server) -> None:
    event = setup_event(server)
    server.put(
        f"/api/events/{event}/table-entry",
        {"ew_confirmation": False, "opening_lead": "required", "traveller_after": True},
    )
    html = panel(server, f"/console/events/{event}/panels/table-entry")
    assert (
        'id="table-entry-confirm" name="ew_confirmation" type="checkbox" data-type="bool" ' in html
    )
    assert '<option value="required" selected>' in html


def test_a_late_pair_registered_from_the_form_takes_the_phantoms_seat(server: Server) -> None:
    event = server.post("/api/events", {"name": "Thirteen pairs"})["id"]
    for i in range(13):
        players = [{"name": f"P{i} North"}, {"name": f"P{i} South"}]
        server.post(f"/api/events/{event}/entries", {"players": players})
    server.post(
        f"/api/events/{event}/sessions/1/sections/A/movement",
        {"family": "mitchell", "tables": 7, "options": {"boards_per_round": 3}},
    )
    html = panel(server, f"/console/events/{event}/panels/entries")
    assert "the phantom sits at NS7" in html
    form = next(f for f in parse(html).forms if f["attrs"].get("id") == "register-entry")
    names = {f["name"] for f in form["fields"]}
    assert {"players.0.name", "players.1.name", "session", "section", "pair"} <= names
    # The body console.js builds from the form: dotted names nest, numbers make lists.
    late = server.post(
        form["attrs"]["data-api"],
        {
            "session": 1,
            "section": "A",
            "players": [{"name": "Late North"}, {"name": "Late South"}],
        },
    )
    html = panel(server, f"/console/events/{event}/panels/entries")
    row = html[html.index(f'data-testid="entry-{late["entry"]}"') :]
    assert row[: row.index("</tr>")].count("NS7") == 1
    assert "the phantom sits at" not in html


def test_the_devices_form_issues_a_code_shown_once(server: Server) -> None:
    event = setup_event(server)
    html = panel(server, f"/console/events/{event}/panels/devices")
    form = next(f for f in parse(html).forms if f["attrs"].get("data-testid") == "issue-5")
    assert form["attrs"]["data-result"] == "#codes-shown"
    body = {f["name"]: f["value"] for f in form["fields"]}
    issued = server.post(
        form["attrs"]["data-api"],
        {"table": int(body["table"]), "session": int(body["session"]), "section": body["section"]},
    )
    assert issued["table"] == 5 and issued["code"]
    # The template shows the answer's keys: the code and where it sits.
    shell = server.client.get(f"/console/events/{event}/tables?lang=en").text
    template = re.search(r'id="codes-shown"[^>]*data-template="([^"]+)"', shell)
    assert template is not None
    assert set(re.findall(r"\{(\w+)\}", template.group(1))) <= set(issued)
    assert issued["code"] not in panel(server, f"/console/events/{event}/panels/devices")


def test_a_page_is_about_the_sessions_first_section_unless_told(server: Server) -> None:
    event = server.post("/api/events", {"name": "Two sections", "sections": ["B", "C"]})["id"]
    html = server.client.get(f"/console/events/{event}/entries").text
    assert f"/console/events/{event}/panels/entries?session=1&amp;section=B" in html
    html = server.client.get(f"/console/events/{event}/entries?section=C").text
    assert f"/console/events/{event}/panels/entries?session=1&amp;section=C" in html
