"""Hand records: deals read, dealt from a seed, recorded per session, and analysed."""

from __future__ import annotations

from uuid import UUID

import pytest

from engine import deals, errors
from engine.application import Traveller
from engine.deals import Deal, generate, parse_deal
from engine.section import ResultEntry

#: Each side holds the four top cards of two suits: North the spades, South the
#: diamonds, West the hearts, East the clubs, and every suit splits 7–6 between the sides.
DEAL_1 = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def test_a_deal_reads_from_any_first_seat_and_writes_from_north() -> None:
    from_west = "W:432.AKQJ.T98.765 AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98"
    assert parse_deal(from_west) == parse_deal(DEAL_1)
    assert parse_deal(from_west).pbn() == DEAL_1
    assert parse_deal(DEAL_1.lower().replace("t", "10")).pbn() == DEAL_1
    assert parse_deal(DEAL_1).to_json()["hands"]["W"] == {
        "S": "432",
        "H": "AKQJ",
        "D": "T98",
        "C": "765",
    }


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("AKQJ.T98.765.432 T98.765.432.AKQJ", "deal.text"),
        ("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98", "deal.text"),
        ("N:AKQJ.T98.765 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765", "deal.hand"),
        ("N:AKQJ.T98.765.43X T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765", "deal.hand"),
        ("N:AKQJ.T98.765.432 AKQJ.765.432.T98 765.432.AKQJ.T98 432.AKQJ.T98.765", "deal.cards"),
        ("N:AKQJT.T98.765.432 98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765", "deal.cards"),
    ],
)
def test_a_deal_that_is_not_52_cards_dealt_once_is_refused(text: str, code: str) -> None:
    with pytest.raises(errors.InvalidInput) as refused:
        parse_deal(text)
    assert refused.value.code == code


def test_the_same_seed_deals_the_same_cards_and_each_board_its_own() -> None:
    first = generate(range(1, 25), seed=2026)
    assert generate([5, 3], seed=2026) == {5: first[5], 3: first[3]}
    assert len({d.pbn() for d in first.values()}) == 24
    assert generate([1], seed=2027)[1] != first[1]
    for deal in first.values():
        cards = [c for hand in deal.hands for suit in hand for c in suit]
        assert len(cards) == 52 and all(len("".join(h)) == 13 for h in deal.hands)
        assert parse_deal(deal.pbn()) == deal


# ---- the record ------------------------------------------------------------------------------


def test_deals_are_recorded_for_a_session_and_recorded_again_only_when_replaced(
    app: Traveller,
) -> None:
    event = app.create_event("Club night")
    one = {1: parse_deal(DEAL_1)}
    assert app.record_deals(event, one, source="night.pbn") == [1]
    assert app.record_deals(event, one, source="night.pbn") == []  # nothing new
    assert app.session_deals(event) == one
    other = {1: generate([1], seed=1)[1]}
    before = app.position()
    with pytest.raises(errors.Rejected) as refused:
        app.record_deals(event, other, source="other.pbn")
    assert refused.value.code == "deal.recorded" and app.position() == before
    assert app.record_deals(event, other, source="other.pbn", replace=True) == [1]
    assert app.session_deals(event) == other
    recorded = app.events_of(event)[-1]
    assert recorded.type == "DealsRecorded"
    assert recorded.model_dump()["source"] == "other.pbn"


def test_a_dry_run_checks_and_writes_nothing(app: Traveller) -> None:
    event = app.create_event("Club night")
    before = app.position()
    assert app.record_deals(event, {2: parse_deal(DEAL_1)}, source="f", dry_run=True) == [2]
    assert app.position() == before and app.session_deals(event) == {}
    with pytest.raises(errors.NotFound):
        app.record_deals(event, {2: parse_deal(DEAL_1)}, session=2, source="f")


def test_generated_deals_keep_their_seed_and_cover_the_movements_boards(
    app: Traveller, howell: UUID
) -> None:
    boards = app.generate_deals(howell, seed=7)
    assert boards == list(app.section(howell).movement.boards)  # type: ignore[union-attr]
    assert app.session_deals(howell) == generate(boards, seed=7)
    recorded = app.events_of(howell)[-1].model_dump()
    assert (recorded["seed"], recorded["source"]) == (7, "generated")
    assert app.generate_deals(howell, seed=7) == []  # the same seed deals the same again
    with pytest.raises(errors.Rejected):
        app.generate_deals(howell, seed=8)


def test_generating_with_no_movement_needs_the_boards(app: Traveller) -> None:
    event = app.create_event("Club night")
    with pytest.raises(errors.InvalidInput) as refused:
        app.generate_deals(event, seed=1)
    assert refused.value.code == "deal.no_boards"
    assert app.generate_deals(event, seed=1, boards=[3, 1, 2]) == [1, 2, 3]


# ---- on the traveller and the score card ------------------------------------------------------


def test_the_traveller_and_the_score_card_show_the_deal_with_its_analysis(
    app: Traveller, howell: UUID
) -> None:
    app.record_deals(howell, {1: parse_deal(DEAL_1)}, source="night.pbn")
    app.record_result(
        howell, ResultEntry(board=1, ns=12, ew=1, contract="1S", declarer="N", tricks=7)
    )
    shown = app.traveller(howell, 1).to_json()["deal"]
    assert shown["pbn"] == DEAL_1
    card = app.score_card(howell, "12").to_json()
    assert card["deals"]["1"] == shown
    assert app.traveller(howell, 2).to_json()["deal"] is None
    if not deals.analysis_available():
        assert shown["analysis"] is None
        return
    tricks = shown["analysis"]["tricks"]
    # Each side's long suits: 7 tricks for whoever declares them, 5 for the other side.
    assert tricks["S"] == {"N": 7, "E": 5, "S": 7, "W": 5}
    assert tricks["H"] == {"N": 5, "E": 7, "S": 5, "W": 7}
    # Par, by hand: both sides make seven tricks at the one level, and spades outrank
    # every other suit, so North-South buy it in 1S; East-West's 2H would go one down
    # doubled (-100, non vulnerable on board 1), worse for them than -80.
    assert shown["analysis"]["par"] == {"score_ns": 80, "contracts": ["1S N", "1S S"]}


def test_without_endplay_a_deal_is_shown_without_analysis(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import builtins

    real_import = builtins.__import__

    def no_endplay(name: str, *args: object, **kwargs: object) -> object:
        if name.startswith("endplay"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_endplay)
    deals._analyse.cache_clear()
    assert deals.analyse(9, parse_deal(DEAL_1)) is None
    assert not deals.analysis_available()
    deals._analyse.cache_clear()


def test_a_deal_is_a_value() -> None:
    deal = parse_deal(DEAL_1)
    assert (
        isinstance(deal, Deal) and deal == Deal(deal.hands) and hash(deal) == hash(Deal(deal.hands))
    )
