"""Every command and query of the CLI is reachable over HTTP: each command of the running
command tree is named here with the API route that does the same (a new command without
a route fails this test), and the catalog routes answer as the CLI does."""

from __future__ import annotations

from typing import Any

import pytest
import typer.main

from adapters.cli.main import app as cli
from tests.acceptance.cli import Cli
from tests.adapters.http.api_kit import Server, mitchell_event, server

__all__ = ["server"]

E = "/api/events/{event_id}"
S = E + "/sessions/{session}"
SEC = S + "/sections/{section}"

ROUTES: dict[str, tuple[str, str] | str] = {
    "adjust": ("post", SEC + "/adjustments"),
    "assign": ("post", SEC + "/assigned"),
    "audit": ("get", E + "/audit"),
    "board": ("get", SEC + "/boards/{board}"),
    "card": ("get", SEC + "/cards/{contestant}"),
    "convert imps": ("get", "/api/convert/imps"),
    "convert vp": ("get", "/api/convert/vp"),
    "crosstable": ("get", SEC + "/crosstable"),
    "deals generate": ("post", S + "/deals/generate"),
    "deals import": ("post", S + "/deals"),
    "deals show": ("get", S + "/deals"),
    "demo": "a demonstration event written into the local store, not a server's work",
    "diff": ("get", E + "/diff"),
    "director add": "accounts are added at the store (decision 20), never over the network",
    "director list": "accounts are listed at the store (decision 20)",
    "director password": "a password is set at the store (decision 20)",
    "director revoke": ("delete", "/api/tokens/{token_id}"),
    "director token": ("post", "/api/tokens"),
    "entry add": ("post", E + "/entries"),
    "entry list": ("get", E),
    "entry member": ("post", E + "/entries/{entry}/member"),
    "entry rename": ("post", E + "/entries/{entry}/rename"),
    "entry substitute": ("post", E + "/entries/{entry}/substitute"),
    "entry swap": ("post", E + "/seats/swap"),
    "entry withdraw": ("post", E + "/entries/{entry}/withdraw"),
    "event create": ("post", "/api/events"),
    "event conventions": ("put", E + "/conventions"),
    "event directors": ("put", E + "/directors"),
    "event list": ("get", "/api/events"),
    "event rounds": ("put", E + "/rounds-enforced"),
    "event table-entry": ("put", E + "/table-entry"),
    "event zone": ("put", E + "/zone"),
    "export events": ("get", E + "/export"),
    "export pbn": ("get", S + "/export/pbn"),
    "export usebio": ("get", S + "/export/usebio"),
    "fouled": ("post", SEC + "/fouled"),
    "import events": ("post", "/api/import/events"),
    "import pbn": ("post", SEC + "/import"),
    "import usebio": ("post", SEC + "/import/usebio"),
    "import travellers": ("post", SEC + "/import"),
    "keys create": "a signing key is made and kept on the signer's own machine, never a server's",
    "keys list": "the keys are those of the signer's own machine",
    "keys show": "the keys are those of the signer's own machine",
    "knockout": ("get", E + "/knockout"),
    "masterpoints": ("post", S + "/masterpoints"),
    "match result": ("post", E + "/swiss/rounds/{round}/matches"),
    "movement advise": ("get", "/api/advice"),
    "movement assign": ("post", SEC + "/movement"),
    "movement cards": ("get", SEC + "/movement"),
    "movement check": ("post", "/api/movements/check"),
    "movement list": ("get", "/api/movements"),
    "movement placement": ("get", SEC + "/movement"),
    "movement show": ("get", "/api/movements/{family}"),
    "movement slips": ("get", SEC + "/movement"),
    "pairing list": ("get", "/api/pairing-methods"),
    "ranking contestants": ("put", E + "/contestants"),
    "ranking flights": ("put", E + "/flights"),
    "ranking sections": ("put", E + "/section-ranking"),
    "renumber": ("post", E + "/renumber"),
    "replay": ("get", S + "/standings"),
    "rescore": ("post", S + "/rescore"),
    "result add": ("post", SEC + "/results"),
    "result correct": ("post", SEC + "/results/correct"),
    "round end": ("post", SEC + "/rounds/{round}/end"),
    "round start": ("post", SEC + "/rounds/{round}/start"),
    "scoring conventions": ("get", "/api/conventions"),
    "scoring list": ("get", "/api/scoring-methods"),
    "seating": ("get", SEC + "/rounds/{round}/seating"),
    "serve": "starts the server itself",
    "session add": ("post", E + "/sessions"),
    "session close": ("post", S + "/close"),
    "session publish": ("post", S + "/publish"),
    "session reopen": ("post", S + "/reopen"),
    "session seat": ("post", S + "/seat"),
    "stage carry-over": ("post", E + "/stages/{stage}/carry-over"),
    "stage define": ("put", E + "/stages/{stage}"),
    "stage list": ("get", E + "/stages"),
    "stage rules": ("get", "/api/carry-over-rules"),
    "standings": ("get", S + "/standings"),
    "store migrate": "copies a whole store between two databases: run where both are reachable",
    "swiss diff": ("get", E + "/diff"),
    "swiss draw": ("post", E + "/swiss/draw"),
    "swiss redraw": ("post", E + "/swiss/rounds/{round}/redraw"),
    "swiss show": ("get", E + "/swiss/rounds/{round}/draw"),
    "swiss standings": ("get", E + "/swiss/standings"),
    "swiss start": ("post", E + "/swiss"),
    "totals": ("get", E + "/totals"),
    "verify": ("get", E + "/verify"),
    "what-if": ("post", E + "/what-if"),
}
"""CLI command → its API route (method, path), or why a server has none."""


