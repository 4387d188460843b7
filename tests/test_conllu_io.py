from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lambre_core.conllu_io import read_conllu, read_conllu_string, to_conllu, tree_error
from lambre_core.doc import Sentence, Word
from lambre_core.errors import ConlluError

MWT = """# sent_id = m1
# text = Ich gehe zum Markt.
1\tIch\tich\tPRON\t_\tCase=Nom|Number=Sing|Person=1\t2\tnsubj\t_\t_
2\tgehe\tgehen\tVERB\t_\tNumber=Sing|Person=1\t0\troot\t_\t_
3-4\tzum\t_\t_\t_\t_\t_\t_\t_\t_
3\tzu\tzu\tADP\t_\t_\t5\tcase\t_\t_
4\tdem\tder\tDET\t_\tCase=Dat\t5\tdet\t_\t_
5\tMarkt\tMarkt\tNOUN\t_\tCase=Dat\t2\tobl\t_\tSpaceAfter=No
6\t.\t.\tPUNCT\t_\t_\t2\tpunct\t_\t_

"""


def test_multiword_tokens_and_offsets_survive_a_round_trip() -> None:
    [sent] = read_conllu_string(MWT)
    assert [(m.first, m.last, m.form) for m in sent.multiword] == [(3, 4, "zum")]
    # offsets recovered from "# text": both words of "zum" get the token's span
    assert (sent.word(3).start, sent.word(3).end) == (9, 12)
    assert (sent.word(4).start, sent.word(4).end) == (9, 12)
    assert sent.text[sent.word(5).start : sent.word(5).end] == "Markt"
    [again] = read_conllu_string(to_conllu([sent]))
    assert [w.form for w in again.words] == [w.form for w in sent.words]
    assert again.multiword[0].form == "zum"
    assert again.sent_id == "m1"


def test_a_sentence_over_a_line_break_writes_one_text_line() -> None:
    # running text split into sentences: one sentence ran over the end of a line
    [sent] = read_conllu_string(MWT)
    sent.metadata["text"] = "Ich gehe\nzum Markt."
    written = to_conllu([sent])
    assert "# text = Ich gehe zum Markt." in written.splitlines()
    [again] = read_conllu_string(written)
    assert [w.form for w in again.words] == [w.form for w in sent.words]


def test_offsets_from_misc_win_over_alignment() -> None:
    text = MWT.replace("1\tIch\tich\tPRON\t_\tCase=Nom|Number=Sing|Person=1\t2\tnsubj\t_\t_",
                       "1\tIch\tich\tPRON\t_\tCase=Nom|Number=Sing|Person=1\t2\tnsubj\t_\tstart_char=100|end_char=103")
    [sent] = read_conllu_string(text)
    assert (sent.word(1).start, sent.word(1).end) == (100, 103)
    token_range = MWT.replace("6\t.\t.\tPUNCT\t_\t_\t2\tpunct\t_\t_", "6\t.\t.\tPUNCT\t_\t_\t2\tpunct\t_\tTokenRange=40:41")
    [sent] = read_conllu_string(token_range)
    assert (sent.word(6).start, sent.word(6).end) == (40, 41)


@pytest.mark.parametrize(
    ("bad", "line", "message"),
    [
        ("1\tIch\tich\tPRON\n", 1, "10 tab-separated fields"),
        ("1\tIch\tich\tPRON\t_\t_\tx\tnsubj\t_\t_\n", 1, "HEAD"),
        ("1\tIch\tich\tPRON\t_\t_\t0\troot\t_\t_\n3\tdu\tdu\tPRON\t_\t_\t1\tdep\t_\t_\n", 2, "out of sequence"),
    ],
)
def test_malformed_lines_are_reported_with_file_and_line(tmp_path: Path, bad: str, line: int,
                                                         message: str) -> None:
    f = tmp_path / "bad.conllu"
    f.write_text("# sent_id = x\n" + bad, encoding="utf-8")
    with pytest.raises(ConlluError) as info:
        read_conllu(f)
    assert info.value.file == str(f)
    assert info.value.line == line + 1
    assert message in str(info.value)
    assert str(info.value).startswith(f"{f}:{line + 1}:")


def test_empty_and_binary_files_are_errors(tmp_path: Path) -> None:
    empty = tmp_path / "empty.conllu"
    empty.write_text("\n\n", encoding="utf-8")
    with pytest.raises(ConlluError, match="empty file"):
        read_conllu(empty)
    binary = tmp_path / "bin.conllu"
    binary.write_bytes(b"\x00\x01\x02garbage")
    with pytest.raises(ConlluError, match="NUL"):
        read_conllu(binary)
    latin = tmp_path / "latin.conllu"
    latin.write_bytes("1\tM\xe4rz".encode("latin-1"))
    with pytest.raises(ConlluError, match="UTF-8"):
        read_conllu(latin)


