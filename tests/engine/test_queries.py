"""The application's queries: each answers as of now and as of a past moment (a change
made later never shows at the earlier moment), and a replay equals the live state."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from uuid import UUID

import pytest

from engine.application import Traveller
from engine.application.moments import At, audit
from engine.errors import InvalidInput, NotFound, PluginError
from engine.scoring import Award
from engine.section import ResultEntry
from engine.section.results import Adjusted, ImportRow
from engine.testing import memory_app, play_movement
from engine.tournament.events import Player, ScoringChoice
from tests.conftest import register_pairs, register_teams


@dataclass(frozen=True)
class Played:
    """A Mitchell played in full, then one result corrected: ``before`` is the moment
    just before the correction."""

    app: Traveller
    event: UUID
    before: At
    board: int
    ns: int
    ew: int
    was: str
    """The contract recorded before the correction."""


@pytest.fixture
def played(app: Traveller, mitchell: UUID) -> Played:
    play_movement(app, mitchell)
    before = At(position=app.position())
    entry = next(t for t in app.section(mitchell).entries() if t.board == 1)
    assert entry.result is not None
    was = entry.result.contract
    app.correct_result(
        mitchell,
        ResultEntry(1, entry.ns.number, entry.ew.number, "7NTX", "S", 6),
        reason="the slip was misread",
    )
    return Played(app, mitchell, before, 1, entry.ns.number, entry.ew.number, str(was))


def test_standings_now_and_before_a_correction(played: Played) -> None:
    app, event = played.app, played.event
    now = app.standings(event)
    then = app.standings(event, at=played.before)
    assert now.to_json() != then.to_json()
    # The same moment by the event's own number and by time.
    number = app.moment(event, played.before).number
    assert app.standings(event, at=At(number=number)).to_json() == then.to_json()
    moment = app.moment(event, played.before).last.event.timestamp
    assert app.standings(event, at=At(time=moment)).to_json() == then.to_json()


def test_a_replay_equals_the_live_state(played: Played) -> None:
    app, event = played.app, played.event
    end = At(position=app.position())
    assert app.standings(event, at=end).to_json() == app.standings(event).to_json()
    assert app.standings(event, at=At()).to_json() == app.standings(event).to_json()
    assert app.totals(event, at=end).to_json() == app.totals(event).to_json()
    assert app.traveller(event, 1, at=end).to_json() == app.traveller(event, 1).to_json()
    card = app.score_card(event, f"NS{played.ns}", at=end)
    assert card.to_json() == app.score_card(event, f"NS{played.ns}").to_json()
    assert app.seating(event, round=2, at=end) == app.seating(event, round=2)
    assert app.missing_results(event, at=end) == app.missing_results(event) == []
    assert app.movement_of(event, at=end) == app.movement_of(event)


def test_totals_now_and_before(played: Played) -> None:
    app, event = played.app, played.event
    assert app.totals(event).to_json() != app.totals(event, at=played.before).to_json()
    assert app.totals(event, sessions=[1], at=played.before).to_json() == (
        app.totals(event, at=played.before).to_json()
    )


def test_the_traveller_now_and_before(played: Played) -> None:
    app, event = played.app, played.event

    def line(at: At | None) -> dict[str, object]:
        data = app.traveller(event, played.board, at=at).to_json()
        return next(r for r in data["results"] if (r["ns"], r["ew"]) == (played.ns, played.ew))

    assert line(None)["contract"] == "7NTX"
    assert line(played.before)["contract"] == played.was
    # ``section`` None is the session's first.
    assert app.traveller(event, 1, section="A").to_json() == app.traveller(event, 1).to_json()


def test_a_score_card_now_and_before(played: Played) -> None:
    app, event = played.app, played.event
    card = app.score_card(event, f"NS{played.ns}")
    movement = app.movement_of(event)
    assert movement is not None
    assert len(card.lines) == movement.rounds * movement.boards_per_round
    assert [line.round for line in card.lines] == sorted(line.round or 0 for line in card.lines)
    assert {line.direction for line in card.lines} == {"NS"}
    assert card.names == (f"A{played.ns} North", f"A{played.ns} South")
    mine = next(line for line in card.lines if line.board == played.board)
    assert (mine.contract, mine.declarer, mine.opponents) == ("7NTX", "S", f"EW{played.ew}")
    assert mine.opponent_names == (f"A{played.ew + 7} North", f"A{played.ew + 7} South")
    then = app.score_card(event, f"NS{played.ns}", at=played.before)
    old = next(line for line in then.lines if line.board == played.board)
    assert old.contract == played.was and old.points != mine.points
    # The card's points are the pair's matchpoints in the standings.
    (field,) = [f for f in app.standings(event).fields if f.name == "NS"]
    row = next(r for r in field.rows if r.pair.number == played.ns)
    assert card.points == Fraction(row.score)
    # East-West see their own score: NS's negated.
    ew = app.score_card(event, f"EW{played.ew}")
    theirs = next(line for line in ew.lines if line.board == played.board)
    assert theirs.direction == "EW" and theirs.score == -(mine.score or 0)
    assert mine.points + theirs.points == mine.top


def test_the_audit_of_what_is_not_a_pair_is_refused_in_words(played: Played) -> None:
    """Found by the command-tree property test: ``audit --pair A`` was a bug report."""
    with pytest.raises(InvalidInput, match="'A' is not a pair number"):
        played.app.audit(played.event, pair="A")
    assert played.app.audit(played.event, pair="NS1")


def test_a_score_card_refuses_what_is_not_a_contestant(played: Played) -> None:
    app, event = played.app, played.event
    with pytest.raises(InvalidInput, match="both NS 3 and EW 3"):
        app.score_card(event, "3")
    with pytest.raises(NotFound, match="no NS99"):
        app.score_card(event, "NS99")
    with pytest.raises(InvalidInput, match="not a pair"):
        app.score_card(event, "north")


def test_a_howell_score_card_shows_both_directions(app: Traveller, howell: UUID) -> None:
    play_movement(app, howell)
    card = app.score_card(howell, "1")
    assert {line.direction for line in card.lines} == {"NS", "EW"}
    assert card.to_json()["boards"][0]["opponents"].isdigit()


def test_the_audit_trail_and_the_diff(played: Played) -> None:
    app, event = played.app, played.event
    assert app.audit(event, board=1) == audit(app, event, board=1)
    assert app.audit(event, board=1)[-1]["type"] == "ResultCorrected"
    with pytest.raises(NotFound):
        app.audit(UUID(int=7))
    rows = app.diff(event, before=played.before)
    assert {played.ns, played.ew} <= {r["pair"] for r in rows}
    assert app.diff(event, before=played.before, after=played.before) == []
    back = app.diff(event, before=At(position=app.position()), after=played.before)
    assert {(r["pair"], r["score_after"]) for r in back} == {
        (r["pair"], r["score_before"]) for r in rows
    }


def test_the_audit_is_filtered_by_actor(played: Played) -> None:
    """By the whole actor, its kind (every table device) or its name; with a board too."""
    app, event = played.app, played.event
    entry = next(t for t in app.section(event).entries() if t.board == 2)
    app.correct_result(
        event,
        ResultEntry(2, entry.ns.number, entry.ew.number, "3NT", "S", 9),
        reason="a slip misread",
        actor="director:suzuki",
    )
    everyone = app.audit(event)
    suzuki = app.audit(event, actor="director:suzuki")
    assert [r["type"] for r in suzuki] == ["ResultCorrected"]
    assert app.audit(event, actor="suzuki") == suzuki
    directors = app.audit(event, actor="director")  # the CLI's unnamed director too
    assert suzuki[0] in directors
    assert app.audit(event, actor="table") == []
    assert app.audit(event, actor="director:suzuki", board=1) == []
    assert app.audit(event, actor="nobody") == []
    assert {r["actor"] for r in everyone} > {"director:suzuki"}


def test_what_if_tries_several_changes_and_writes_nothing(played: Played) -> None:
    app, event = played.app, played.event
    position, now = app.position(), app.standings(event).to_json()
    changes = [
        ImportRow(0, 2, 1, 1, entry=ResultEntry(2, 1, 1, "3NT", "N", 13)),
        ImportRow(
            0, 3, 1, 1, adjusted=Adjusted("A+/A-", ns=Award.parse("A+"), ew=Award.parse("A-"))
        ),
    ]
    tried = app.what_if(event, changes)
    assert app.position() == position and app.standings(event).to_json() == now
    assert tried.before.to_json() == now and tried.diff
    assert tried.to_json()["diff"] == tried.diff
    # The same changes made for real give the standings what-if foretold.
    app.correct_result(event, ResultEntry(2, 1, 1, "3NT", "N", 13), reason="really")
    app.adjust(
        event, board=3, ns=1, ew=1, award_ns=Award.parse("A+"), award_ew=Award.parse("A-"),
        reason="really",
    )  # fmt: skip
    assert app.standings(event).to_json() == tried.after.to_json()
    with pytest.raises(InvalidInput, match="Change 2 of 2"):
        app.what_if(
            event, [changes[0], ImportRow(0, 99, 1, 1, entry=ResultEntry(99, 1, 1, "3NT", "N", 9))]
        )
    with pytest.raises(InvalidInput):
        app.what_if(event, [])


def test_the_movement_seating_and_missing_results_as_they_stood(app: Traveller) -> None:
    event = app.create_event("Friday pairs")
    register_pairs(app, event, 13)  # an odd field: the movement has a phantom
    unassigned = At(position=app.position())
    app.assign_movement(event, "mitchell", options={"boards_per_round": 2})
    assert app.movement_of(event, at=unassigned) is None
    movement = app.movement_of(event)
    assert movement is not None and movement.family == "mitchell"
    with pytest.raises(NotFound, match="no movement yet"):
        app.seating(event, round=1, at=unassigned)
    seated = app.seating(event, round=1)
    assert seated.rounds == movement.rounds and seated.phantom is not None
    first = seated.tables[0]
    assert (first.table, first.ns, first.ew) == (1, "NS1", "EW1")
    assert first.names_ns == ("A1 North", "A1 South") and first.boards == (1, 2)
    assert any(seated.phantom in (t.ns, t.ew) for t in seated.tables)
    phantom_table = next(t for t in seated.tables if seated.phantom in (t.ns, t.ew))
    assert () in (phantom_table.names_ns, phantom_table.names_ew)
    with pytest.raises(InvalidInput, match="no round 99"):
        app.seating(event, round=99)
    # Missing results: every table of round 1 but the phantom's, then none of it.
    missing = app.missing_results(event, round=1)
    assert len(missing) == 2 * (movement.tables - 1)
    assert all(m.round == 1 for m in missing)
    play_movement(app, event, rounds=1)
    assert app.missing_results(event, round=1) == []
    assert app.missing_results(event, round=1, at=unassigned) == []  # no movement then
    assert {m.round for m in app.missing_results(event)} == set(range(2, movement.rounds + 1))
    # A swap of seats shows in the seating from then on, not before.
    before_swap = At(position=app.position())
    other = app.create_event("Swap")
    register_pairs(app, other, 14)
    app.assign_movement(other, "mitchell", options={"boards_per_round": 2})
    unswapped = At(position=app.position())
    app.swap_seats(other, "NS1", "NS2", reason="a late arrival")
    assert app.seating(other, round=1).tables[0].names_ns == ("A2 North", "A2 South")
    assert app.seating(other, round=1, at=unswapped).tables[0].names_ns == ("A1 North", "A1 South")
    with pytest.raises(NotFound):
        app.seating(other, round=1, at=before_swap)  # the event did not exist yet


def team_event(app: Traveller, teams: int, scoring: ScoringChoice) -> UUID:
    event = app.create_event("Teams", scoring=scoring)
    register_teams(app, event, teams)
    app.assign_movement(event, "round-robin", options={"boards_per_round": 2})
    return event


def misread(app: Traveller, event: UUID) -> None:
    """The first table of the first round corrected: 7NTX by South, six down."""
    movement = app.movement_of(event)
    assert movement is not None
    e = movement.round(1)[0]
    ns, ew = movement.cards(e)
    entry = ResultEntry(e.boards[0], ns.number, ew.number, "7NTX", "S", 6)
    app.correct_result(event, entry, reason="misread")


def test_the_cross_table_and_the_knockout_as_they_stood(app: Traveller) -> None:
    league = team_event(app, 4, ScoringChoice(method="team-imps", options={"vp_scale": "wbf2013"}))
    play_movement(app, league)
    before = At(position=app.position())
    misread(app, league)
    now, then = app.cross_table(league), app.cross_table(league, at=before)
    assert now.to_json() != then.to_json()
    assert app.cross_table(league, at=At()).to_json() == now.to_json()
    # A team's card: each board in both rooms, its match's IMPs counted once.
    card = app.score_card(league, "1")
    assert {line.direction for line in card.lines} == {"NS", "EW"}
    assert len(card.lines) == 2 * len({(line.round, line.board) for line in card.lines})
    home = [line.points for line in card.lines if line.direction == "NS"]
    assert card.points == sum(home) and len(home) == len(card.lines) // 2
    assert card.names[0] == "Team 1 North"

    final = team_event(app, 2, ScoringChoice(method="knockout"))
    play_movement(app, final)
    before = At(position=app.position())
    misread(app, final)
    match = app.knockout(final)
    assert match.sessions == (1,) and match.to_json() != app.knockout(final, at=before).to_json()
    assert app.knockout(final, sessions=[1]).to_json() == match.to_json()


def test_swiss_standings_as_they_stood() -> None:
    app = memory_app()
    event = app.create_event(
        "Swiss", scoring=ScoringChoice(method="team-imps", options={"vp_scale": "wbf2013"})
    )
    for t in range(1, 7):
        app.register_entry(event, [Player(name=f"Team {t} {seat}") for seat in "NSEW"])
    app.start_swiss(event, rounds=3, boards_per_round=2)
    draw = app.draw_round(event)
    play_movement(app, event)
    before = At(position=app.position())
    first = draw.matches[0]
    app.score_match(event, 1, first.home, first.away, vp=(Decimal(20), Decimal(0)))
    now = {line.team: line.total for line in app.swiss_standings(event)}
    then = {line.team: line.total for line in app.swiss_standings(event, at=before)}
    assert now[first.home] == 20 and then[first.home] != 20
    assert app.swiss_standings(event, at=At()) == app.swiss_standings(event)
    rows = app.diff(event, before=before)
    assert {r["team"] for r in rows} >= {first.home, first.away}


def test_masterpoint_eligibility_as_it_stood(played: Played) -> None:
    app, event = played.app, played.event
    now = app.eligibility(event, "australian-club", {"session_boards": 2})
    assert len(now) == 14 and all(line.verdict.eligible for line in now)
    seated = next(r["position"] for r in app.audit(event) if r["type"] == "PairsSeated")
    empty = At(number=seated)  # the pairs seated, nothing played yet
    then = app.eligibility(event, "australian-club", {"session_boards": 2}, at=empty)
    assert {line.attendance.boards_played for line in then} == {0}
    with pytest.raises(PluginError, match="awards masterpoints"):
        app.eligibility(event, "jcbl")


def test_a_moment_before_the_event_or_past_its_history_is_refused(played: Played) -> None:
    app, event = played.app, played.event
    with pytest.raises(NotFound):
        app.standings(event, at=At(time=dt.datetime(2000, 1, 1, tzinfo=dt.UTC)))
    with pytest.raises(NotFound, match="no position 100000"):
        app.standings(event, at=At(number=100_000))
    with pytest.raises(NotFound, match="no session 2"):
        app.standings(event, 2, at=played.before)
