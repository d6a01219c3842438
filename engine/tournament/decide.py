"""What a tournament's commands record: pure functions of its state and the command.

Each function takes the current state and what the director asked, makes every check
(:mod:`engine.tournament.checks`) and returns the new events, numbered on from the
state's version; it never reads or writes a store. What a plugin decided (standings, a
carry-over) is worked out by the caller and passed in: the events remember it.
Commands that record on a tournament and its sections together are in
:mod:`engine.section.decide`.

One concept: every decision a tournament's commands make, each a short function over the
state (as :mod:`engine.section.decide` is for a section's).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any, Literal
from uuid import UUID

from engine.errors import N_, Fix, InvalidInput, Phrase, Rejected
from engine.events import Changes, DomainEvent
from engine.pairing.field import Draw
from engine.signing import Signature
from engine.tournament.checks import (
    ENTRY_WORDS,
    TEAM_SIZES,
    check_can_close,
    check_can_reopen,
    check_closed,
    check_flights,
    check_sessions,
    check_stage,
    event_option,
    find_entry,
    player_place,
    require_reason,
    require_text,
    swiss_of,
)
from engine.tournament.events import (
    AwardedField,
    CarriedScore,
    CarryOverRecorded,
    ContestantKind,
    ContestantsChosen,
    DrawMade,
    DrawWithdrawn,
    EntryWithdrawn,
    EventCreated,
    FlightsAssigned,
    MasterpointRuleChosen,
    MasterpointsAwarded,
    MatchScored,
    MemberNumberChanged,
    MissingResult,
    PlayerRenamed,
    ResultsPublished,
    RoundsEnforcementChosen,
    ScoringChoice,
    SectionRanking,
    SectionRankingChosen,
    SessionClosed,
    SessionReopened,
    StageDefined,
    SwissStarted,
    TimeZoneChosen,
)
from engine.tournament.state import Entry, Tournament, project_tournament
from engine.zones import zone_name


def create_event(
    event_id: UUID,
    name: str,
    *,
    date: dt.date | None,
    club: str | None,
    scoring: ScoringChoice,
    enforce_rounds: bool = False,
    zone: str | None = None,
    actor: str,
) -> list[DomainEvent]:
    """A new event (its first session is added by :func:`engine.section.decide.add_session`);
    with ``enforce_rounds``, one that refuses results for rounds not yet started; with
    ``zone``, the time zone its times are shown and read in."""
    require_text(name, N_("The event needs a name."), "name")
    chosen_zone = None if zone is None else zone_name(zone)
    changes = Changes(actor)
    created = changes.start(
        event_id, EventCreated, name=name.strip(), date=date, club=club, scoring=scoring
    )
    tournament = project_tournament(None, [created])
    assert tournament is not None
    if enforce_rounds:
        changes.add(tournament, RoundsEnforcementChosen, enforced=True)
    if chosen_zone is not None:
        changes.add(tournament, TimeZoneChosen, zone=chosen_zone)
    return changes.events


def choose_zone(tournament: Tournament, zone: str, *, actor: str) -> list[DomainEvent]:
    """The time zone the event's times are shown and read in (nothing if it is the one
    already chosen). Times are recorded in UTC: only how they are shown changes."""
    chosen = zone_name(zone)
    if tournament.zone == chosen:
        return []
    changes = Changes(actor)
    changes.add(tournament, TimeZoneChosen, zone=chosen)
    return changes.events


def choose_rounds_enforcement(
    tournament: Tournament, enforced: bool, *, actor: str
) -> list[DomainEvent]:
    """Refuse results for rounds not yet started, or accept them in any order (nothing
    if the event already does)."""
    changes = Changes(actor)
    if tournament.rounds_enforced != enforced:
        changes.add(tournament, RoundsEnforcementChosen, enforced=enforced)
    return changes.events


def withdraw_entry(
    tournament: Tournament, entry: str, *, reason: str, actor: str
) -> list[DomainEvent]:
    require_reason(reason, N_("withdrawing an entry"))
    if find_entry(tournament, entry).withdrawn:
        raise Rejected(
            N_("Entry %(entry)s has already withdrawn."), code="entry.withdrawn", entry=entry
        )
    changes = Changes(actor)
    changes.add(tournament, EntryWithdrawn, entry=entry, reason=reason)
    return changes.events


def rename_player(
    tournament: Tournament, entry: str, player: str, name: str, *, reason: str | None, actor: str
) -> list[DomainEvent]:
    """A player's name put right (``player``: their place in the entry, or their name);
    standings, travellers and totals show the new name from then on."""
    found = find_entry(tournament, entry)
    place = player_place(found, player)
    require_text(name, N_("Give the player's name as it should be written."), "name")
    cleaned = " ".join(name.split())
    if found.players[place - 1].name == cleaned:
        raise Rejected(
            N_("Player %(place)s of entry %(entry)s is already named %(name)s."),
            code="player.same_name",
            place=place,
            entry=entry,
            name=repr(cleaned),
        )
    changes = Changes(actor)
    changes.add(tournament, PlayerRenamed, entry=entry, player=place, name=cleaned, reason=reason)
    return changes.events


def change_member(
    tournament: Tournament,
    entry: str,
    player: str,
    member: str | None,
    *,
    reason: str | None,
    actor: str,
) -> list[DomainEvent]:
    """A player's member number put right (None or blank: the player has none)."""
    found = find_entry(tournament, entry)
    place = player_place(found, player)
    number = None if member is None or not member.strip() else member.strip()
    if found.players[place - 1].member == number:
        raise Rejected(
            N_("Player %(place)s of entry %(entry)s already has no member number.")
            if number is None
            else N_("Player %(place)s of entry %(entry)s already has member number %(number)s."),
            code="player.same_member",
            place=place,
            entry=entry,
            number=number,
        )
    changes = Changes(actor)
    changes.add(
        tournament, MemberNumberChanged, entry=entry, player=place, member=number, reason=reason
    )
    return changes.events