def cli_commands() -> list[str]:
    found: list[str] = []

    def walk(command: Any, path: list[str]) -> None:
        if hasattr(command, "commands"):
            for name, sub in command.commands.items():
                walk(sub, [*path, name])
        else:
            found.append(" ".join(path))

    walk(typer.main.get_command(cli), [])
    return sorted(found)


def test_every_command_of_the_cli_has_its_route(server: Server) -> None:
    paths = server.client.get("/openapi.json").json()["paths"]
    assert set(cli_commands()) == set(ROUTES), "name each new command's route in ROUTES"
    for command, route in ROUTES.items():
        if isinstance(route, str):
            continue
        method, path = route
        assert method in paths.get(path, {}), f"{command}: no {method.upper()} {path}"


@pytest.mark.parametrize(
    ("path", "listed"),
    [
        ("/api/movements", "mitchell"),
        ("/api/scoring-methods", "matchpoints"),
        ("/api/pairing-methods", "jcbl-seeded"),
        ("/api/carry-over-rules", "jcbl"),
    ],
)
def test_what_the_plugins_offer_is_listed_with_options(
    server: Server, path: str, listed: str
) -> None:
    plugins = server.get(path)
    names = {p["name"] for p in plugins}
    assert listed in names, names
    assert all(set(p) == {"name", "aliases", "version", "description", "options"} for p in plugins)


def test_a_movement_is_shown_and_checked_without_assigning_it(server: Server) -> None:
    before = server.written()
    movement = server.get("/api/movements/mitchell", params={"tables": 7})
    assert movement["tables"] == 7 and movement["family"] == "mitchell"
    report = server.client.post("/api/movements/check", json=movement).json()
    assert report["ok"] is True and report["problems"] == []
    movement["schedule"][1]["boards"] = movement["schedule"][0]["boards"]  # board set twice
    broken = server.client.post("/api/movements/check", json=movement).json()
    assert broken["ok"] is False and broken["problems"]
    bad = server.client.get("/api/movements/mitchell", params={"tables": 7, "option": "rounds"})
    assert bad.status_code == 422 and "KEY=VALUE" in bad.json()["hint"]
    assert server.written() == before


def test_the_imp_and_vp_tables(server: Server) -> None:
    assert server.get("/api/convert/imps", params={"difference": -620})["imps"] == -12
    vp = server.get("/api/convert/vp", params={"boards": 8, "imps": 7, "scale": "20-0"})
    assert vp["scale"] and float(vp["winner"]) > float(vp["loser"])


def test_a_session_is_rescored_in_every_section_and_the_stages_listed(server: Server) -> None:
    event = mitchell_event(server)
    answer = server.post(
        f"/api/events/{event}/sessions/1/rescore",
        {"scoring": "cross-imps", "reason": "the conditions say cross-IMPs"},
    )
    assert answer["rescored"] == ["A"]
    again = server.post(
        f"/api/events/{event}/sessions/1/rescore",
        {"scoring": "cross-imps", "reason": "twice"},
    )
    assert again["rescored"] == []
    assert server.get(f"/api/events/{event}/stages") == []


@pytest.mark.parametrize(
    ("command", "route"),
    [
        (("movement", "list"), "/api/movements"),
        (("scoring", "list"), "/api/scoring-methods"),
        (("pairing", "list"), "/api/pairing-methods"),
        (("stage", "rules"), "/api/carry-over-rules"),
    ],
)
def test_the_cli_and_the_api_list_the_plugins_in_one_shape(
    server: Server, command: tuple[str, ...], route: str
) -> None:
    assert Cli().run(*command) == server.get(route)
