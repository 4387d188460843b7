"""lambre_core.morph_de: every analysis a German form allows, and inflect (the quick fix)."""

from __future__ import annotations

import pytest

from lambre_core.languages.de import morph_de as m

_C = {"N": "Nom", "A": "Acc", "D": "Dat", "G": "Gen"}
_NUM = {"S": "Sing", "P": "Plur"}
_G = {"M": "Masc", "F": "Fem", "N": "Neut"}
_D = {"S": "Strong", "W": "Weak"}


def cells(spec: str, **extra: str) -> set[frozenset[tuple[str, str]]]:
    """'NSM.W GP.S' -> {Nom Sing Masc Weak, Gen Plur Strong}; ``.SW`` gives both declensions;
    a part after ':' is Person ('NS:1' = Nom Sing Person 1)."""
    out = set()
    for item in spec.split():
        person = None
        if ":" in item:
            item, person = item.split(":")
        code, _, decl = item.partition(".")
        base = {"Case": _C[code[0]], "Number": _NUM[code[1]], **extra}
        if len(code) > 2:
            base["Gender"] = _G[code[2]]
        if person:
            base["Person"] = person
        for d in decl or "-":
            f = dict(base)
            if d != "-":
                f["AdjDecl"] = _D[d]
            out.add(frozenset(f.items()))
    return out


def fin(spec: str) -> set[frozenset[tuple[str, str]]]:
    """'1S.Ind.Pres 2P.Imp Inf Part' -> finite/non-finite verb analyses."""
    out = set()
    for item in spec.split():
        if item in ("Inf", "Part", "PartPres"):
            f = {"VerbForm": "Part" if item.startswith("Part") else "Inf"}
            if item.startswith("Part"):
                f["Tense"] = "Pres" if item == "PartPres" else "Past"
        else:
            pn, mood, *tense = item.split(".")
            f = {"VerbForm": "Fin", "Person": pn[0], "Number": _NUM[pn[1]], "Mood": mood}
            if tense:
                f["Tense"] = tense[0]
        out.add(frozenset(f.items()))
    return out


def got(form: str, upos: str, lemma: str | None = None, drop: tuple[str, ...] = ()
        ) -> set[frozenset[tuple[str, str]]] | None:
    res = m.analyses(form, upos, lemma)
    if res is None:
        return None
    return {frozenset((k, v) for k, v in a.items() if k not in drop) for a in res}


ADJ_E = "NSM.W NSF.SW NSN.W ASF.SW ASN.W NP.S AP.S"
ADJ_EN = "ASM.SW DSM.W DSF.W DSN.W GSM.SW GSF.W GSN.SW NP.W AP.W DP.SW GP.W"
ADJ_ER = "NSM.S DSF.S GSF.S GP.S"
ADJ_ES = "NSN.S ASN.S"
ADJ_EM = "DSM.S DSN.S"

