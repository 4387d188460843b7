"""Word lists mined from a treebank (``lambre_core/mined.py``): what counts as a fixed
expression, a determiner standing alone and a transitive verb, read from a treebank file on
disk; and the lists the packs ship are what the script mines from the shared treebanks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lambre_core import mined
from lambre_core.conllu_io import read_conllu, read_conllu_string
from lambre_core.doc import Sentence
from lambre_core.splits import shared_dir, split_sentences

REPO = Path(__file__).resolve().parents[1]


def _block(rows: list[tuple[str, str, str, int, str]]) -> str:
    text = " ".join(r[0] for r in rows)
    lines = [f"# text = {text}"]
    for i, (form, lemma, upos, head, rel) in enumerate(rows, 1):
        lines.append(f"{i}\t{form}\t{lemma}\t{upos}\t_\t_\t{head}\t{rel}\t_\t_")
    return "\n".join(lines) + "\n\n"


# "то есть" joined twice and free once: a fixed expression (2 of 3); "в том" joined once and
# free twice: not one
JOINED = [("То", "то", "SCONJ", 3, "mark"), ("есть", "быть", "AUX", 1, "fixed"),
          ("пришёл", "прийти", "VERB", 0, "root")]
FREE_TO_EST = [("То", "то", "PRON", 2, "nsubj"), ("есть", "быть", "VERB", 0, "root")]
V_TOM = [("В", "в", "ADP", 4, "case"), ("том", "тот", "DET", 1, "fixed"),
         ("и", "и", "CCONJ", 4, "cc"), ("дело", "дело", "NOUN", 0, "root")]
FREE_V_TOM = [("В", "в", "ADP", 3, "case"), ("том", "тот", "DET", 3, "det"),
              ("доме", "дом", "NOUN", 0, "root")]
# "всем" alone as an object three times and once as a determiner; "этим" as a determiner
# three times and alone once
ALONE = [("Желаю", "желать", "VERB", 0, "root"), ("всем", "весь", "DET", 1, "iobj"),
         ("счастья", "счастье", "NOUN", 1, "obj")]
ATTRIBUTE = [("Всем", "весь", "DET", 2, "det"), ("людям", "человек", "NOUN", 3, "iobj"),
             ("помогли", "помочь", "VERB", 0, "root"), ("этим", "этот", "DET", 5, "det"),
             ("способом", "способ", "NOUN", 3, "obl")]


@pytest.fixture()
def treebank(tmp_path: Path) -> list[Sentence]:
    path = tmp_path / "tiny.conllu"
    blocks = [JOINED, JOINED, FREE_TO_EST, V_TOM, FREE_V_TOM, FREE_V_TOM, ALONE, ALONE, ALONE,
              ATTRIBUTE, ATTRIBUTE, ATTRIBUTE, [("этим", "этот", "PRON", 0, "root")]]
    path.write_text("".join(_block(b) for b in blocks), encoding="utf-8")
    return read_conllu(path)


def test_a_sequence_is_fixed_where_the_treebank_joins_it_as_often_as_not(treebank: list[Sentence]) -> None:
    found = {e.words: (e.count, e.seen) for e in mined.mine_fixed(treebank)}
    assert found == {"то есть": (2, 3)}


def test_a_determiner_stands_alone_where_it_is_an_argument_as_often_as_not(treebank: list[Sentence]) -> None:
    found = {e.words: (e.count, e.seen) for e in mined.mine_standalone(treebank)}
    assert found == {"всем": (3, 6)}  # "этим" is alone once only


def test_a_verb_is_transitive_where_it_has_objects(treebank: list[Sentence]) -> None:
    found = {e.words: (e.count, e.seen) for e in mined.mine_transitive(treebank)}
    assert found == {"желать": (3, 3)}  # "помочь" has an indirect object only


def test_words_inside_a_fixed_expression_are_found_in_any_case() -> None:
    words = "То есть вы выбрали самовывоз , то есть .".split()
    sent = read_conllu_string(_block([(w, w, "X", 0, "root") for w in words]))[0]
    assert {w.id for w in sent.words if mined.in_fixed(sent, w.id, "ru")} == {1, 2, 7, 8}
    assert not any(mined.in_fixed(sent, w.id, "xx") for w in sent.words)  # a language with no lists


@pytest.mark.parametrize("lang", ["ru", "cs", "el", "tr", "uk", "de"])
def test_the_shipped_lists_are_what_the_treebank_gives(lang: str) -> None:
    split = json.loads((REPO / "models" / lang / "split.json").read_text(encoding="utf-8"))
    if not all((shared_dir() / "treebanks" / "ud" / lang / s["file"]).is_file()
               for s in split["sources"]):
        pytest.skip(f"the {lang} treebank is not in ../shared")
    train = split_sentences(lang, "train")
    assert len(train) == split["counts"]["train"]
    for name, mine in ((mined.FIXED, mined.mine_fixed), (mined.STANDALONE, mined.mine_standalone),
                       (mined.TRANSITIVE, mined.mine_transitive)):
        file = mined.path(lang, name)
        shipped = file.read_text(encoding="utf-8").splitlines()[2:] if file.is_file() else []
        assert shipped == [f"{e.words}\t{e.count}\t{e.seen}" for e in mine(train)], (lang, name)