def close_session(
    tournament: Tournament,
    session: int,
    *,
    missing: Sequence[MissingResult] = (),
    reason: str | None = None,
    actor: str,
) -> list[DomainEvent]:
    """A session closed to new results. ``missing`` (the caller finds them, see
    :func:`engine.section.checks.missing_results`) are the tables still without a result:
    closing all the same needs a reason, and the event keeps both."""
    check_can_close(tournament, session, missing, reason)
    changes = Changes(actor)
    changes.add(
        tournament,
        SessionClosed,
        session=session,
        missing=tuple(missing),
        reason=reason.strip() if reason and reason.strip() else None,
    )
    return changes.events


def reopen_session(
    tournament: Tournament, session: int, *, reason: str | None, actor: str
) -> list[DomainEvent]:
    """A closed session opened again for new results, for a reason."""
    check_can_reopen(tournament, session, reason)
    changes = Changes(actor)
    changes.add(tournament, SessionReopened, session=session, reason=reason)
    return changes.events


def publish(
    tournament: Tournament,
    session: int,
    *,
    method: str,
    method_version: str,
    digest: str,
    standings: dict[str, Any],
    signature: Signature | None = None,
    actor: str,
) -> list[DomainEvent]:
    """The standings of a closed session, as the scoring method (at its version) gave them
    (with the club's signature over them and the chain head, when signed)."""
    check_closed(tournament, session)
    changes = Changes(actor)
    changes.add(
        tournament,
        ResultsPublished,
        session=session,
        method=method,
        method_version=method_version,
        digest=digest,
        standings=standings,
        signature=signature,
    )
    return changes.events


# ---- ranking and stages -----------------------------------------------------------------


def choose_section_ranking(
    tournament: Tournament, ranking: SectionRanking, *, session: int | None, actor: str
) -> list[DomainEvent]:
    if session is not None:
        check_sessions(tournament, [session])
    changes = Changes(actor)
    changes.add(tournament, SectionRankingChosen, ranking=ranking, session=session)
    return changes.events


