"""The seeded RNG (``core/rng.py``): SplitMix64, determinism, bounds, derived seeds."""

from __future__ import annotations

import copy
import pickle
from collections import Counter

import pytest

from ninetynine.core.rng import Rng, as_rng, derive_seed

MASK = (1 << 64) - 1


def test_splitmix64_reference_values():
    """Vigna's reference splitmix64.c: seed 1234567 gives these first three outputs, and
    seed 0 starts 0xe220a8397b1dcdaf."""
    r = Rng(1234567)
    assert [r.next_u64() for _ in range(3)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
    ]
    assert Rng(0).next_u64() == 0xE220A8397B1DCDAF


def test_same_seed_same_stream_and_different_seeds_differ():
    a, b, c = Rng(42), Rng(42), Rng(43)
    xs = [a.next_u64() for _ in range(20)]
    assert xs == [b.next_u64() for _ in range(20)]
    assert xs != [c.next_u64() for _ in range(20)]


def test_seeds_are_taken_modulo_2_64():
    assert Rng(-1).getstate() == MASK
    assert Rng(1 << 64).getstate() == 0
    assert Rng(5 + (1 << 64)).next_u64() == Rng(5).next_u64()


def test_unseeded_rngs_differ():
    assert Rng().getstate() != Rng().getstate()


@pytest.mark.parametrize("n", [1, 2, 3, 7, 10, 110, 1 << 40])
def test_randbelow_bounds(n):
    r = Rng(n)
    assert all(0 <= r.randbelow(n) < n for _ in range(300))


@pytest.mark.parametrize("bad", [0, -1, -100])
def test_randbelow_rejects_non_positive_bounds(bad):
    with pytest.raises(ValueError, match="positive"):
        Rng(1).randbelow(bad)


def test_randbelow_is_roughly_uniform():
    r = Rng(2024)
    counts = Counter(r.randbelow(10) for _ in range(20_000))
    assert set(counts) == set(range(10))
    # expected 2000 each, standard deviation about 42
    assert all(1800 < k < 2200 for k in counts.values()), counts


def test_random_is_in_unit_interval():
    r = Rng(3)
    xs = [r.random() for _ in range(2000)]
    assert all(0.0 <= x < 1.0 for x in xs)
    assert 0.45 < sum(xs) / len(xs) < 0.55


def test_choice_and_shuffle():
    r = Rng(9)
    seq = list(range(50))
    assert all(r.choice(seq) in seq for _ in range(100))
    with pytest.raises(ValueError):
        r.choice([])
    a, b = list(range(50)), list(range(50))
    Rng(11).shuffle(a)
    Rng(11).shuffle(b)
    assert a == b and sorted(a) == list(range(50)) and a != list(range(50))
    one: list[int] = [7]
    Rng(1).shuffle(one)
    assert one == [7]


def test_shuffle_reaches_every_permutation_of_three():
    perms = set()
    for seed in range(200):
        x = [0, 1, 2]
        Rng(seed).shuffle(x)
        perms.add(tuple(x))
    assert len(perms) == 6


def test_getstate_setstate_resume_exactly():
    r = Rng(77)
    r.next_u64()
    saved = r.getstate()
    xs = [r.next_u64() for _ in range(5)]
    r.setstate(saved)
    assert [r.next_u64() for _ in range(5)] == xs


def test_repr_never_shows_the_state():
    """A state's RNG draws its future chance: its repr in a log would let a reader replay the
    deal (issue 19), so the repr names no state; ``getstate()`` is the deliberate door."""
    r = Rng(0xDEADBEEF12345)
    r.next_u64()
    text = repr(r)
    assert str(r.getstate()) not in text and f"{r.getstate():x}" not in text.lower()
    assert "hidden" in text


def test_spawn_is_deterministic_and_independent():
    a, b = Rng(5), Rng(5)
    ca, cb = a.spawn(), b.spawn()
    assert ca.getstate() == cb.getstate()
    assert ca.getstate() != a.getstate()
    ca.next_u64()
    assert a.getstate() == b.getstate()  # drawing from the child leaves the parent alone


