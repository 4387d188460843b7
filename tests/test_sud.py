from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from lambre_core.conllu_io import read_conllu, read_conllu_string
from lambre_core.sud import relation_matches, to_sud

REPO = Path(__file__).resolve().parents[1]


def test_figure7_aux_becomes_head_and_subject_rises(data_dir: Path) -> None:
    s1 = read_conllu(data_dir / "figure1.conllu")[0]
    sud = to_sud(s1)
    arcs = {w.form: (sud.word(w.head).form if w.head else "ROOT", w.deprel) for w in sud.words}
    assert arcs == {
        "Ich": ("werde", "subj"),
        "werde": ("ROOT", "root"),
        "lange": ("Bücher", "mod"),
        "Bücher": ("lesen", "comp:obj"),
        "lesen": ("werde", "comp:aux"),
    }
    # words, features and offsets do not change
    assert [(w.form, w.feats, w.start) for w in sud.words] == [(w.form, w.feats, w.start) for w in s1.words]
    assert s1.word(1).head == 5  # the input is not modified


def test_case_copula_mark_stack_and_rename() -> None:
    ud = read_conllu_string(
        "# text = dass er im Haus war\n"
        "1\tdass\tdass\tSCONJ\t_\t_\t4\tmark\t_\t_\n"
        "2\ter\ter\tPRON\t_\tCase=Nom\t4\tnsubj\t_\t_\n"
        "3\tim\tin\tADP\t_\t_\t4\tcase\t_\t_\n"
        "4\tHaus\tHaus\tNOUN\t_\tCase=Dat\t0\troot\t_\t_\n"
        "5\twar\tsein\tAUX\t_\t_\t4\tcop\t_\t_\n\n"
    )[0]
    sud = to_sud(ud)
    got = {w.form: (sud.word(w.head).form if w.head else "ROOT", w.deprel) for w in sud.words}
    assert got == {
        "dass": ("ROOT", "root"),        # mark outermost
        "war": ("dass", "comp:obj"),     # copula under the conjunction
        "im": ("war", "comp:pred"),      # case under the copula
        "Haus": ("im", "comp:obj"),      # the content word at the bottom
        "er": ("war", "subj"),           # the subject rises to the copula
    }


def test_coordination_is_chained() -> None:
    ud = read_conllu_string(
        "1\tA\ta\tNOUN\t_\t_\t0\troot\t_\t_\n"
        "2\tB\tb\tNOUN\t_\t_\t1\tconj\t_\t_\n"
        "3\tund\tund\tCCONJ\t_\t_\t4\tcc\t_\t_\n"
        "4\tC\tc\tNOUN\t_\t_\t1\tconj\t_\t_\n\n"
    )[0]
    sud = to_sud(ud)
    assert [w.head for w in sud.words] == [0, 1, 4, 2]


def test_relation_matching_covers_deep_extensions() -> None:
    assert relation_matches("subj", "subj@pass")
    assert relation_matches("subj", "subj")
    assert not relation_matches("subj@pass", "subj")
    assert not relation_matches("comp:obj", "comp:obl")
    assert relation_matches("*", "comp:obl")


def test_french_agreement_with_official_conversion(shared: Path) -> None:
    out = subprocess.run([sys.executable, str(REPO / "bench" / "sud_agreement.py")],
                         capture_output=True, text=True, check=True).stdout
    values = {line.split(":")[0]: float(line.split(":")[1].strip(" %"))
              for line in out.splitlines() if line.startswith("same ")}
    assert values["same head"] >= 95.0
    assert values["same head + base label"] >= 92.0


def test_cli_convert_keeps_sentence_ids(data_dir: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "lambre_core.cli", "convert", "--to", "sud", str(data_dir / "figure1.conllu")],
        capture_output=True, text=True, check=True,
    ).stdout
    sents = read_conllu_string(out)
    assert [s.sent_id for s in sents] == ["S.1", "S.2"]
    assert sents[0].word(1).deprel == "subj" and sents[0].word(1).head == 2


def test_sud_input_is_left_as_it_is(data_dir: Path) -> None:
    s1 = read_conllu(data_dir / "figure1.conllu")[0]
    sud = to_sud(s1)
    again = to_sud(sud)
    assert [(w.head, w.deprel) for w in again.words] == [(w.head, w.deprel) for w in sud.words]