def assign_flights(
    tournament: Tournament, flights: Mapping[str, str], *, actor: str
) -> list[DomainEvent]:
    checked = check_flights(tournament, flights)
    changes = Changes(actor)
    changes.add(tournament, FlightsAssigned, flights=checked)
    return changes.events


def choose_contestants(
    tournament: Tournament, contestants: ContestantKind, *, actor: str
) -> list[DomainEvent]:
    changes = Changes(actor)
    changes.add(tournament, ContestantsChosen, contestants=contestants)
    return changes.events


def define_stage(
    tournament: Tournament, stage: str, sessions: Sequence[int], *, actor: str
) -> list[DomainEvent]:
    chosen = check_stage(tournament, stage, sessions)
    changes = Changes(actor)
    changes.add(tournament, StageDefined, stage=stage.strip(), sessions=chosen)
    return changes.events


def record_carry_over(
    tournament: Tournament,
    *,
    stage: str,
    source: str,
    method: str,
    version: str,
    parameters: dict[str, Any],
    carried: tuple[CarriedScore, ...],
    actor: str,
) -> list[DomainEvent]:
    """What the carry-over rule ``method`` (at ``version``) decided, checked when it was
    planned (:func:`engine.carry_over.plan_carry_over`)."""
    changes = Changes(actor)
    changes.add(
        tournament,
        CarryOverRecorded,
        stage=stage,
        source=source,
        method=method,
        version=version,
        parameters=parameters,
        carried=carried,
    )
    return changes.events


# ---- Swiss teams ------------------------------------------------------------------------


def start_swiss(
    tournament: Tournament,
    *,
    rounds: int,
    boards_per_round: int,
    method: str,
    version: str,
    options: Mapping[str, Any],
    vp_scale: str,
    bye_vp: str,
    tie_break: Sequence[str] = (),
    actor: str,
) -> list[DomainEvent]:
    """The event's Swiss conditions: Swiss teams when its entries are teams, Swiss pairs
    when they are pairs; the contestants are numbered in entry order. The method's options
    and the tie-breaks were checked by the caller."""
    if tournament.swiss is not None:
        raise Rejected(
            N_("%(event)s already runs as a Swiss (%(rounds)s rounds)."),
            hint=N_("Its conditions are fixed once the event starts."),
            code="swiss.already",
            event=tournament.name,
            rounds=tournament.swiss.conditions.rounds,
        )
    if rounds < 1 or boards_per_round < 1:
        raise InvalidInput(
            N_(
                "A Swiss needs at least one round of at least one board (got %(rounds)s "
                "rounds of %(boards)s boards)."
            ),
            hint=N_("Give the rounds and the boards per round, 1 or more each."),
            code="swiss.size",
            fix=Fix(None, needs=("rounds", "boards_per_round")),
            rounds=rounds,
            boards=boards_per_round,
        )
    playing = [e for e in tournament.entries.values() if not e.withdrawn]
    kind = swiss_kind(playing)
    entries = [e.id for e in playing]
    if len(entries) < 2:
        raise Rejected(
            N_("A Swiss needs at least two %(kind)s; %(event)s has %(count)s."),
            hint=N_("Register the %(kind)s first."),
            code="swiss.too_few",
            fix=Fix("entry.add", fields={"event": event_option(tournament.id)}, needs=("player",)),
            kind=Phrase(ENTRY_WORDS[kind]),
            event=tournament.name,
            count=len(entries),
        )
    changes = Changes(actor)
    changes.add(
        tournament,
        SwissStarted,
        rounds=rounds,
        boards_per_round=boards_per_round,
        method=method,
        version=version,
        options=dict(options),
        teams={n: e for n, e in enumerate(entries, 1)},
        vp_scale=vp_scale,
        bye_vp=bye_vp,
        kind=kind,
        tie_break=tuple(tie_break),
        entered=tuple(tournament.entries),
    )
    return changes.events


