"""The public pages, for events played with the application: a pairs Mitchell, a team
round robin and a Swiss; every page in Japanese and English, linked from the list of
events, well-formed, and hidden until the director releases the results."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from urllib.parse import urlsplit
from uuid import UUID

import pytest
from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.testclient import TestClient

from adapters.http.i18n import from_accept_language
from adapters.http.pages import STATIC_DIR, router
from engine.application import Traveller
from engine.testing import memory_app, play_movement
from engine.tournament.events import Player, ScoringChoice
from tests.adapters.http.api_kit import serve

TEAM_IMPS = ScoringChoice(method="team-imps", options={"vp_scale": "wbf2013"})
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}  # fmt: skip


class WellFormed(HTMLParser):
    """Every element closed, in order (void elements aside); the links on the page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.problems: list[str] = []
        self.links: list[str] = []
        self.text: list[str] = []
        self.html_lang: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "html":
            self.html_lang = dict(attrs).get("lang")
        if tag == "a":
            href = dict(attrs).get("href")
            if href:
                self.links.append(href)
        if tag not in VOID:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if not self.open or self.open[-1] != tag:
            self.problems.append(f"</{tag}> closes <{self.open[-1] if self.open else None}>")
            return
        self.open.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parsed(html: str) -> WellFormed:
    """The page parsed, failing the test if it is not well-formed."""
    page = WellFormed()
    page.feed(html)
    page.close()
    assert not page.problems, page.problems
    assert not page.open, f"never closed: {page.open}"
    return page


def text_of(html: str) -> str:
    return " ".join("".join(parsed(html).text).split())


@dataclass(frozen=True)
class Events:
    app: Traveller
    pairs: UUID
    """A Mitchell of 8 pairs, played and published."""
    teams: UUID
    """A round robin of 4 teams in VPs, played and published."""
    swiss: UUID
    """A Swiss of 7 teams: round 1 played and published, round 2 drawn."""
    running: UUID
    """A Mitchell with its first round played, not released."""


def pairs_event(app: Traveller, name: str) -> UUID:
    event = app.create_event(name)
    for i in range(1, 9):
        app.register_entry(event, [Player(name=f"山田 {i}"), Player(name=f"Smith {i}")])
    app.assign_movement(event, "mitchell", tables=4)
    return event


def teams_event(app: Traveller, name: str, teams: int) -> UUID:
    event = app.create_event(name, scoring=TEAM_IMPS)
    for t in range(1, teams + 1):
        app.register_entry(
            event, [Player(name=f"T{t} {seat}") for seat in "NSEW"], name=f"チーム{t}"
        )
    return event


def played_events() -> Events:
    app = memory_app()
    pairs = pairs_event(app, "火曜ペア戦")
    play_movement(app, pairs)
    app.close_session(pairs)
    app.publish(pairs)
    teams = teams_event(app, "Teams league", 4)
    app.assign_movement(teams, "round-robin", options={"boards_per_round": 2})
    play_movement(app, teams)
    app.close_session(teams)
    app.publish(teams)
    swiss = teams_event(app, "Swiss teams", 7)
    app.start_swiss(swiss, rounds=3, boards_per_round=2)
    app.draw_round(swiss)
    play_movement(app, swiss, session=1)
    app.close_session(swiss, 1)
    app.publish(swiss, 1)
    app.draw_round(swiss)
    running = pairs_event(app, "Running pairs")
    play_movement(app, running, rounds=1)
    return Events(app, pairs, teams, swiss, running)


def pages_app(traveller: Traveller) -> FastAPI:
    """The pages as the server mounts them (``adapters.http.app.create_app``), alone."""
    app = FastAPI()
    app.state.traveller = traveller
    app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    return app


@pytest.fixture(scope="module")
def events() -> Events:
    return played_events()


@pytest.fixture
def client(events: Events) -> Iterator[TestClient]:
    with TestClient(pages_app(events.app)) as c:
        yield c


def get(client: TestClient, url: str, lang: str) -> str:
    response = client.get(url, headers={"accept-language": lang})
    assert response.status_code == 200, (url, response.text)
    assert response.headers["content-language"] == lang
    html: str = response.text
    assert parsed(html).html_lang == lang
    return html


def crawl(client: TestClient, lang: str) -> dict[str, str]:
    """Every page reachable from the list of events, by its address (the language
    switch's links left out)."""
    seen: dict[str, str] = {}
    todo = ["/"]
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        html = seen[url] = get(client, url, lang)
        for link in parsed(html).links:
            if "lang=" in link or urlsplit(link).netloc:
                continue
            todo.append(link.replace("&amp;", "&"))
    return seen


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_page_linked_from_the_list_of_events_renders(client: TestClient, lang: str) -> None:
    pages = crawl(client, lang)
    kinds = {re.sub(r"[0-9a-f-]{36}", "ID", urlsplit(u).path).rstrip("0123456789") for u in pages}
    assert kinds >= {
        "/",
        "/events/ID",
        "/events/ID/boards/",
        "/events/ID/cards/NS",
        "/events/ID/cards/EW",
        "/events/ID/cards/",
        "/events/ID/crosstable",
        "/events/ID/swiss/",
    }


