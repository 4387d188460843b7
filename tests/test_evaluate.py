"""Parser evaluation arithmetic (Figure 4) on real treebank sentences."""

from __future__ import annotations

from dataclasses import replace

from lambre_core.conllu_io import read_conllu_string
from lambre_core.evaluate import compare

GOLD = """# sent_id = 1
1\tDie\tder\tDET\t_\tCase=Nom|Number=Plur\t2\tdet\t_\t_
2\tKinder\tKind\tNOUN\t_\tCase=Nom|Number=Plur\t3\tnsubj\t_\tNoise=Case:Acc>Nom
3\tspielen\tspielen\tVERB\t_\tNumber=Plur|VerbForm=Fin\t0\troot\t_\t_
4\tdraußen\tdraußen\tADV\t_\t_\t3\tadvmod\t_\t_

"""


def test_identical_parse_scores_100() -> None:
    gold = read_conllu_string(GOLD)
    res = compare(gold, read_conllu_string(GOLD))
    a = res["all"].as_dict()
    assert a["words"] == 4 and a["LAS"] == a["UFeats"] == a["UPOS"] == 100.0
    assert res["altered"].n == 1


def test_errors_counted_per_metric_and_feature() -> None:
    gold = read_conllu_string(GOLD)
    pred = read_conllu_string(GOLD)
    w = pred[0].words
    w[1] = replace(w[1], feats={"Case": "Acc", "Number": "Plur"}, deprel="nsubj:pass")
    w[3] = replace(w[3], head=2, feats={"Case": "Nom"})
    res = compare(gold, pred)
    a = res["all"].as_dict()
    assert a["UFeats"] == 50.0 and a["UAS"] == 75.0
    assert a["LAS"] == 75.0  # nsubj:pass vs nsubj: same universal relation
    feats = a["features"]
    assert isinstance(feats, dict)
    assert feats["Case"] == round(100 * 1 / 3, 2)  # 3 words carry Case in gold or prediction
    assert "Person" not in feats  # no word carries it: left out rather than scored 0
    alt = res["altered"].as_dict()
    assert alt["words"] == 1 and alt["UFeats"] == 0.0 and alt["LAS"] == 100.0