def swiss_kind(entries: Sequence[Entry]) -> Literal["teams", "pairs"]:
    """Swiss teams when every entry is a team of four to six, Swiss pairs when every
    entry is a pair; anything else is refused, naming the entries that do not fit."""
    teams = [e.id for e in entries if len(e.players) in TEAM_SIZES]
    pairs = [e.id for e in entries if len(e.players) == 2]
    kind: Literal["teams", "pairs"] = "pairs" if len(pairs) > len(teams) else "teams"
    wanted = N_("pairs") if kind == "pairs" else N_("teams of four to six players")
    odd = [e.id for e in entries if e.id not in (pairs if kind == "pairs" else teams)]
    if odd:
        raise Rejected(
            N_("A Swiss is played by %(wanted)s; %(entries)s is not.")
            if len(odd) == 1
            else N_("A Swiss is played by %(wanted)s; %(entries)s are not."),
            hint=N_(
                "Give every entry two players (Swiss pairs) or four to six (Swiss teams): "
                "withdraw it and register it again."
            ),
            code="swiss.entries",
            fix=(
                Fix("entry.withdraw", fields={"entry": odd[0]}, needs=("reason",)),
                Fix("entry.add"),
            ),
            wanted=Phrase(wanted),
            entries=", ".join(odd),
        )
    return kind


def make_draw(
    tournament: Tournament, draw: Draw, *, position: int, actor: str
) -> list[DomainEvent]:
    """Record a round's draw as the pairing method made it (checked by the caller against
    the field) and the store position it was drawn from."""
    swiss = swiss_of(tournament)
    expected = max(swiss.draws, default=0) + 1
    if draw.round != expected:
        raise Rejected(
            N_("The next round to draw is round %(expected)s, not %(round)s."),
            code="swiss.draw_order",
            expected=expected,
            round=draw.round,
        )
    changes = Changes(actor)
    changes.add(tournament, DrawMade, draw=draw, position=position)
    return changes.events


def withdraw_draw(
    tournament: Tournament, rnd: int, *, reason: str | None, actor: str
) -> list[DomainEvent]:
    """Take back the draw of round ``rnd`` (the last drawn), with the reason, while none
    of its results is recorded."""
    swiss = swiss_of(tournament)
    require_reason(reason, Phrase(N_("redrawing round %(round)s"), round=rnd))
    last = max(swiss.draws, default=0)
    if rnd != last or rnd not in swiss.draws:
        raise Rejected(
            N_("Only the last round drawn can be redrawn; that is round %(last)s.")
            if last
            else N_("No round has been drawn yet."),
            code="swiss.redraw_last",
            last=last,
        )
    if swiss.scored(rnd):
        raise Rejected(
            N_("Round %(round)s has results recorded; its draw stands."),
            hint=N_("A round may be redrawn only while none of its results is recorded."),
            code="swiss.redraw_scored",
            round=rnd,
        )
    changes = Changes(actor)
    changes.add(tournament, DrawWithdrawn, round=rnd, reason=reason)
    return changes.events


