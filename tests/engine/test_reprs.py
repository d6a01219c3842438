"""The primitives' reprs read back as the same value (python-chess style: ``Move.from_uci``)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine.bridge import Contract, Doubling, Strain
from engine.scoring import Award, AwardKind
from engine.seating import Line, Pair

contracts = st.one_of(
    st.just(Contract.passed_out()),
    st.builds(
        Contract,
        st.integers(1, 7),
        st.sampled_from(list(Strain)),
        st.sampled_from(list(Doubling)),
    ),
)
pairs = st.builds(Pair, st.integers(1, 99), st.sampled_from([None, *Line]))
awards = st.one_of(
    st.sampled_from([Award(k) for k in AwardKind if k is not AwardKind.PERCENT]),
    st.builds(Award, st.just(AwardKind.PERCENT), st.integers(0, 100)),
)


@given(contracts)
def test_a_contract_repr_reads_back(contract: Contract) -> None:
    assert eval(repr(contract)) == contract
    assert repr(Contract.parse("4SX")) == "Contract.parse('4SX')"


@given(pairs)
def test_a_pair_repr_reads_back(pair: Pair) -> None:
    assert eval(repr(pair)) == pair


@given(awards)
def test_an_award_repr_reads_back(award: Award) -> None:
    assert eval(repr(award)) == award