def test_derive_seed():
    assert derive_seed(1, 2) == derive_seed(1, 2)
    seeds = {derive_seed(1, i) for i in range(1000)}
    assert len(seeds) == 1000
    assert derive_seed(1, 2, 3) != derive_seed(1, 3, 2)  # order matters
    assert derive_seed(1, 2) != derive_seed(2, 2)
    assert derive_seed(1) != derive_seed(1, 0)
    assert all(0 <= s <= MASK for s in seeds)
    assert derive_seed(1, -1) == derive_seed(1, MASK)  # keys are taken modulo 2**64


def test_as_rng():
    r = Rng(4)
    assert as_rng(r) is r
    assert as_rng(4).getstate() == Rng(4).getstate()
    assert isinstance(as_rng(None), Rng)


def test_shuffle_is_fisher_yates_with_randbelow():
    """``shuffle`` inlines its draws: the same permutation and the same generator state as
    ``j = randbelow(i + 1)`` for ``i`` from the end down to 1 (any length, 0 and 1 too)."""
    for n in (0, 1, 2, 7, 110):
        for seed in range(20):
            a, b = Rng(seed), Rng(seed)
            xs, ys = list(range(n)), list(range(n))
            for i in range(n - 1, 0, -1):
                j = a.randbelow(i + 1)
                xs[i], xs[j] = xs[j], xs[i]
            b.shuffle(ys)
            assert xs == ys and a.getstate() == b.getstate()


def test_redeal_hidden_deals_each_class_from_its_sorted_cards():
    """``core.util.redeal_hidden``: the cards of each class, sorted then shuffled (classes in
    order), fill that class's positions in slot order; with one class it takes a shortcut
    that must deal the same."""
    from ninetynine.core.util import redeal_hidden

    def by_definition(slots, klass, rng):
        out = [list(s) for s in slots]
        for k in sorted({klass[c] for s in slots for c in s}):
            where = [
                (si, j) for si, s in enumerate(slots) for j, c in enumerate(s) if klass[c] == k
            ]
            pool = sorted(slots[si][j] for si, j in where)
            rng.shuffle(pool)
            for (si, j), c in zip(where, pool, strict=True):
                out[si][j] = c
        return out

    src = Rng(9)
    for t in range(300):
        cards = list(range(110))
        src.shuffle(cards)
        cuts = sorted(src.randbelow(40) for _ in range(3))
        slots = [cards[: cuts[0]], cards[cuts[0] : cuts[1]], [], cards[cuts[1] : cuts[2]]]
        classes = 1 + t % 3
        klass = [src.randbelow(classes) for _ in range(110)]
        a, b = Rng(t), Rng(t)
        assert redeal_hidden(slots, klass, a) == by_definition(slots, klass, b)
        assert a.getstate() == b.getstate()


@pytest.mark.parametrize("how", [*range(pickle.HIGHEST_PROTOCOL + 1), "deepcopy", "copy"])
def test_an_rng_copies_exactly_mid_stream(how):
    """Pickled (every protocol) or copied at any point, an Rng draws exactly what the original
    draws from then on; the two are independent."""
    for seed in (0, 1, 7, MASK, 0x9E3779B97F4A7C15):
        r = Rng(seed)
        for _ in range(seed % 5):
            r.next_u64()
        if how == "deepcopy":
            twin = copy.deepcopy(r)
        elif how == "copy":
            twin = copy.copy(r)
        else:
            twin = pickle.loads(pickle.dumps(r, how))
        assert type(twin) is Rng and twin is not r and twin.getstate() == r.getstate()
        assert [twin.next_u64() for _ in range(50)] == [r.next_u64() for _ in range(50)]
        deck = list(range(30))
        twin_deck = deck[:]
        r.shuffle(deck)
        twin.shuffle(twin_deck)
        assert deck == twin_deck
        twin.next_u64()
        assert twin.getstate() != r.getstate()