CLOSED = [
    # definite article
    ("der", "DET", "NSM.W DSF.W GSF.W GP.W"),
    ("die", "DET", "NSF.W ASF.W NP.W AP.W"),
    ("das", "DET", "NSN.W ASN.W"),
    ("den", "DET", "ASM.W DP.W"),
    ("dem", "DET", "DSM.W DSN.W"),
    ("des", "DET", "GSM.W GSN.W"),
    ("Die", "DET", "NSF.W ASF.W NP.W AP.W"),
    # der-words
    ("dieser", "DET", "NSM.W DSF.W GSF.W GP.W"),
    ("dieses", "DET", "NSN.W ASN.W GSM.W GSN.W"),
    ("diesen", "DET", "ASM.W DP.W"),
    ("jedem", "DET", "DSM.W DSN.W"),
    ("jede", "DET", "NSF.W ASF.W"),
    ("welche", "DET", "NSF.W ASF.W NP.SW AP.SW"),
    ("alle", "DET", "NSF.W ASF.W NP.W AP.W"),
    ("beide", "DET", "NP.SW AP.SW"),
    ("derselbe", "DET", "NSM.W"),
    ("denselben", "DET", "ASM.W DP.W"),
    ("demjenigen", "DET", "DSM.W DSN.W"),
    # ein-words: no ending -> Strong, an ending -> Weak
    ("ein", "DET", "NSM.S NSN.S ASN.S"),
    ("eine", "DET", "NSF.W ASF.W"),
    ("einen", "DET", "ASM.W"),
    ("einem", "DET", "DSM.W DSN.W"),
    ("kein", "DET", "NSM.S NSN.S ASN.S"),
    ("keine", "DET", "NSF.W ASF.W NP.W AP.W"),
    ("keinen", "DET", "ASM.W DP.W"),
    ("meinem", "DET", "DSM.W DSN.W"),
    ("unsre", "DET", "NSF.W ASF.W NP.W AP.W"),
    ("unsere", "DET", "NSF.W ASF.W NP.W AP.W"),
    ("eurem", "DET", "DSM.W DSN.W"),
    ("euer", "DET", "NSM.S NSN.S ASN.S"),
    ("Ihre", "DET", "NSF.W ASF.W NP.W AP.W"),
    # the NUM "ein" is the ein-word
    ("ein", "NUM", "NSM.S NSN.S ASN.S"),
    ("eine", "NUM", "NSF.W ASF.W"),
    # personal pronouns
    ("ich", "PRON", "NS:1"),
    ("mich", "PRON", "AS:1"),
    ("mir", "PRON", "DS:1"),
    ("du", "PRON", "NS:2"),
    ("dich", "PRON", "AS:2"),
    ("er", "PRON", "NSM:3"),
    ("ihn", "PRON", "ASM:3"),
    ("ihm", "PRON", "DSM:3 DSN:3"),
    ("es", "PRON", "NSN:3 ASN:3"),
    ("sie", "PRON", "NSF:3 ASF:3 NP:3 AP:3"),
    ("Sie", "PRON", "NSF:3 ASF:3 NP:3 AP:3"),
    ("ihr", "PRON", "DSF:3 NP:2"),
    ("wir", "PRON", "NP:1"),
    ("uns", "PRON", "AP:1 DP:1"),
    ("euch", "PRON", "AP:2 DP:2"),
    ("ihnen", "PRON", "DP:3"),
    ("Ihnen", "PRON", "DP:3"),
    ("sich", "PRON", "AS:3 DS:3 AP:3 DP:3"),
    ("man", "PRON", "NS:3"),
    # relative / demonstrative, interrogative
    ("der", "PRON", "NSM:3 DSF:3"),
    ("die", "PRON", "NSF:3 ASF:3 NP:3 AP:3"),
    ("denen", "PRON", "DP:3"),
    ("dessen", "PRON", "GSM:3 GSN:3"),
    ("deren", "PRON", "GSF:3 GP:3"),
    ("wer", "PRON", "NS:3"),
    ("wen", "PRON", "AS:3"),
    ("wem", "PRON", "DS:3"),
    ("was", "PRON", "NSN:3 ASN:3"),
    # tolerant: a pronoun tagged DET, a der-word tagged PRON
    ("denen", "DET", "DP:3"),
    ("dieser", "PRON", "NSM.W:3 DSF.W:3 GSF.W:3 GP.W:3"),
    # quantifiers
    ("mehrere", "DET", "NP.S AP.S"),
    ("mehreren", "DET", "DP.S NP.W AP.W DP.W GP.W"),
]


@pytest.mark.parametrize(("form", "upos", "spec"), CLOSED)
def test_closed_class_tables(form: str, upos: str, spec: str) -> None:
    assert got(form, upos) == cells(spec)


@pytest.mark.parametrize("form", ["etwas", "nichts", "mehr", "viel", "wenig", "genug", "lauter",
                                  "allerlei", "paar"])
def test_indeclinable_determiners_constrain_nothing_but_the_declension(form: str) -> None:
    assert m.analyses(form, "DET") == [{"AdjDecl": "Strong"}]


