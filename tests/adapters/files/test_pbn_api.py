"""PBN and hand records over HTTP: the same commands as the CLI's, all or nothing."""

from __future__ import annotations

import httpx

from tests.adapters.files.test_pbn_quirks import DEAL_1, ONE_GAME_PER_TABLE
from tests.adapters.http.api_kit import Server, server

__all__ = ["server"]

SESSION = "/api/events/{event}/sessions/1"


def send(server: Server, path: str, text: str, **params: str | int) -> httpx.Response:
    answer: httpx.Response = server.client.post(
        path,
        content=text,
        params=params,
        headers={**server.as_director(), "Content-Type": "text/plain"},
    )
    return answer


def test_a_results_file_brings_its_deals_and_its_numbering(server: Server) -> None:
    event = server.post("/api/events", {"name": "Online"})["id"]
    session = SESSION.format(event=event)
    answer = send(server, session + "/sections/A/import", ONE_GAME_PER_TABLE, format="pbn")
    # The pairs 1 to 6 never sit both ways: the numbering is given.
    assert answer.status_code in (409, 422), answer.text
    answer = send(
        server, session + "/sections/A/import", ONE_GAME_PER_TABLE, format="pbn", numbering="howell"
    )
    assert answer.json() == {"recorded": True, "rows": 3, "deals": [1]}, answer.text
    shown = server.get(session + "/deals")
    assert [(d["board"], d["pbn"]) for d in shown["deals"]] == [(1, DEAL_1)]
    assert server.get(session + "/sections/A/boards/1")["deal"]["pbn"] == DEAL_1


def test_deals_are_imported_generated_and_the_session_exported(server: Server) -> None:
    event = server.post("/api/events", {"name": "Club night"})["id"]
    session = SESSION.format(event=event)
    before = server.written()
    bad = send(server, session + "/deals", '[Board "1"]\n[Deal "N:AKQ - - -"]\n')
    assert bad.status_code == 422 and server.written() == before
    good = send(server, session + "/deals", f'[Board "1"]\n[Deal "{DEAL_1}"]\n', source="h.pbn")
    assert good.json() == {"recorded": True, "boards": [1]}
    dealt = server.post(session + "/deals/generate", {"seed": 9, "boards": [2, 3]})
    assert dealt == {"recorded": True, "boards": [2, 3], "seed": 9}
    assert [d["board"] for d in server.get(session + "/deals")["deals"]] == [1, 2, 3]
    exported = server.client.get(session + "/export/pbn", headers=server.as_director())
    assert exported.status_code == 200
    assert exported.text.startswith("% PBN 2.1") and f'[Deal "{DEAL_1}"]' in exported.text