def test_tree_errors_name_the_problem() -> None:
    cycle = "1\ta\ta\tX\t_\t_\t2\tdep\t_\t_\n2\tb\tb\tX\t_\t_\t1\tdep\t_\t_\n3\tc\tc\tX\t_\t_\t0\troot\t_\t_\n\n"
    [sent] = read_conllu_string(cycle)
    err = tree_error(sent)
    assert err is not None and "cycle" in err.message
    missing = "1\ta\ta\tX\t_\t_\t_\tdep\t_\t_\n2\tb\tb\tX\t_\t_\t0\troot\t_\t_\n\n"
    [sent] = read_conllu_string(missing)
    err = tree_error(sent)
    assert err is not None and "no head" in err.message
    [ok] = read_conllu_string(MWT)
    assert tree_error(ok) is None


def test_reads_every_shared_treebank(shared: Path) -> None:
    for path in sorted((shared / "treebanks" / "ud").glob("*/*.conllu"))[:3]:
        sentences = read_conllu(path)
        assert sentences and all(tree_error(s) is None for s in sentences)
        assert all(w.start is not None for s in sentences for w in s.words)


def test_words_with_the_same_features_own_their_feature_dicts() -> None:
    # FEATS strings are parsed once and copied: changing one word's features changes no other
    # word's, in this sentence or in a sentence read later
    text = MWT  # words 4 ("dem") and 5 ("Markt") both have "Case=Dat"
    [first] = read_conllu_string(text)
    dem, markt = first.word(4), first.word(5)
    assert dem.feats == markt.feats == {"Case": "Dat"} and dem.feats is not markt.feats
    dem.feats["Case"] = "Acc"
    assert markt.feats == {"Case": "Dat"}
    [second] = read_conllu_string(text)
    assert second.word(4).feats == {"Case": "Dat"} and second.word(5).feats == {"Case": "Dat"}


def test_offsets_aligned_with_and_without_multiword_tokens() -> None:
    plain = """# text = Er  sah es.
1\tEr\ter\tPRON\t_\t_\t2\tnsubj\t_\t_
2\tsah\tsehen\tVERB\t_\t_\t0\troot\t_\t_
3\tes\tes\tPRON\t_\t_\t2\tobj\t_\tSpaceAfter=No
4\t.\t.\tPUNCT\t_\t_\t2\tpunct\t_\t_

"""
    [s] = read_conllu_string(plain)
    assert [(w.start, w.end) for w in s.words] == [(0, 2), (4, 7), (8, 10), (10, 11)]
    [bad] = read_conllu_string(plain.replace("# text = Er  sah es.", "# text = Er sah das."))
    # the forms stop matching the text at "es": the words before it keep their offsets
    assert [(w.start, w.end) for w in bad.words] == [(0, 2), (3, 6), (None, None), (None, None)]


def _is_tree_by_walking(heads: list[int]) -> bool:
    """The definition: heads in range, none its own, and from every word the walk up reaches
    the root within n steps."""
    n = len(heads)
    if not all(0 <= h <= n and h != i for i, h in enumerate(heads, start=1)) or 0 not in heads:
        return False
    for i in range(1, n + 1):
        j, steps = i, 0
        while j and steps <= n:
            j, steps = heads[j - 1], steps + 1
        if j:
            return False
    return True


@given(st.lists(st.integers(min_value=-1, max_value=9), min_size=1, max_size=9))
def test_tree_error_agrees_with_the_definition(heads: list[int]) -> None:
    assert (tree_error(_sentence(heads)) is None) == _is_tree_by_walking(heads)


def _sentence(heads: list[int]) -> Sentence:
    words = [Word(i, "x", "x", "X", "_", {}, h, "dep", "_", {}, None, None)
             for i, h in enumerate(heads, start=1)]
    return Sentence(words, [], {}, "t.conllu", 1)


@given(st.lists(st.integers(min_value=0, max_value=8), min_size=1, max_size=9), st.randoms())
def test_every_tree_passes(attach: list[int], rnd: Any) -> None:
    # a random tree: word k (in a shuffled order) hangs on one of the words placed before it
    n = len(attach)
    order = list(range(1, n + 1))
    rnd.shuffle(order)
    heads = [0] * n
    for k, w in enumerate(order[1:], start=1):
        heads[w - 1] = order[attach[k] % k]
    assert tree_error(_sentence(heads)) is None