def test_indeclinable_pronouns_and_d_words_as_determiners() -> None:
    assert m.analyses("nichts", "PRON") == [{"AdjDecl": "Strong", "Person": "3"}]
    assert m.analyses("einander", "PRON") == [{}]
    # dessen/deren before a noun agree with the antecedent, not with the noun
    assert m.analyses("dessen", "DET") == [{"AdjDecl": "Strong"}]


def test_inflected_quantifiers_are_strong_and_weak_like_adjectives() -> None:
    viele = got("viele", "DET")
    assert viele is not None
    assert cells("NP.S AP.S") <= viele                      # viele gute Bücher
    assert cells("NP.W") & viele == set()                    # plural -e is never weak
    vielen = got("vielen", "DET")
    assert vielen is not None and cells("NP.W DP.S") <= vielen  # die vielen / mit vielen


@pytest.mark.parametrize(("form", "upos", "expected"), [
    ("zwei", "NUM", [{"AdjDecl": "Strong", "Number": "Plur"}]),
    ("drei", "NUM", [{"AdjDecl": "Strong", "Number": "Plur"}]),
    ("20", "NUM", [{"AdjDecl": "Strong", "Number": "Plur"}]),
    ("fünfundzwanzig", "NUM", [{"AdjDecl": "Strong", "Number": "Plur"}]),
    ("1", "NUM", None),
])
def test_numerals(form: str, upos: str, expected: list[dict[str, str]] | None) -> None:
    assert m.analyses(form, upos) == expected


ADJ = [
    ("lange", ADJ_E), ("langen", ADJ_EN), ("langer", ADJ_ER), ("langes", ADJ_ES), ("langem", ADJ_EM),
    ("neuen", ADJ_EN), ("größeren", ADJ_EN), ("schönsten", ADJ_EN), ("besseres", ADJ_ES),
    ("teure", ADJ_E), ("dunkle", ADJ_E), ("leisen", ADJ_EN), ("leckere", ADJ_E),
    ("gespielte", ADJ_E), ("laufenden", ADJ_EN), ("typischer", ADJ_ER), ("Neue", ADJ_E),
]


@pytest.mark.parametrize(("form", "spec"), ADJ)
def test_attributive_adjective_cells(form: str, spec: str) -> None:
    assert got(form, "ADJ", drop=("Degree",)) == cells(spec)


def test_langen_has_no_strong_nominative_plural_but_lange_has() -> None:
    strong_nom_pl = frozenset({"Case": "Nom", "Number": "Plur", "AdjDecl": "Strong"}.items())
    langen, lange = got("langen", "ADJ", drop=("Degree",)), got("lange", "ADJ", drop=("Degree",))
    assert langen is not None and lange is not None
    assert strong_nom_pl not in langen and strong_nom_pl in lange


@pytest.mark.parametrize(("form", "degree"), [("schönsten", "Sup"), ("größeren", "Cmp"),
                                              ("bessere", "Cmp"), ("lange", "Pos"),
                                              ("dunklen", "Pos")])
def test_adjective_degree(form: str, degree: str) -> None:
    res = m.analyses(form, "ADJ")
    assert res and {a.get("Degree") for a in res} == {degree}


@pytest.mark.parametrize(("form", "lemma"), [
    ("schön", None), ("leise", None), ("lecker", None), ("bitter", None), ("größer", None),
    ("besser", None), ("geschrieben", None), ("offen", None), ("andere", "andere"),
    ("dunkel", None), ("5.", None),
])
def test_uninflected_adjectives_are_unknown(form: str, lemma: str | None) -> None:
    assert m.analyses(form, "ADJ", lemma) is None


@pytest.mark.parametrize("form", ["lila", "rosa", "super", "prima", "Berliner", "Kölner", "20er",
                                  "1960er", "zwanziger", "gerne"])
