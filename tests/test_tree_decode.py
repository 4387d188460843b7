"""The parser's tree search: the shortcut for a best-head tree gives Stanza's tree."""

from __future__ import annotations

import numpy as np
from stanza.models.common.chuliu_edmonds import chuliu_edmonds_one_root

from lambre_core.parse import _acyclic, one_root_tree


def _log_softmax(x: np.ndarray) -> np.ndarray:
    x = x - x.max(axis=1, keepdims=True)
    return x - np.log(np.exp(x).sum(axis=1, keepdims=True))


def test_same_tree_as_stanza_on_random_scores() -> None:
    rng = np.random.default_rng(7)
    shortcut = 0
    for trial in range(200):
        n = int(rng.integers(2, 30))
        raw = rng.normal(size=(n, n)) * (1 + trial % 5)
        if trial % 2:
            # a peaked matrix, as a trained parser gives: each word's best head makes a tree
            heads = [0, 0] + [int(rng.integers(1, d)) for d in range(2, n)]
            for d in range(1, n):
                raw[d, heads[d]] += 12.0
        scores = _log_softmax(raw).astype(np.float32)
        ours = one_root_tree(scores)
        theirs = chuliu_edmonds_one_root(scores)
        assert list(ours) == list(theirs), (trial, n)
        assert int(np.count_nonzero(ours[1:] == 0)) == 1 and _acyclic(ours)
        best = np.array(scores, dtype=np.float64)
        np.fill_diagonal(best, -np.inf)
        best[0] = -np.inf
        best[0, 0] = 0
        shortcut += int(list(best.argmax(axis=1)) == list(ours))
    # both branches ran: the shortcut and the full search
    assert 50 < shortcut < 200


def test_acyclic() -> None:
    assert _acyclic(np.array([0, 0, 1, 2]))
    assert not _acyclic(np.array([0, 2, 3, 1]))
    assert not _acyclic(np.array([0, 0, 3, 2]))
