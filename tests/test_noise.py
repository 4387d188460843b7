"""Inflection lexicon and morphological noise (§4.1): real treebank text, real PyPI lexicons."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from lambre_core.conllu_io import read_conllu, read_conllu_string
from lambre_core.lexicon import Lexicon, build_lexicon, bundle_of
from lambre_core.noise import noise_corpus, noise_sentence

SAMPLE = """# sent_id = a
# text = Der Hund sieht die Katzen.
1\tDer\tder\tDET\tART\tCase=Nom|Definite=Def|Gender=Masc|Number=Sing|PronType=Art\t2\tdet\t_\t_
2\tHund\tHund\tNOUN\tNN\tCase=Nom|Gender=Masc|Number=Sing\t3\tnsubj\t_\t_
3\tsieht\tsehen\tVERB\tVVFIN\tMood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin\t0\troot\t_\t_
4\tdie\tder\tDET\tART\tCase=Acc|Definite=Def|Gender=Fem|Number=Plur|PronType=Art\t5\tdet\t_\t_
5\tKatzen\tKatze\tNOUN\tNN\tCase=Acc|Gender=Fem|Number=Plur\t3\tobj\t_\tSpaceAfter=No
6\t.\t.\tPUNCT\t$.\t_\t3\tpunct\t_\t_

# sent_id = b
# text = Die Hunde sehen den Hund.
1\tDie\tder\tDET\tART\tCase=Nom|Definite=Def|Gender=Masc|Number=Plur|PronType=Art\t2\tdet\t_\t_
2\tHunde\tHund\tNOUN\tNN\tCase=Nom|Gender=Masc|Number=Plur\t3\tnsubj\t_\t_
3\tsehen\tsehen\tVERB\tVVFIN\tMood=Ind|Number=Plur|Person=3|Tense=Pres|VerbForm=Fin\t0\troot\t_\t_
4\tden\tder\tDET\tART\tCase=Acc|Definite=Def|Gender=Masc|Number=Sing|PronType=Art\t5\tdet\t_\t_
5\tHund\tHund\tNOUN\tNN\tCase=Acc|Gender=Masc|Number=Sing\t3\tobj\t_\tSpaceAfter=No
6\t.\t.\tPUNCT\t$.\t_\t3\tpunct\t_\t_