def test_indeclinable_adjectives_carry_no_features(form: str) -> None:
    # known, with nothing to agree in: "während der 1960er Jahre" takes no number from "1960er"
    assert m.analyses(form, "ADJ") == [{}]


def test_adjective_lemma() -> None:
    assert m.adjective_lemma("schönsten") == "schön"
    assert m.adjective_lemma("dunklen") == "dunkel"
    assert m.adjective_lemma("größten") == "groß"
    assert m.adjective_lemma("schön") is None


NOUNS = [
    ("Bücher", "NPN APN GPN"),
    ("Büchern", "DPN"),
    ("Buch", "NSN ASN DSN"),
    ("Buches", "GSN"),
    ("Kinder", "NPN APN GPN"),
    ("Kindern", "DPN"),
    ("Studenten", "ASM DSM GSM NPM APM DPM GPM"),
    ("Manne", "DSM"),
    ("Schulbücher", "NPN APN GPN"),
    ("Lieblingsbuch", "NSN ASN DSN"),
]


@pytest.mark.parametrize(("form", "spec"), NOUNS)
def test_nouns(form: str, spec: str) -> None:
    assert got(form, "NOUN") == cells(spec)


def test_nouns_with_several_records() -> None:
    leiter = got("Leiter", "NOUN")
    assert leiter is not None and cells("NSM NSF GSF NPM") <= leiter
    bank = got("Banken", "NOUN")
    assert bank is not None and cells("NPF DPF") <= bank


def test_a_variant_has_the_gender_the_lexicon_gives_it() -> None:
    # "das Plug-in" and the variant "der Plug-in" (genus and genus 2 of one record); the
    # plural, which names no variant, keeps the first gender
    assert got("Plug-in", "NOUN") == cells("NSN ASN DSN NSM ASM DSM")
    assert got("Äon", "NOUN") == cells("NSM ASM DSM NSN ASN DSN")


def test_loanwords_in_a_and_o_take_the_s_plural_beside_their_learned_one() -> None:
    # "die Lemmas" beside "die Lemmata"; the genitive singular stays
    assert got("Lemmas", "NOUN") == cells("GSN NPN APN DPN GPN")
    assert got("Cellos", "NOUN") == cells("GSN NPN APN DPN GPN")
    # not a noun whose own plural is no learned one ("Buches" is no plural), nor a feminine
    assert got("Buches", "NOUN") == cells("GSN")
    assert cells("NPF") & (got("Firmas", "NOUN") or set()) == set()


def test_units_of_measure_count_as_plural_after_numerals() -> None:
    prozent = got("Prozent", "NOUN")
    assert prozent is not None and cells("NSN NPN DPN") <= prozent   # zwanzig Prozent
    uhr = got("Uhr", "NOUN")
    assert uhr is not None and cells("DSF DPF") <= uhr                # um sechs Uhr
    assert cells("NPM") & (got("Mann", "NOUN") or set()) == set()     # not every noun


def test_compound_fallback_for_unknown_compounds() -> None:
    assert got("Lieblingsbüchern", "NOUN") == cells("DPN")
    assert got("Quatschbüchern", "NOUN") == cells("DPN")
    assert m.inflect("Quatschbuch", "NOUN", {"Case": "Dat", "Number": "Plur"}) == ["Quatschbüchern"]


def test_unknown_nominalized_infinitives_and_names() -> None:
    # german-nouns lacks "Servieren": a neuter infinitive, not Ser + Vieren
    assert got("Servieren", "NOUN") == cells("NSN ASN DSN")
    assert got("Servierens", "NOUN") == cells("GSN")
    # a place name german-nouns lists without paradigm is no compound of "Uropa"
    assert m.analyses("Osteuropa", "NOUN") is None
    assert m.analyses("Osteuropas", "NOUN") is None