def test_the_list_of_events_names_them_as_entered(client: TestClient, events: Events) -> None:
    for lang, heading in (("ja", "大会一覧"), ("en", "Events")):
        text = text_of(get(client, "/", lang))
        assert heading in text
        assert "火曜ペア戦" in text and "Teams league" in text and "Swiss teams" in text


def test_pairs_standings_show_pairs_percentages_and_the_top(
    client: TestClient, events: Events
) -> None:
    ja = text_of(get(client, f"/events/{events.pairs}", "ja"))
    assert "順位" in ja and "ペア" in ja and "氏名" in ja and "%" in ja and "トップ" in ja
    assert "山田 1 – Smith 1" in ja  # names as entered, in both languages
    en = text_of(get(client, f"/events/{events.pairs}", "en"))
    standings = events.app.standings(events.pairs).to_json()
    assert "Rank" in en and "Pair" in en
    assert f"top {standings['fields'][0]['top']} a board" in en
    assert "山田 1 – Smith 1" in en
    for row in standings["fields"][0]["rows"]:
        assert row["percentage"] in en


def test_a_team_event_speaks_of_teams_and_vps(client: TestClient, events: Events) -> None:
    for lang in ("ja", "en"):
        html = get(client, f"/events/{events.teams}", lang)
        heads = " ".join(re.findall(r"<th[^>]*>([^<]*)</th>", html))
        assert "VP" in heads
        assert "%" not in heads and "Pair" not in heads and "ペア" not in heads
        assert "top" not in text_of(html) and "トップ" not in text_of(html)
        assert ("チーム" if lang == "ja" else "Team") in heads
        board = get(client, f"/events/{events.teams}/boards/1", lang)
        assert "IMP NS" in board and "MP NS" not in board.replace("IMP NS", "")
        assert "トップ" not in text_of(board) and "Top" not in text_of(board)


def test_the_crosstable_is_the_applications(client: TestClient, events: Events) -> None:
    html = get(client, f"/events/{events.teams}/crosstable", "ja")
    text = text_of(html)
    assert "対戦表" in text and "VP" in text
    table = events.app.cross_table(events.teams).to_json()
    for row in table["rows"]:
        assert row["total"] in text
        for cell in row["against"]:
            for points in cell:
                assert points in text


def test_a_traveller_lists_every_table_with_links_to_the_score_cards(
    client: TestClient, events: Events
) -> None:
    html = get(client, f"/events/{events.pairs}/boards/1", "ja")
    text = text_of(html)
    assert "トラベラー" in text and "ボード 1" in text and "ディーラー" in text
    data = events.app.traveller(events.pairs, 1).to_json()
    assert len(data["results"]) > 1
    for line in data["results"]:
        assert f"/cards/NS{line['ns']}?" in html and f"/cards/EW{line['ew']}?" in html
        assert f"{line['score_ns']:+d}" in text


def test_a_score_card_lists_every_board_the_pair_played(client: TestClient, events: Events) -> None:
    html = get(client, f"/events/{events.pairs}/cards/NS1", "en")
    card = events.app.score_card(events.pairs, "NS1").to_json()
    assert card["boards"]
    for line in card["boards"]:
        assert f'/boards/{line["board"]}?session=1&amp;section=A">{line["board"]}</a>' in html
        assert line["points"] in html
    text = text_of(html)
    assert "Score card — pair NS1" in text and card["points"] in text
    ja = text_of(get(client, f"/events/{events.teams}/cards/2", "ja"))
    assert "スコアカード — チーム 2" in ja


def test_the_swiss_standings_give_each_rounds_opponents_and_vps(
    client: TestClient, events: Events
) -> None:
    text = text_of(get(client, f"/events/{events.swiss}", "ja"))
    assert "第1ラウンド終了時の順位(VP)" in text
    for line in events.app.swiss_standings(events.swiss, 1):
        (first,) = line.rounds
        assert f"対 {'/'.join(map(str, first.opponents))}" in text
    # Round 2 is drawn but not yet published: its results are not shown.
    assert "R2" not in text


def test_a_swiss_draw_shows_the_tables_the_closed_rooms_and_the_triangle(
    client: TestClient, events: Events
) -> None:
    draw = events.app.swiss_draw(events.swiss, 2)
    assert draw.triangle is not None  # 7 teams
    html = get(client, f"/events/{events.swiss}/swiss/2", "ja")
    text = text_of(html)
    assert "第2ラウンドの組合せ" in text and "クローズドルームのテーブル" in text
    assert "トライアングル" in text
    for m in draw.matches:
        assert re.search(rf'<td class="num">{m.table}</td>\s*<td>{m.home} ', html)
    en = text_of(get(client, f"/events/{events.swiss}/swiss/2", "en"))
    assert "Triangle" in en and "Closed room table" in en