def score_match(
    tournament: Tournament,
    rnd: int,
    home: int,
    away: int,
    *,
    imps: tuple[Decimal, Decimal] | None,
    vp: tuple[Decimal, Decimal] | None,
    reason: str | None,
    actor: str,
) -> list[DomainEvent]:
    """A Swiss match's score card (IMPs or VPs), checked against the round's draw; a
    second card for the same match is a correction and needs a reason."""
    swiss = swiss_of(tournament)
    if (imps is None) == (vp is None):
        raise InvalidInput(
            N_("Give the match's IMPs or its VPs (one of them)."),
            hint=N_("For example IMPs 34:12, or VPs 14.5:5.5."),
            code="match.score",
            fix=(Fix(None, fields={"imps": "34:12"}), Fix(None, fields={"vp": "14.5:5.5"})),
        )
    given = imps if imps is not None else vp
    assert given is not None
    if any(v < 0 for v in given):
        raise InvalidInput(
            N_("IMPs and VPs are not negative (got %(given)s)."),
            code="match.negative",
            given=f"{given[0]}:{given[1]}",
        )
    if swiss.conditions.kind == "pairs":
        raise Rejected(
            N_("Swiss pairs are scored from the boards, not from score cards."),
            hint=N_("Enter the round's results, board by board."),
            code="match.pairs",
            fix=Fix("result.add", fields={"session": rnd}),
        )
    made = swiss.draws.get(rnd)
    if made is None:
        raise Rejected(
            N_("Round %(round)s has not been drawn."),
            hint=N_("Draw it first."),
            code="swiss.not_drawn",
            fix=Fix("swiss.draw"),
            round=rnd,
        )
    triangle = made.draw.triangle
    if made.draw.triangle_continues and triangle is not None and {home, away} <= set(triangle):
        # A triangle over two rounds plays whole matches: each has one card, kept under
        # the round the triangle began.
        rnd -= 1
        made = swiss.draws[rnd]
    pairing = made.draw.pairing_of(home, away)
    if pairing is None:
        raise Rejected(
            N_("Teams %(home)s and %(away)s do not play each other in round %(round)s."),
            hint=N_("See the round's draw."),
            code="match.not_drawn",
            fix=Fix("swiss.show", fields={"round": rnd}),
            home=home,
            away=away,
            round=rnd,
        )
    one_round = swiss.conditions.options.get("odd", "triangle") == "triangle"
    if vp is not None and one_round and triangle is not None and {home, away} <= set(triangle):
        raise InvalidInput(
            N_(
                "Teams %(home)s and %(away)s play in round %(round)s's triangle: each team's "
                "IMPs over the round's boards are converted to VPs (part 3 ch. 4 §3-2 ③ a)."
            ),
            hint=N_("Give the match's IMPs."),
            code="match.triangle_vp",
            fix=Fix(None, needs=("imps",)),
            home=home,
            away=away,
            round=rnd,
        )
    if pairing != (home, away):  # given the other way round: keep the draw's order
        given = (given[1], given[0])
    if (rnd, *pairing) in swiss.scores:
        require_reason(
            reason,
            Phrase(
                N_("correcting the score of round %(round)s, %(home)s v %(away)s"),
                round=rnd,
                home=pairing[0],
                away=pairing[1],
            ),
        )
    text = (str(given[0]), str(given[1]))
    changes = Changes(actor)
    changes.add(
        tournament,
        MatchScored,
        round=rnd,
        home=pairing[0],
        away=pairing[1],
        imps=text if imps is not None else None,
        vp=text if vp is not None else None,
        reason=reason,
    )
    return changes.events


# ---- masterpoints -----------------------------------------------------------------------


def award_masterpoints(
    tournament: Tournament,
    session: int,
    *,
    rule: str,
    version: str,
    options: Mapping[str, Any],
    digest: str,
    fields: tuple[AwardedField, ...],
    reason: str | None,
    actor: str,
) -> list[DomainEvent]:
    """The masterpoints of a closed session as the rule worked them out (the caller asks
    it, :func:`engine.masterpoints.award_fields`), and the event's rule and options when
    they are new. Awarding a session again supersedes the earlier award, for a reason."""
    check_closed(tournament, session)
    earlier = tournament.masterpoints.get(session)
    if earlier is not None:
        require_reason(
            reason,
            Phrase(N_("awarding the masterpoints of session %(session)s again"), session=session),
        )
    changes = Changes(actor)
    chosen = tournament.masterpoint_rule
    if chosen is None or (chosen.rule, chosen.options) != (rule, dict(options)):
        changes.add(tournament, MasterpointRuleChosen, rule=rule, options=dict(options))
    changes.add(
        tournament,
        MasterpointsAwarded,
        session=session,
        rule=rule,
        version=version,
        options=dict(options),
        digest=digest,
        fields=fields,
        supersedes=None if earlier is None else earlier.originator_version,
        reason=reason.strip() if reason and reason.strip() else None,
    )
    return changes.events