def test_compounds_the_lexicon_lacks() -> None:
    # the verb guesser takes "nuklearindustrien" for an infinitive; the compound's plural stays
    nuklear = got("Nuklearindustrien", "NOUN")
    assert nuklear is not None and cells("NPF APF DPF GPF") <= nuklear
    # a compound of a nominalized infinitive: "das Rätselraten" (raten), besides "Raten" (Rate)
    raten = got("Rätselraten", "NOUN")
    assert raten is not None and cells("NSN ASN DSN NPF") <= raten
    # a compound's first part is a word: "Ölpreis" is Öl + Preis, "Cebit" no Ce + Bit
    assert got("Ölpreis", "NOUN") == cells("NSM ASM DSM")
    assert m.analyses("Cebit", "NOUN") is None
    # a plural compound whose form is no infinitive gets no infinitive reading
    assert got("Quatschbüchern", "NOUN") == cells("DPN")
    # a derivational suffix fixes gender and number (-ung, -keit, -tion: feminine)
    assert got("Belobigungen", "NOUN") == cells("NPF APF DPF GPF")
    assert got("Zuverlässlichkeit", "NOUN") == cells("NSF ASF DSF GSF")
    # ... unless the suffix is a noun of its own as well: "Grabschaft" may be Grab + der Schaft
    grab = got("Grabschaft", "NOUN")
    assert grab is not None and cells("NSF ASF NSM ASM") <= grab
    # a participle as a noun declines like an adjective (des Gelesenen)
    gelesenen = got("Gelesenen", "NOUN")
    assert gelesenen is not None and cells("GSN") <= {frozenset((k, v) for k, v in a
                                                              if k != "AdjDecl") for a in gelesenen}
    # Swiss spelling: Strasse is Straße too
    strasse = got("Bahnhofstrasse", "NOUN")
    assert strasse is not None and cells("NSF") <= strasse


def test_nominalized_adjectives_are_adjective_declined() -> None:
    deutsche = m.analyses("Deutsche", "NOUN")
    assert deutsche is not None
    assert {"AdjDecl": "Weak", "Case": "Nom", "Gender": "Masc", "Number": "Sing"} in deutsche
    assert {"AdjDecl": "Strong", "Case": "Nom", "Gender": "Masc", "Number": "Sing"} not in deutsche
    angestellten = got("Angestellten", "NOUN")
    assert angestellten is not None and cells("NPM.W DPM.S GSF.W") <= angestellten


@pytest.mark.parametrize(("form", "upos"), [("Merkel", "PROPN"), ("Berlin", "PROPN"),
                                            ("Xyzqwvbn", "NOUN"), ("", "NOUN"), ("123", "NOUN"),
                                            ("!!", "DET"), ("😀", "ADJ"), ("xyzq", "VERB"),
                                            ("und", "CCONJ"), ("schnell", "ADV"), ("42", "VERB")])
def test_unknown_and_odd_input(form: str, upos: str) -> None:
    assert m.analyses(form, upos) is None


VERBS = [
    ("werden", "AUX", None, "1P.Ind.Pres 3P.Ind.Pres 1P.Sub.Pres 3P.Sub.Pres Inf"),
    ("werde", "AUX", None, "1S.Ind.Pres 1S.Sub.Pres 3S.Sub.Pres 2S.Imp"),
    ("wird", "AUX", None, "3S.Ind.Pres"),
    ("wirst", "AUX", None, "2S.Ind.Pres"),
    ("worden", "AUX", None, "Part"),
    ("spielt", "VERB", None, "3S.Ind.Pres 2P.Ind.Pres 2P.Imp"),
    ("spielte", "VERB", "spielen", "1S.Ind.Past 3S.Ind.Past 1S.Sub.Past 3S.Sub.Past"),
    ("hilft", "VERB", None, "3S.Ind.Pres"),
    ("hilfst", "VERB", "helfen", "2S.Ind.Pres"),
    ("bin", "AUX", None, "1S.Ind.Pres"),
    ("ist", "AUX", None, "3S.Ind.Pres"),
    ("kann", "AUX", None, "1S.Ind.Pres 3S.Ind.Pres"),
    ("gegangen", "VERB", None, "Part"),
    ("kommt", "VERB", "ankommen", "3S.Ind.Pres 2P.Ind.Pres 2P.Imp"),
    ("ankommt", "VERB", None, "3S.Ind.Pres 2P.Ind.Pres"),
    ("muß", "AUX", None, "1S.Ind.Pres 3S.Ind.Pres"),
]