def test_running_results_are_hidden_until_released(client: TestClient, events: Events) -> None:
    app, event = events.app, events.running
    pages = [
        f"/events/{event}",
        f"/events/{event}/boards/1",
        f"/events/{event}/cards/NS1",
    ]
    for url in pages:
        for lang, notice in (("ja", "公開前"), ("en", "Not released yet")):
            html = get(client, url, lang)
            text = text_of(html)
            assert notice in text
            assert "山田 1" not in text and "+" not in re.sub(r"<[^>]*>", "", html)
            # The notice listens for the release.
            assert f'data-live="/events/{event}/live"' in html
    app.choose_public_view(event, True)
    try:
        for url in pages:
            text = text_of(get(client, url, "ja"))
            assert "公開前" not in text and "山田 1" in text
    finally:
        app.choose_public_view(event, False)
    assert "公開前" in text_of(get(client, f"/events/{event}", "ja"))


def test_a_fragment_is_the_pages_content_alone(client: TestClient, events: Events) -> None:
    response = client.get(f"/events/{events.pairs}?fragment=1&lang=en")
    assert response.status_code == 200
    assert "<html" not in response.text and "<main" not in response.text
    assert "Standings" in response.text
    parsed(response.text)
    assert response.headers["cache-control"] == "no-store"


def test_the_language_switch_is_remembered(client: TestClient, events: Events) -> None:
    first = client.get("/", headers={"accept-language": "en-GB,en;q=0.9"})
    assert first.headers["content-language"] == "en"
    assert 'href="/?lang=ja"' in first.text
    switched = client.get("/?lang=ja", headers={"accept-language": "en"})
    assert switched.headers["content-language"] == "ja"
    assert "lang=ja" in switched.headers["set-cookie"]
    again = client.get(f"/events/{events.pairs}", headers={"accept-language": "en"})
    assert again.headers["content-language"] == "ja"


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("ja-JP,ja;q=0.9,en;q=0.8", "ja"),
        ("en-US,en;q=0.9,ja;q=0.8", "en"),
        ("fr-FR,fr;q=0.9,en;q=0.5,ja;q=0.7", "ja"),
        ("de", None),
        ("", None),
        ("en;q=0, ja", "ja"),
    ],
)
def test_the_browsers_language_is_the_first_spoken(header: str, language: str | None) -> None:
    assert from_accept_language(header) == language


def test_a_reader_with_no_language_we_speak_reads_japanese(client: TestClient) -> None:
    response = client.get("/", headers={"accept-language": "de-DE"})
    assert response.headers["content-language"] == "ja"


@pytest.mark.parametrize(
    "url",
    [
        "/events/00000000-0000-0000-0000-000000000000",
        "/events/{pairs}/boards/99",
        "/events/{pairs}?session=7",
        "/events/{swiss}/swiss/9",
        "/events/{pairs}/cards/NS99",
        "/events/{pairs}/cards/xx",
        "/events/{pairs}?session=0",
        "/events/{pairs}/crosstable",
    ],
)
def test_what_does_not_exist_is_a_page_that_says_so(
    client: TestClient, events: Events, url: str
) -> None:
    address = url.format(pairs=events.pairs, swiss=events.swiss)
    response = client.get(address, headers={"accept-language": "ja"})
    assert response.status_code in (404, 409, 422), response.text
    text = text_of(response.text)
    assert "見つかりません" in text or "このページは表示できません" in text


def test_the_stylesheet_has_a_phone_and_a_print_layout(client: TestClient) -> None:
    css = client.get("/static/style.css")
    assert css.status_code == 200
    assert "@media print" in css.text and "@media (max-width" in css.text
    assert client.get("/static/live.js").status_code == 200


def test_the_server_serves_the_pages_and_their_files(events: Events) -> None:
    from adapters.http.app import create_app

    with TestClient(create_app(events.app)) as client:
        assert "火曜ペア戦" in get(client, "/", "ja")
        assert client.get("/static/style.css").status_code == 200


def test_a_page_that_cannot_be_shown_says_why_in_the_readers_language(
    client: TestClient, events: Events
) -> None:
    address = f"/events/{events.swiss}/swiss/9"
    japanese = client.get(address, headers={"accept-language": "ja"})
    english = client.get(address, headers={"accept-language": "en"})
    assert japanese.status_code == english.status_code == 404
    assert "Round 9 has not been drawn" in text_of(english.text)
    assert "第9ラウンド" in text_of(japanese.text) and "drawn" not in japanese.text


def test_a_table_page_of_no_event_is_a_page_that_says_so() -> None:
    server = serve(memory_app())
    opened = {"accept-language": "en", "accept": "text/html,application/xhtml+xml"}
    answer = server.client.get("/table/0000dead", headers=opened)
    assert answer.status_code == 404
    assert answer.headers["content-type"].startswith("text/html")
    assert "0000dead" in text_of(answer.text) and "Not found" in text_of(answer.text)
