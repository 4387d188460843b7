"""The trained Stanza lemmatizer shipped as ``models/<lang>/lemma.pt`` (``lambre_core/lemma_model.py``),
the order it is combined with the lexicons in (``lemmatize.ModelLemmatizer``), a pipeline
without it, and the lexicon pairs in its dictionary (``ablaut``'s verbs for cs, el, tr)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lambre_core.errors import LambreError
from lambre_core.languages.de.lemmas import german_noun_lemma
from lambre_core.lemma_model import LEMMA_FILE, LemmaModel, load_lemma_model
from lambre_core.lemmatize import lemmatizer, with_model
from lambre_core.parse import Parser, load_parser, model_lexicon, resolve_models

REPO = Path(__file__).resolve().parents[1]
DE = REPO / "models" / "de"


@pytest.fixture(scope="module")
def model() -> LemmaModel:
    got = load_lemma_model(DE)
    assert got is not None, "models/de/lemma.pt is shipped"
    return got


def _treebank_forms() -> set[str]:
    # the shipped lexicon holds every form of the German train split with features
    with open(DE / "lexicon.tsv", encoding="utf-8") as fh:
        return {line.split("\t", 1)[0].lower() for line in fh}


@pytest.mark.parametrize(("form", "upos", "lemma"), [
    ("googelte", "VERB", "googeln"),  # a regular verb no lexicon has
    ("zerknitterten", "ADJ", "zerknittert"),
    ("grünlichen", "ADJ", "grünlich"),
])
def test_the_seq2seq_lemmatizes_forms_no_dictionary_has(model: LemmaModel, form: str,
                                                        upos: str, lemma: str) -> None:
    assert form.lower() not in _treebank_forms()
    assert model.dictionary_lemma(form, upos) is None  # so the network answers
    assert model.lemma(form, upos) == lemma


@pytest.mark.parametrize(("form", "upos", "lemma"), [
    ("Bäumen", "NOUN", "Baum"),  # german-nouns
    ("Zahnbürsten", "NOUN", "Zahnbürste"),
    ("schwammen", "VERB", "schwimmen"),  # ablaut's paradigm of a strong verb
    ("Schwammen", "VERB", "schwimmen"),  # a sentence's first word
])
def test_the_dictionary_holds_the_lexicons_forms(model: LemmaModel, form: str, upos: str,
                                                 lemma: str) -> None:
    assert form.lower() not in _treebank_forms()
    assert model.dictionary_lemma(form, upos) == lemma
    assert model.lemmas([(form, upos), (form, upos)]) == [lemma, lemma]


def test_lexicons_first_for_verbs_the_treebank_dictionary_first_for_the_rest(
        model: LemmaModel) -> None:
    lex = lemmatizer("de", model_lexicon("de"))
    both = with_model("de", lex, model)
    # the tagged verb form decides among paradigms (a dictionary has one lemma per form)
    assert both("gefallen", "VERB", {"VerbForm": "Fin"}) == "gefallen"
    assert both("gefallen", "VERB", {"VerbForm": "Part"}) == "fallen"
    # the treebank's most frequent lemma, where the lexicon takes the shortest
    assert lex("sie", "PRON", {}) == "er"
    assert both("sie", "PRON", {}) == "sie"
    # a compound by its last noun
    assert both("Kostenvoranschläge", "NOUN", {}) == "Kostenvoranschlag"


def test_compound_nouns_by_their_last_part() -> None:
    assert german_noun_lemma("Blogbeiträgen") == "Blogbeitrag"
    assert german_noun_lemma("Begrüßungszeremonie") == "Begrüßungszeremonie"
    assert german_noun_lemma("Häusern") == "Haus"
    assert german_noun_lemma("qwrtzk") is None
    assert german_noun_lemma("laufen") is None  # not a noun's spelling


@pytest.mark.slow
def test_the_parser_lemmatizes_after_parsing(model: LemmaModel) -> None:
    parser = load_parser("de")
    (s,) = parser.parse_sentences(["Die Kinder googelten gestern nach neuen Zahnbürsten."])
    lemmas = {w.form: w.lemma for w in s.words}
    assert lemmas["Zahnbürsten"] == "Zahnbürste"
    assert lemmas["Kinder"] == "Kind"
    # the network knows the verb, but its lemma would change the verb's analyses (the
    # paradigm the checker reads from the lemma): the checker's evidence stays as it was
    assert model.lemma("googelten", "VERB") == "googeln"
    assert lemmas["googelten"] == "googelten"


def test_a_lemma_that_would_change_the_analyses_is_not_used(model: LemmaModel) -> None:
    from lambre_core.languages.de import morph_de

    lex = lemmatizer("de", model_lexicon("de"))
    both = with_model("de", lex, model)
    # "bisschen" tagged ADJ: the network strips an ending (bissch), which would make it an
    # inflected adjective with analyses to prove errors on; as its own lemma it has none
    assert model.lemma("bisschen", "ADJ") == "bissch"
    assert morph_de.analyses("bisschen", "ADJ", "bisschen") is None
    assert both("bisschen", "ADJ", {}) in (None, "bisschen")
    # a noun's analyses do not depend on its lemma: the network's lemma is used
    assert both("Zahnbürsten", "NOUN", {}) == "Zahnbürste"


@pytest.mark.slow
def test_a_model_directory_without_lemma_pt_still_parses(tmp_path: Path) -> None:
    old = tmp_path / "de"
    shutil.copytree(DE, old, ignore=shutil.ignore_patterns(LEMMA_FILE))
    parser = Parser(resolve_models("de", tmp_path))
    (s,) = parser.parse_sentences(["Ich helfe den Kindern mit den Zahnbürsten."])
    lemmas = {w.form: w.lemma for w in s.words}
    assert lemmas["helfe"] == "helfen"  # the lexicons still lemmatize
    assert lemmas["Zahnbürsten"] == "Zahnbürsten"  # nothing knows it: the form, as before
    assert [w.upos for w in s.words][:2] == ["PRON", "VERB"]


@pytest.mark.slow
def test_a_broken_lemma_pt_is_reported_with_its_path(tmp_path: Path) -> None:
    bad = tmp_path / "de"
    shutil.copytree(DE, bad, ignore=shutil.ignore_patterns(LEMMA_FILE))
    (bad / LEMMA_FILE).write_bytes(b"not a model")
    with pytest.raises(LambreError) as err:
        Parser(resolve_models("de", tmp_path))
    assert str(bad / LEMMA_FILE) in str(err.value)
    assert "lemmatizer" in str(err.value)


@pytest.mark.slow
def test_train_learns_a_lemmatizer_with_the_lexicons_in_its_dictionary(
        tmp_path: Path, tiny_train_config: Callable[..., Any]) -> None:
    import torch

    from lambre_core.train import train

    cfg = tiny_train_config("de", ["lemma"], {"lemma": 1})
    installed = train(cfg)
    path = installed["lemma"]
    assert path == tmp_path / "out" / LEMMA_FILE
    d = torch.load(path, weights_only=True)
    assert all(v.dtype == torch.float16 for v in d["model"].values() if v.is_floating_point())
    trained = LemmaModel(path)
    # 40 sentences never showed these forms: the lexicons' pairs did
    assert trained.dictionary_lemma("Bäumen", "NOUN") == "Baum"
    assert trained.dictionary_lemma("schwammen", "VERB") == "schwimmen"
    log = (tmp_path / "work" / "logs" / "lemma.log").read_text(encoding="utf-8")
    assert "lexicon dictionary:" in log


# -- ablaut's verbs for the languages without a lexicon of their own (cs, el, tr) -------------


def _pairs(lang: str, lemmas: list[tuple[str, str]]) -> dict[tuple[str, str], str]:
    from lambre_core.lemma_model import ablaut_verbs

    return {(f, u): lem for f, u, lem in ablaut_verbs(lang, lemmas)}


def test_ablaut_conjugates_czech_verbs_with_their_negation() -> None:
    cs = _pairs("cs", [("psát", "VERB"), ("být", "AUX")])
    assert cs[("píšou", "VERB")] == "psát"
    assert cs[("psala", "VERB")] == "psát"  # the past participle, the verb of "psala jsem"
    assert cs[("nepsala", "VERB")] == "psát"  # negation is written as a prefix
    assert cs[("jsou", "AUX")] == "být"
    assert ("neje", "AUX") not in cs  # být negates irregularly ("není")
    assert all(f.isalpha() for f, _ in cs)  # analytic forms ("psal jsem") are no words
    assert ("píšou", "AUX") not in cs  # the UPOS the treebank gave the lemma


def test_a_form_of_two_paradigms_goes_to_the_commoner_verb() -> None:
    # "směje": present of smát (laughs), transgressive of smět (may)
    assert _pairs("cs", [("smát", "VERB")] * 2 + [("smět", "VERB")])[("směje", "VERB")] == "smát"
    assert _pairs("cs", [("smát", "VERB")] + [("smět", "VERB")] * 2)[("směje", "VERB")] == "smět"


def test_turkish_forms_get_the_treebanks_stem_and_leave_other_verbs_lemmas_alone() -> None:
    tr = _pairs("tr", [("yaz", "VERB"), ("düş", "VERB"), ("düşün", "VERB")])
    assert tr[("yazdım", "VERB")] == "yaz"  # ablaut conjugates "yazmak"; the treebank says "yaz"
    assert tr[("yazmak", "VERB")] == "yaz"
    assert tr[("düşüneceğim", "VERB")] == "düşün"
    # the plural imperative of düş is spelled like the verb düşün: that verb keeps it
    assert ("düşün", "VERB") not in tr
    assert _pairs("tr", [("düş", "VERB")])[("düşün", "VERB")] == "düş"


def test_greek_gaps_and_refused_lemmas_are_skipped() -> None:
    el = _pairs("el", [("γράφω", "VERB"), ("είμαι", "AUX"), ("να", "AUX")])
    assert el[("έγραψε", "VERB")] == "γράφω"
    assert el[("γράφοντας", "VERB")] == "γράφω"
    assert el[("είναι", "AUX")] == "είμαι"
    assert all(f.isalpha() for f, _ in el)  # no "είμαστε1", "γράφ'" or gaps
    assert {lem for lem in el.values()} == {"γράφω", "είμαι"}  # ablaut refuses the particle


@pytest.mark.parametrize("lang", ["cs", "el", "tr"])
def test_ablauts_pairs_agree_with_the_held_out_treebank(shared: Path, tmp_path: Path,
                                                        lang: str) -> None:
    from lambre_core.conllu_io import read_conllu
    from lambre_core.lemma_model import ablaut_verbs
    from lambre_core.splits import SPLITS, carve

    c = carve(SPLITS[lang], tmp_path / "split")
    train = [(w.lemma, w.upos) for s in read_conllu(c.train) for w in s.words]
    pairs = {(f, u): lem for f, u, lem in ablaut_verbs(lang, train)}
    hits = [(pairs[(w.form, w.upos)], w.lemma) for s in read_conllu(c.test) for w in s.words
            if (w.form, w.upos) in pairs]
    assert len(hits) >= 200  # the lexicon answers for a good share of the test's verbs
    right = sum(a == b for a, b in hits)
    assert right / len(hits) >= 0.97, [h for h in hits if h[0] != h[1]][:20]


def _model_forms(lang: str) -> set[str]:
    # the shipped lexicon holds every form of the train split with features
    with open(REPO / "models" / lang / "lexicon.tsv", encoding="utf-8") as fh:
        return {line.split("\t", 1)[0].lower() for line in fh}


@pytest.mark.parametrize(("lang", "form", "lemma"), [
    ("cs", "nepsali", "psát"),  # negated, and the train split never had the verb's past
    ("cs", "napíšeme", "napsat"),
    ("tr", "okuyorsunuz", "oku"),  # the treebank's stem, not ablaut's "okumak"
    ("tr", "bakmalısınız", "bak"),
    ("el", "έβρισκε", "βρίσκω"),  # the imperfect, with its augment
    ("el", "ήθελες", "θέλω"),
])
def test_the_shipped_dictionaries_hold_ablauts_verb_forms(lang: str, form: str,
                                                          lemma: str) -> None:
    model = load_lemma_model(REPO / "models" / lang)
    assert model is not None, f"models/{lang}/lemma.pt is shipped"
    assert form not in _model_forms(lang)
    assert model.dictionary_lemma(form, "VERB") == lemma
    assert model.dictionary_lemma(form.capitalize(), "VERB") == lemma  # a sentence's first word


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "text", "form", "lemma"), [
    ("cs", "Včera jsme nepsali žádné dopisy.", "nepsali", "psát"),
    ("tr", "Siz bu kitabı okuyorsunuz.", "okuyorsunuz", "oku"),
    ("el", "Ο πατέρας μου έβρισκε πάντα λύσεις.", "έβρισκε", "βρίσκω"),
])
def test_the_pipeline_lemmatizes_with_the_shipped_lemma_pt(tmp_path: Path, lang: str, text: str,
                                                           form: str, lemma: str) -> None:
    (s,) = load_parser(lang).parse_sentences([text])
    assert {w.form: w.lemma for w in s.words}[form] == lemma
    # the same model directory without lemma.pt: the treebank lexicon never saw the form
    shutil.copytree(REPO / "models" / lang, tmp_path / lang,
                    ignore=shutil.ignore_patterns(LEMMA_FILE))
    (s,) = Parser(resolve_models(lang, tmp_path)).parse_sentences([text])
    assert {w.form: w.lemma for w in s.words}[form] == form


@pytest.mark.slow
def test_train_puts_ablauts_czech_verbs_in_the_dictionary(
        tiny_train_config: Callable[..., Any]) -> None:
    from lambre_core.conllu_io import read_conllu
    from lambre_core.lemma_model import ablaut_verbs
    from lambre_core.train import train

    cfg = tiny_train_config("cs", ["lemma"], {"lemma": 1})
    trained = LemmaModel(train(cfg)["lemma"])
    words = [w for s in read_conllu(cfg.train) for w in s.words]
    seen = {(w.form, w.upos) for w in words}
    new = [t for t in ablaut_verbs("cs", [(w.lemma, w.upos) for w in words])
           if (t[0], t[1]) not in seen]
    assert len(new) > 500  # 40 sentences' verbs, every form ablaut conjugates (and negated)
    assert all(trained.dictionary_lemma(f, u) == lem for f, u, lem in new)