@pytest.mark.parametrize(("form", "upos", "lemma", "spec"), VERBS)
def test_verbs(form: str, upos: str, lemma: str | None, spec: str) -> None:
    assert got(form, upos, lemma) == fin(spec)


def test_verb_lemma_does_not_narrow_below_the_index() -> None:
    # a wrong tagger lemma never removes the analyses the form has as another verb
    assert fin("3S.Ind.Pres") <= (got("wird", "AUX", "sein") or set())
    # a regular weak verb nobody listed
    assert fin("3S.Ind.Pres 2P.Ind.Pres") <= (got("googelt", "VERB") or set())


INFLECT = [
    ("werden", "VERB", {"Person": "1", "Number": "Sing", "Mood": "Ind", "Tense": "Pres"}, "werde"),
    ("werden", "AUX", {"Person": "3", "Number": "Sing", "Mood": "Ind", "Tense": "Past"}, "wurde"),
    ("haben", "AUX", {"Person": "1", "Number": "Sing", "Mood": "Ind", "Tense": "Pres"}, "habe"),
    ("gehen", "VERB", {"Person": "1", "Number": "Sing", "Mood": "Ind", "Tense": "Pres"}, "gehe"),
    ("ankommen", "VERB", {"Person": "3", "Number": "Sing", "Mood": "Ind", "Tense": "Pres"}, "kommt"),
    ("sein", "AUX", {"Person": "2", "Number": "Plur", "Mood": "Ind", "Tense": "Pres"}, "seid"),
    ("Buch", "NOUN", {"Case": "Dat", "Number": "Plur"}, "Büchern"),
    ("Mann", "NOUN", {"Case": "Dat", "Number": "Sing"}, "Mann"),
    ("Mensch", "NOUN", {"Case": "Acc", "Number": "Sing"}, "Menschen"),
    ("der", "DET", {"Case": "Dat", "Number": "Plur", "Gender": "Masc"}, "den"),
    ("der", "DET", {"Case": "Gen", "Number": "Sing", "Gender": "Neut"}, "des"),
    ("ein", "DET", {"Case": "Acc", "Number": "Sing", "Gender": "Masc"}, "einen"),
    ("kein", "DET", {"Case": "Nom", "Number": "Plur"}, "keine"),
    ("unser", "DET", {"Case": "Dat", "Number": "Sing", "Gender": "Masc"}, "unserem"),
    ("dieser", "DET", {"Case": "Gen", "Number": "Sing", "Gender": "Fem"}, "dieser"),
    ("ich", "PRON", {"Case": "Dat"}, "mir"),
    ("er", "PRON", {"Case": "Acc"}, "ihn"),
    ("sich", "PRON", {"Case": "Acc", "Person": "1", "Number": "Sing"}, "mich"),
    ("lang", "ADJ", {"Case": "Nom", "Number": "Sing", "Gender": "Masc", "AdjDecl": "Strong"}, "langer"),
    ("lang", "ADJ", {"Case": "Nom", "Number": "Sing", "Gender": "Masc", "AdjDecl": "Weak"}, "lange"),
    ("dunkel", "ADJ", {"Case": "Nom", "Number": "Plur", "AdjDecl": "Weak"}, "dunklen"),
    ("teuer", "ADJ", {"Case": "Dat", "Number": "Sing", "Gender": "Neut", "AdjDecl": "Strong"}, "teurem"),
    ("groß", "ADJ", {"Case": "Nom", "Number": "Sing", "Gender": "Fem", "AdjDecl": "Weak",
                     "Degree": "Sup"}, "größte"),
    ("gut", "ADJ", {"Case": "Acc", "Number": "Sing", "Gender": "Neut", "AdjDecl": "Strong",
                    "Degree": "Cmp"}, "besseres"),
]