"""


def _lex(external: bool = False) -> Lexicon:
    lex = Lexicon("de", external=external)
    lex.add_sentences(read_conllu_string(SAMPLE))
    return lex


def test_harvest_indexes_forms_and_bundles() -> None:
    lex = _lex()
    para = lex.paradigm("Hund", "NOUN")
    assert para[bundle_of({"Case": "Nom", "Gender": "Masc", "Number": "Plur"})] == {"Hunde"}
    assert lex.feature_values("Hund", "NOUN", "Case") == {"Nom", "Acc"}
    # sentence-initial capitals do not make a second determiner form
    assert "die" in lex.paradigm("der", "DET")[
        bundle_of({"Case": "Nom", "Gender": "Masc", "Number": "Plur"})]


def test_neighbours_differ_in_exactly_one_feature() -> None:
    lex = _lex()
    feats = {"Case": "Nom", "Gender": "Masc", "Number": "Sing"}
    alts = lex.neighbours("Hund", "NOUN", feats, "Hund", ["Case", "Number"])
    assert ("Hunde", "Number", "Sing", "Plur") in alts
    # Hund Acc Sing has the same form: a syncretic neighbour is no noise
    assert all(form != "Hund" for form, *_ in alts)


def test_noise_changes_one_token_and_keeps_the_tree() -> None:
    sents = read_conllu_string(SAMPLE)
    lex = _lex()
    out = noise_sentence(sents[0], lex, random.Random(3))
    assert out is not None
    changed = [(a, b) for a, b in zip(sents[0].words, out.words, strict=True) if a.form != b.form]
    assert len(changed) == 1
    old, new = changed[0]
    assert (old.lemma, old.upos, old.head, old.deprel) == (new.lemma, new.upos, new.head,
                                                          new.deprel)
    diff = {k for k in set(old.feats) | set(new.feats) if old.feats.get(k) != new.feats.get(k)}
    assert len(diff) == 1
    feat = diff.pop()
    assert new.misc["Noise"].startswith(feat + ":") and new.misc["OrigForm"] == old.form
    assert new.form in lex.paradigm(new.lemma, new.upos)[bundle_of(new.feats)] or \
        new.form.lower() in {f.lower() for f in lex.paradigm(new.lemma, new.upos)[
            bundle_of(new.feats)]}
    assert out.text.split()[old.id - 1].rstrip(".") == new.form
    assert [w.head for w in out.words] == [w.head for w in sents[0].words]


def test_noise_corpus_is_deterministic_and_reports_share() -> None:
    sents = read_conllu_string(SAMPLE)
    a, rep = noise_corpus(sents, _lex(), seed=5)
    b, _ = noise_corpus(sents, _lex(), seed=5)
    assert [s.text for s in a] == [s.text for s in b]
    assert rep.sentences == 2 and rep.noised == len(a) and 0 < rep.share <= 1
    assert sum(rep.by_feature.values()) == rep.noised


def test_unimorph_tsv(tmp_path: Path) -> None:
    tsv = tmp_path / "um.tsv"
    tsv.write_text("Katze\tKatzen\tN;DAT;PL\nKatze\tKatze\tN;NOM;SG\n", encoding="utf-8")
    lex = Lexicon("de", external=False)
    lex.add_unimorph(tsv)
    assert lex.feature_values("Katzen", "NOUN", "Case") == {"Dat"}
    bad = tmp_path / "bad.tsv"
    bad.write_text("only-one-field\n", encoding="utf-8")
    with pytest.raises(Exception, match="bad.tsv:1"):
        lex.add_unimorph(bad)


def test_german_nouns_widen_the_lexicon() -> None:
    pytest.importorskip("german_nouns")
    lex = Lexicon("de")
    assert {"Nom", "Gen", "Acc"} <= lex.feature_values("Bücher", "NOUN", "Case")
    para = lex.paradigm("Buch", "NOUN")
    assert "Büchern" in para[bundle_of({"Case": "Dat", "Gender": "Neut", "Number": "Plur"})]


def test_pymorphy_russian_analyses() -> None:
    pytest.importorskip("pymorphy3")
    lex = Lexicon("ru")
    assert {"Gen", "Nom", "Acc"} <= lex.feature_values("книги", "NOUN", "Case")
    para = lex.paradigm("книга", "NOUN")
    assert any("книге" in forms for forms in para.values())


def test_treebank_noise_share(shared: Path) -> None:
    f = shared / "treebanks" / "ud" / "de" / "de_pud-ud-test.conllu"
    sents = read_conllu(f)[:100]
    lex = build_lexicon("de", [f])
    out, rep = noise_corpus(sents, lex, seed=1)
    assert rep.share > 0.8
    for s in out:
        assert sum("Noise" in w.misc for w in s.words) == 1


def test_cli_noise(tmp_path: Path) -> None:
    src = tmp_path / "in.conllu"
    src.write_text(SAMPLE, encoding="utf-8")
    dst = tmp_path / "out.conllu"
    r = subprocess.run([sys.executable, "-m", "lambre_core.cli", "noise", "--lang", "de",
                        "--no-external", str(src), "-o", str(dst)], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    assert "noised" in r.stderr and "of 2 sentences" in r.stderr
    assert "Noise=" in dst.read_text(encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "lambre_core.cli", "noise", "--lang", "de",
                        str(tmp_path / "missing.conllu"), "-o", str(dst)], capture_output=True,
                       text=True)
    assert r.returncode == 2 and "missing.conllu" in r.stderr and "Traceback" not in r.stderr
