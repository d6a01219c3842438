"""The console's scoring desk: its pages are shells anyone may load, its panels need a
director (401 without a token, 403 for a table's code), every form sends to an API
route that exists, and what the forms send records results, corrections (with the
reason), rulings and releases — each shown in the audit, filtered by board, pair and
actor, with the standings before and after; the what-if preview writes nothing."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

import pytest

from tests.adapters.http.api_kit import (
    SECTION,
    Server,
    mitchell_event,
    result,
    server,
    table_play,
)
from tests.adapters.http.test_pages import WellFormed

__all__ = ["server"]

PAGES = ("results", "rulings", "audit", "release", "print")
PANELS = ("board", "audit", "diff?number=2", "release")


@pytest.fixture
def event(server: Server) -> str:
    """A 7-table Mitchell with round 1 in play."""
    event = mitchell_event(server)
    server.post(SECTION.format(event=event) + "/rounds/1/start")
    return event


def panel(server: Server, event: str, name: str, lang: str = "en", **headers: str) -> str:
    sep = "&" if "?" in name else "?"
    answer = server.client.get(
        f"/console/events/{event}/desk/panels/{name}{sep}lang={lang}",
        headers=headers or server.as_director(),
    )
    assert answer.status_code == 200, answer.text
    page = WellFormed()
    page.feed(answer.text)
    assert not page.problems and not page.open, (name, page.problems)
    text: str = answer.text
    return text


def shell(server: Server, event: str, page: str, lang: str = "en") -> str:
    answer = server.client.get(f"/console/events/{event}/desk/{page}?lang={lang}")
    assert answer.status_code == 200, answer.text
    parsed = WellFormed()
    parsed.feed(answer.text)
    assert not parsed.problems and not parsed.open, (page, parsed.problems)
    text: str = answer.text
    return text


def position(server: Server) -> int:
    return server.written()


# ---- pages, panels and who may read them ---------------------------------------------------


def test_the_desks_pages_are_shells_linked_from_the_consoles_nav(
    server: Server, event: str
) -> None:
    for page in PAGES:
        html = shell(server, event, page)
        assert "A1 North" not in html  # no data in a shell
        for other in PAGES:
            assert f'data-testid="nav-desk-{other}"' in html
        assert f'href="/console/events/{event}/desk/{page}?session=1&amp;section=A"' in html
        assert 'aria-current="page" data-testid="nav-desk-' + page in html
    setup = server.client.get(f"/console/events/{event}")
    assert 'data-testid="nav-desk-results"' in setup.text  # the set-up pages link here too
    assert "data-panel" in shell(server, event, "results")


@pytest.mark.parametrize("name", PANELS)
def test_the_panels_need_a_director(server: Server, event: str, name: str) -> None:
    url = f"/console/events/{event}/desk/panels/{name}"
    assert server.client.get(url).status_code == 401
    code = server.device(event, 1)
    answer = server.client.get(url, headers={"Authorization": f"Bearer {code}"})
    assert answer.status_code == 403
    assert panel(server, event, name)


def test_an_unknown_event_or_page(server: Server, event: str) -> None:
    assert server.client.get("/console/events/nothing/desk/results").status_code == 404
    assert server.client.get(f"/console/events/{event}/desk/menu").status_code == 422
    missing = server.client.get(
        f"/console/events/{event}/desk/panels/board?section=Z", headers=server.as_director()
    )
    assert missing.status_code == 404


def _forms(html: str) -> list[tuple[str, str]]:
    """Each form's API address and method (``{field}`` stands for a field's value)."""
    found = []
    for tag in re.findall(r"<form\b[^>]*>", html):
        api = re.search(r'data-api="([^"]+)"', tag)
        if api is None:
            continue
        method = re.search(r'data-method="([^"]+)"', tag)
        found.append((unescape(api.group(1)), method.group(1) if method else "POST"))
    return found


def test_every_form_sends_to_an_api_route_that_exists(server: Server, event: str) -> None:
    section = SECTION.format(event=event)
    boards, ns, ew = table_play(server, event, 1, 1)
    server.post(section + "/results", result(boards[0], ns, ew))
    html = "".join(shell(server, event, page) for page in PAGES)
    html += "".join(panel(server, event, name) for name in PANELS)
    server.post(f"/api/events/{event}/sessions/1/close", {"reason": "to see the reopen form"})
    html += panel(server, event, "release")
    forms = set(_forms(html))
    assert len(forms) >= 9
    documented = server.client.get("/openapi.json").json()["paths"]
    routes = [
        (re.compile("^" + re.sub(r"\{\w+\}", "[^/]+", path) + "$"), {m.upper() for m in ops})
        for path, ops in documented.items()
    ]
    for address, method in forms:
        path = address.replace("{entry}", "E1")
        assert any(pattern.match(path) and method in methods for pattern, methods in routes), (
            method,
            address,
        )
    what_ifs = re.findall(r'data-what-if="([^"]+)"', html)
    assert what_ifs and all(w == f"/api/events/{event}/what-if" for w in what_ifs)


def test_every_field_has_a_label(server: Server, event: str) -> None:
    section = SECTION.format(event=event)
    boards, ns, ew = table_play(server, event, 1, 1)
    server.post(section + "/results", result(boards[0], ns, ew))
    # Each page as the browser shows it: the shell with the panels it fetches.
    shown = {
        "results": ("board",),
        "rulings": ("board",),
        "audit": ("audit",),
        "release": ("release",),
        "print": (),
    }
    for page, panels in shown.items():
        html = shell(server, event, page) + "".join(panel(server, event, p) for p in panels)
        labelled = set(re.findall(r'<label for="([^"]+)"', html))
        for field in re.findall(r"<(?:input|select|textarea)\b[^>]*>", html):
            if re.search(r'type="(hidden|submit|button)"', field):
                continue
            found = re.search(r'\bid="([^"]+)"', field)
            assert found is not None and found.group(1) in labelled, (page, field)
        ids = re.findall(r'\bid="([^"]+)"', html)
        assert len(ids) == len(set(ids)), (page, sorted(i for i in ids if ids.count(i) > 1))


# ---- results, corrections and the audit -----------------------------------------------------


def test_a_result_is_corrected_with_a_reason_and_the_audit_shows_it(
    server: Server, event: str
) -> None:
    section = SECTION.format(event=event)
    boards, ns, ew = table_play(server, event, 1, 2)
    code = server.device(event, 2)
    sent = server.client.post(
        section + "/results",
        json=result(boards[0], ns, ew),
        headers={"Authorization": f"Bearer {code}"},
    )
    assert sent.status_code == 201, sent.text
    # The desk's own entry form's body: the table and the contract line.
    server.post(section + "/results", {**result(boards[1], ns, ew), "lead": "SK"})
    # Another table's result of the board, so that the correction moves the matchpoints.
    later = next(
        (t, play)
        for t in range(1, 8)
        for play in [table_play(server, event, 2, t)]
        if boards[0] in play[0]
    )
    server.post(section + "/results", result(boards[0], later[1][1], later[1][2], tricks=9))
    before = position(server)
    # The correction form without a reason is refused, and nothing is written.
    body: dict[str, Any] = {"result": {**result(boards[0], ns, ew), "tricks": 8}}
    refused = server.client.post(section + "/results/correct", json=body)
    assert refused.status_code == 401  # no token: the script would send the login page
    refused = server.client.post(
        section + "/results/correct", json=body, headers=server.as_director()
    )
    assert refused.status_code == 422 and "reason" in refused.json()["message"].lower()
    assert position(server) == before
    server.post(section + "/results/correct", {**body, "reason": "8 tricks, not 10"})

    trail = panel(server, event, f"audit?board={boards[0]}")
    assert "Result corrected" in trail and "8 tricks, not 10" in trail
    assert "director:suzuki" in trail and "table:" in trail
    by_device = panel(server, event, "audit?actor=table")
    assert by_device.count('data-testid="desk-audit-row-') == 1
    assert "Result entered" in by_device and "Result corrected" not in by_device
    by_pair = panel(server, event, f"audit?pair=NS{ns}")
    assert by_pair.count("Result entered") == 2 and by_pair.count("Result corrected") == 1
    assert "no action matches" in panel(server, event, "audit?pair=NS1&actor=table").lower()

    number = server.app.audit(server.app.resolve_event(event))[-1]["position"]
    assert f'data-testid="desk-audit-diff-{number}"' in trail
    diff = panel(server, event, f"diff?number={number}")
    assert f'data-testid="desk-diff-{number}"' in diff and "A2 North" in diff


def test_the_audit_is_on_the_events_clock(server: Server, event: str) -> None:
    assert "Time (UTC)" in panel(server, event, "audit")
    server.put(f"/api/events/{event}/zone", {"zone": "Asia/Tokyo"})
    trail = panel(server, event, "audit")
    assert "Time (Asia/Tokyo)" in trail and '+09:00">' in trail


def test_the_what_if_preview_writes_nothing(server: Server, event: str) -> None:
    section = SECTION.format(event=event)
    boards, ns, ew = table_play(server, event, 1, 3)
    server.post(section + "/results", result(boards[0], ns, ew))
    before = position(server)
    # As desk.js sends it from the correction form, then from the adjustment form.
    change = {"board": boards[0], "ns": ns, "ew": ew, "contract": "4S", "declarer": "N"}
    tried = server.post(
        f"/api/events/{event}/what-if",
        {"changes": [{**change, "tricks": 8}], "session": 1, "section": "A"},
    )
    assert set(tried) == {"before", "after", "diff"}
    adjusted = {"board": boards[1], "ns": ns, "ew": ew, "adjusted": "A+/A-"}
    tried = server.post(
        f"/api/events/{event}/what-if", {"changes": [adjusted], "session": 1, "section": "A"}
    )
    assert {row["pair"] for row in tried["diff"]} == {ns, ew}
    refused = server.client.post(
        f"/api/events/{event}/what-if",
        json={"changes": [{**change, "tricks": 14}], "session": 1, "section": "A"},
        headers=server.as_director(),
    )
    assert refused.status_code == 422 and refused.json()["message"]
    assert position(server) == before


def test_the_board_panel_offers_each_result_to_the_correction_form(
    server: Server, event: str
) -> None:
    section = SECTION.format(event=event)
    boards, ns, ew = table_play(server, event, 1, 4)
    server.post(section + "/results", result(boards[0], ns, ew))
    html = panel(server, event, f"board?board={boards[0]}")
    assert 'data-testid="desk-traveller"' in html and "4S" in html
    values = re.search(r"data-fill=\"#desk-correct-form\" data-values='([^']+)'", html)
    assert values is not None
    assert json.loads(unescape(values.group(1))) == {
        "result.board": boards[0],
        "result.ns": ns,
        "result.ew": ew,
        "result.contract": "4S",
        "result.declarer": "N",
        "result.tricks": 10,
        "result.lead": "",
    }
    for b in boards:
        assert f'data-testid="desk-board-{b}"' in html


# ---- rulings --------------------------------------------------------------------------------


def test_rulings_as_the_forms_send_them(server: Server, event: str) -> None:
    section = SECTION.format(event=event)
    boards, ns, ew = table_play(server, event, 1, 5)
    server.post(
        section + "/adjustments",
        {
            "board": boards[0],
            "ns": ns,
            "ew": ew,
            "award_ns": "A+",
            "award_ew": "A-",
            "neutral": False,
            "reason": "slow play",
            "law": "12C2",
        },
    )
    server.post(
        section + "/assigned",
        {
            "board": boards[1],
            "ns": ns,
            "ew": ew,
            "ns_scores": [{"score": 100, "weight": "2/3"}, {"score": -100, "weight": "1/3"}],
            "reason": "misinformation",
            "law": "12C1c",
        },
    )
    server.post(
        section + "/assigned",
        {
            "board": boards[2],
            "ns": ns,
            "ew": ew,
            "ns_scores": [{"score": 100}],
            "ew_scores": [{"score": 100}],
            "reason": "split after a revoke",
            "law": "12C1b",
        },
    )
    trail = panel(server, event, f"audit?pair=NS{ns}")
    assert "Adjusted score" in trail and "slow play" in trail and "12C2" in trail
    assert trail.count("Assigned score") == 2 and "12C1c" in trail
    adjusted = panel(server, event, f"board?board={boards[0]}")
    assert "A+/A-" in adjusted

    before = position(server)
    refused = server.client.post(
        section + "/fouled",
        json={"board": boards[0], "groups": [[1, 2], [3]]},
        headers=server.as_director(),
    )
    assert refused.status_code == 422 and position(server) == before  # the reason is required
    rulings = server.client.get(f"/console/events/{event}/desk/rulings").text
    assert 'data-testid="desk-fouled-law"' in rulings and 'placeholder="87B"' in rulings
    server.post(
        section + "/fouled",
        {"board": boards[0], "groups": [[1, 2], [3]], "reason": "hands swapped", "law": "87B"},
    )
    fouled = server.get(f"/api/events/{event}/audit", params={"board": boards[0]})[-1]
    assert fouled["type"] == "BoardFouled" and fouled["data"]["law"] == "87B"


# ---- closing, reopening, publishing and what the public sees ---------------------------------


def test_close_reopen_with_a_reason_publish_and_the_public_view(server: Server, event: str) -> None:
    api = f"/api/events/{event}"
    shown = panel(server, event, "release")
    assert 'data-testid="desk-close-form-1"' in shown
    assert 'data-testid="desk-session-1-published">no<' in shown
    assert "running standings are hidden" in shown
    server.post(f"{api}/sessions/1/close", {"reason": "the evening is over"})
    shown = panel(server, event, "release")
    assert 'data-testid="desk-reopen-form-1"' in shown
    assert 'data-testid="desk-session-1-closed">yes<' in shown
    before = position(server)
    refused = server.client.post(f"{api}/sessions/1/reopen", json={}, headers=server.as_director())
    assert refused.status_code == 422 and position(server) == before
    server.post(f"{api}/sessions/1/reopen", {"reason": "a late correction"})
    server.post(f"{api}/sessions/1/close", {"reason": "again"})
    server.post(f"{api}/sessions/1/publish")
    server.put(f"{api}/public", {"running": True})
    shown = panel(server, event, "release")
    assert 'data-testid="desk-session-1-published">yes<' in shown
    assert "sees the running standings" in shown
    trail = panel(server, event, "audit")
    assert "Session reopened" in trail and "a late correction" in trail
    assert "Results published" in trail


def test_the_print_page_links_every_printable_page(server: Server, event: str) -> None:
    html = shell(server, event, "print")
    for kind in ("master-sheet", "guide-cards", "table-cards", "pair-slips", "travellers"):
        for paper in ("a4", "letter"):
            assert f'data-testid="print-{kind}-{paper}"' in html
    assert f"/print/events/{event}/standings?session=1&amp;section=A&amp;paper=letter" in html


def test_the_desk_speaks_japanese(server: Server, event: str) -> None:
    html = shell(server, event, "results", "ja")
    assert '<html lang="ja">' in html
    assert "成績を記録" in html and "順位を試算" in html and "ディクレアラー" in html
    trail = panel(server, event, "audit", "ja")
    assert "大会作成" in trail and "ラウンド開始" in trail
    assert "締め切る" in panel(server, event, "release", "ja")