@pytest.mark.parametrize(("lemma", "upos", "feats", "first"), INFLECT)
def test_inflect_gives_the_standard_form_first(lemma: str, upos: str, feats: dict[str, str],
                                               first: str) -> None:
    assert m.inflect(lemma, upos, feats)[0] == first


def test_inflect_variants_and_unknowns() -> None:
    assert m.inflect("ankommen", "VERB", {"Person": "1", "Number": "Sing", "Mood": "Ind",
                                          "Tense": "Pres"}) == ["komme", "ankomme"]
    assert m.inflect("Mann", "NOUN", {"Case": "Dat", "Number": "Sing"}) == ["Mann", "Manne"]
    assert m.inflect("etwas", "DET", {"Case": "Dat"}) == ["etwas"]
    assert m.inflect("er", "PRON", {"Case": "Acc", "Gender": "Fem", "Number": "Sing"}) == ["sie"]
    assert m.inflect("Sie", "PRON", {"Case": "Dat"}) == ["Ihnen"]
    # a determiner's AdjDecl is what it demands: a request naming the other value still finds it
    assert m.inflect("ein", "DET", {"Case": "Nom", "Gender": "Masc", "Number": "Sing",
                                    "AdjDecl": "Weak"}) == ["ein"]
    # colloquial forms are analysed but never suggested
    assert m.inflect("haben", "AUX", {"Person": "1", "Number": "Sing", "Mood": "Ind",
                                      "Tense": "Pres"}) == ["habe"]
    assert {"Person": "1", "Number": "Sing", "Mood": "Ind", "Tense": "Pres",
            "VerbForm": "Fin"} in (m.analyses("hab", "AUX") or [])
    assert m.inflect("Xyzqwvbn", "NOUN", {"Case": "Dat", "Number": "Plur"}) == []
    assert m.inflect("", "NOUN", {}) == []


def test_every_inflected_form_analyses_back() -> None:
    for lemma, upos, feats, _first in INFLECT:
        for form in m.inflect(lemma, upos, feats):
            res = m.analyses(form, upos, lemma)
            assert res, (lemma, form)
            assert any(all(a.get(k) == v for k, v in feats.items() if k in a) for a in res), form


def test_every_determiner_analysis_carries_adjdecl() -> None:
    for form in ("der", "ein", "keinen", "dieses", "alle", "viele", "etwas", "zwei", "beiden",
                 "unserem", "welche", "mancher", "derselben", "irgendeine"):
        for upos in ("DET", "NUM"):
            res = m.analyses(form, upos)
            if res is not None:
                assert all("AdjDecl" in a for a in res), (form, upos)


def test_pronominal_determiners_and_old_spellings() -> None:
    # GSD tags "einer der Gründe" DET: the pronoun's Nom Masc cell is there, but not offered
    einer = got("einer", "DET")
    assert einer is not None and cells("NSM.W DSF.W GSF.W") == einer
    assert fin("1S.Ind.Pres 3S.Ind.Pres") == got("muß", "AUX")
    assert got("Kompromiß", "NOUN") == got("Kompromiss", "NOUN") is not None
    # a noun-tagged quantifier (die anderen) falls back to the pronoun tables
    assert m.analyses("anderen", "NOUN") is not None


def test_older_prose_readings() -> None:
    # an old spelling the lexicon lists as a word of its own keeps its reformed word's readings
    # ("der Werth": the lexicon's "Werth" is a neuter island, the old spelling's is "der Wert")
    werth = got("Werth", "NOUN")
    assert werth is not None and cells("NSM NSN") <= werth
    # not a listed form's "ß", today's spelling after a long vowel ("Strasse": rhinestones)
    assert not any(("Number", "Plur") in a for a in got("Straße", "NOUN") or set())
    # no dative in -e of a noun whose genitive takes -s alone ("einer Probleme hatte": the
    # plural stays a plural), though older prose wrote one ("vom Systeme")
    assert cells("DSN") & (got("Probleme", "NOUN") or set()) == set()
    # declined "mehr" is the older "mehrere", a plural: no comparative of "viel"
    mehre = got("mehre", "ADJ")
    assert mehre is not None and mehre == got("mehrere", "ADJ")


