"""Deal sets: parsing like solitaire.deal_ranges, interval arithmetic, laziness."""
import numpy as np
import pytest
from hypothesis import given, strategies as st

from solitaire.deal_ranges import parse_deal_range
from solitaire.deals import DealError
from solitaire.studies.deal_set import DealSet


def test_parse_merges_and_sorts():
    s = DealSet.parse("20-25, 1-10,15,9-12")
    assert s.intervals() == [(1, 12), (15, 15), (20, 25)]
    assert len(s) == 12 + 1 + 6
    assert s.text() == "1-12,15,20-25"


@pytest.mark.parametrize("text", ["", "a-b", "5-3", "0-4", "1-", "3,,4"])
def test_parse_refuses_what_the_shared_parser_refuses(text):
    with pytest.raises(DealError):
        DealSet.parse(text)
    with pytest.raises(DealError):
        parse_deal_range(text)


def test_too_large_for_int64_store():
    with pytest.raises(DealError, match="too large"):
        DealSet.parse(f"1-{2**63}")


def test_huge_range_is_lazy():
    s = DealSet.parse("1-1000000000000")
    assert len(s) == 10**12
    assert s.intervals() == [(1, 10**12)]
    it = iter(s)
    assert [next(it) for _ in range(3)] == [1, 2, 3]


@given(st.lists(st.tuples(st.integers(1, 300), st.integers(0, 20)), max_size=12),
       st.lists(st.tuples(st.integers(1, 300), st.integers(0, 20)), max_size=12))
def test_set_algebra_matches_python_sets(a_parts, b_parts):
    a = DealSet((lo, lo + w) for lo, w in a_parts)
    b = DealSet((lo, lo + w) for lo, w in b_parts)
    pa = {n for lo, w in a_parts for n in range(lo, lo + w + 1)}
    pb = {n for lo, w in b_parts for n in range(lo, lo + w + 1)}
    assert list(a) == sorted(pa)
    assert list(a.minus(b)) == sorted(pa - pb)
    assert list(a.union(b)) == sorted(pa | pb)
    assert len(a) == len(pa)
    probe = np.arange(0, 330)
    assert list(a.mask(probe)) == [int(n) in pa for n in probe]
    assert all((n in a) == (n in pa) for n in range(0, 330))
    # intervals are disjoint and not touching (canonical)
    iv = a.intervals()
    assert all(iv[i][1] + 1 < iv[i + 1][0] for i in range(len(iv) - 1))


def test_parse_agrees_with_shared_parser_as_a_set():
    text = "3,1-2,3,10-14,12"
    assert list(DealSet.parse(text)) == sorted(set(parse_deal_range(text)))


def test_add_numbers_compresses_runs():
    s = DealSet()
    s.add_sorted_numbers([5, 3, 4, 9, 10, 4, 100])
    assert s.intervals() == [(3, 5), (9, 10), (100, 100)]