def test_output_is_deterministic_distinct_and_fresh() -> None:
    a, b = m.analyses("die", "DET"), m.analyses("die", "DET")
    assert a == b and a is not b
    assert a is not None
    a[0]["Case"] = "X"  # mutating a result does not touch the cache
    assert m.analyses("die", "DET") == b
    res = m.analyses("neuen", "ADJ")
    assert res is not None and len(res) == len({frozenset(x.items()) for x in res})


def test_calls_are_cached() -> None:
    # a repeated call is a cache hit, not a new search (speed itself is bench/'s business)
    m.analyses("Bücher", "NOUN")
    m.analyses("werden", "AUX")
    m.analyses("neuen", "ADJ")
    before = m._analyses_cached.cache_info()
    for _ in range(200):
        m.analyses("Bücher", "NOUN")
        m.analyses("werden", "AUX")
        m.analyses("neuen", "ADJ")
    after = m._analyses_cached.cache_info()
    assert after.hits - before.hits == 600
    assert after.misses == before.misses


def test_missing_lexicon_packages_degrade_with_one_warning() -> None:
    """Without ablaut and german-nouns the checker still runs: one warning names each missing
    package, nothing crashes, and what only those lexicons could prove is no longer proven."""
    import subprocess
    import sys

    code = (
        "import sys, logging\n"
        "sys.modules['ablaut'] = None\n"
        "sys.modules['german_nouns'] = None\n"
        "sys.modules['german_nouns.lookup'] = None\n"
        "logging.basicConfig(level=logging.WARNING, format='%(message)s')\n"
        "from lambre_core.conllu_io import read_conllu\n"
        "from lambre_core.check import check_sentence\n"
        "from lambre_core.evidence import Precision\n"
        "from lambre_core.rules import default_rules\n"
        "s = read_conllu('tests/data/figure1.conllu')[1]\n"
        "for _ in range(2):\n"
        "    c = check_sentence(s, default_rules('de'), precision=Precision('de'))\n"
        "print('proven', len(c.violations))\n"
    )
    from pathlib import Path

    repo = Path(__file__).resolve().parents[1]
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=repo)
    assert res.returncode == 0, res.stderr
    assert res.stderr.count("ablaut is not installed") == 1
    assert res.stderr.count("german-nouns is not installed") == 1
    assert "proven 0" in res.stdout  # "werden" needs ablaut, "Bücher" needs german-nouns


def test_the_fix_of_a_separable_verb_stays_as_written() -> None:
    """A joined verb keeps its prefix, a separated one stays bare: the pack's fix offers only
    the form written the writer's way (not "schreiben" for "unterschreibt")."""
    from lambre_core.doc import Word
    from lambre_core.languages.de.morph import inflect

    fin = {"Mood": "Ind", "Tense": "Pres", "VerbForm": "Fin"}
    sg3 = {**fin, "Person": "3", "Number": "Sing"}

    def fix(form: str, lemma: str, own: dict[str, str], want: dict[str, str]) -> list[str]:
        return inflect(Word(1, form, lemma, "VERB", feats=own), want)

    assert fix("unterschreibt", "unterschreiben", sg3,
               {**fin, "Person": "1", "Number": "Plur"}) == ["unterschreiben"]
    assert fix("rufe", "anrufen", {**fin, "Person": "1", "Number": "Sing"}, sg3) == ["ruft"]
    assert fix("ankommen", "ankommen", {**fin, "Person": "3", "Number": "Plur"}, sg3) \
        == ["ankommt"]
