"""Greek mechanisms: nouns declined by simplemma's word list (``languages/el/nouns.py``) and the
article phrases they make provable (``languages/el/morph.py``), each held by a pair through the
shipped model and by unit tests of the word list's genders."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from lambre_core.languages.el import nouns


def _cells(form: str, lemma: str | None = None) -> set[tuple[str, str, str]]:
    got = nouns.analyses(form, lemma)
    assert got is not None, form
    return {(b["Case"], b["Number"], b["Gender"]) for b in got}


def test_a_listed_neuters_form_in_a_is_only_its_plural() -> None:
    # by its ending alone "-α" is also a feminine singular and a masculine's accusative
    assert _cells("νοσοκομεία", "νοσοκομείο") == {
        (c, "Plur", "Neut") for c in ("Nom", "Acc", "Voc")}
    assert _cells("συστήματος") == {("Gen", "Sing", "Neut")}
    assert _cells("γεγονότος") == {("Gen", "Sing", "Neut")}
    assert _cells("κράτη") == {(c, "Plur", "Neut") for c in ("Nom", "Acc", "Voc")}


def test_a_masculines_cells_come_with_their_feminine_twins() -> None:
    # a noun naming a person takes the feminine article unchanged: "η υπουργός"
    assert _cells("αγώνα") == {(c, "Sing", g) for c in ("Gen", "Acc", "Voc")
                               for g in ("Masc", "Fem")}
    assert ("Nom", "Sing", "Fem") in _cells("υπουργός")


def test_a_form_in_os_of_a_lemma_not_in_os_is_a_genitive() -> None:
    from lambre_core.languages.el import morph

    gen = {"Case": "Gen", "Number": "Sing", "Gender": "Neut"}
    assert gen in (morph.noun("πυρός", "πυρ") or [])          # του πυρός, of "πυρ"
    assert gen in (morph.noun("καθενός", "καθενός") or [])    # whatever its lemma
    assert gen not in (morph.noun("ουρανός", "ουρανός") or [])
    assert morph._hosts_no_clitic("μετάδοσης") and not morph._hosts_no_clitic("μετάδοσή")
    assert not morph._hosts_no_clitic("καινούριο")  # synizesis: stressed second from the end


def test_what_the_word_list_leaves_undeclined() -> None:
    listed = nouns.word_list_nouns()
    assert listed["λογος"][0] == ({"Gender": "Masc"},)
    assert listed["δασος"][0] == ({"Gender": "Neut"},)
    # an adjective's three genders, a masculine and a neuter under one lemma ("ο όρος", "το
    # όρος, τα όρη"), a masculine listed with a neuter's plural ("εύρος, εύρη")
    for lemma in ("αγγλικος", "ορος", "ευρος"):
        assert lemma not in listed
    # a form two listed lemmas make has the cells of both ("την πλάτη", a back, "τα πλάτη",
    # widths); one a listed table makes that the word list does not give that lemma has none
    # ("νικείς", a verb's form, is no plural of "νίκη"), nor one whose tagger lemma is none
    # of the lemmas making it
    assert _cells("πλάτη") == {(c, n, g) for c in ("Nom", "Acc", "Voc")
                               for n, g in (("Sing", "Fem"), ("Plur", "Neut"))}
    assert nouns.analyses("νικείς") is None
    assert nouns.analyses("νοσοκομεία", "νοσοκομειάς") is None
    assert nouns.analyses("πρώτος") is None


#: mechanisms held by pairs through the shipped model: (mechanism, a sentence with an error,
#: the word blamed, correct sentences the checker must leave clean)
PAIRS = [
    # a listed neuter's plural after a singular article; an adverb in -ος with the article
    # ("προς τα εμπρός") is no noun
    ("word list noun", "Η Χίλαρι Κλίντον βγήκε από το νοσοκομεία την Τετάρτη.", "το",
     ["Η Χίλαρι Κλίντον βγήκε από το νοσοκομείο την Τετάρτη.",
      "Η αναγνώριση αποτελεί βήμα προς τα εμπρός για την κυβέρνηση."]),
    # an article after a preposition is no object of its own: its noun follows
    ("article after a preposition", "Από τα σύγκρουση καταστράφηκαν τρία βαγόνια.", "τα",
     ["Από τη σύγκρουση καταστράφηκαν τρία βαγόνια."]),
    # the article and its adjective agree, the listed noun after them is the odd one out; not
    # where the adjective is a listed noun's form (a genitive the parser took for the head) or
    # a pronominal one standing for its noun
    ("noun odd one out", "Ο πρώτος αγώνα έληξε με σκορ 0:1.", "αγώνα",
     ["Ο πρώτος αγώνας έληξε με σκορ 0:1.",
      "Πέρασε ο ίδιος νύχτα στο Ακρωτήρι όπου ύψωσε την ελληνική σημαία.",
      "Θα διατεθούν μέσα για την ανάπτυξη και τη δοκιμή των μεθοδολογιών αξιολόγησης των "
      "επιπτώσεων στην υγεία."]),
    # the adjective and its noun agree, the definite article before them is the odd one out;
    # not where the article fits a word later in the clause (a genitive put between them)
    ("article odd one out", "Όμως των καθημερινές εμπειρίες είναι φοβερές.", "των",
     ["Όμως οι καθημερινές εμπειρίες είναι φοβερές.",
      "Αναμένουμε την αναθεώρηση των Συνθηκών στο ουσιαστικής σημασίας αυτό θέμα."]),
    # an article later in the clause is no word the odd article could be the article of
    ("article odd one out before a genitive",
     "Ο Παύλος ίδρυσε εδώ τις πρώτη εκκλησία του Χριστού.", "τις",
     ["Ο Παύλος ίδρυσε εδώ την πρώτη εκκλησία του Χριστού."]),
    # and an indefinite article, but for the numeral of "more than one" after "από"
    ("indefinite article odd one out", "Δώστε στον εαυτό σας ένα καλύτερη επιλογή.", "ένα",
     ["Δώστε στον εαυτό σας μια καλύτερη επιλογή.",
      "Με περισσότερες από μια έμμεσες διερμηνείες, το σύστημά μας θα πάψει να λειτουργεί."]),
    # an adjective right before the listed noun it is attached to, no article: not a
    # pronominal one ("με ποιον τρόπο")
    ("adjective before its noun", "Η ασθένεια αποτελεί πηγή έντονης ανησυχία στο πλαίσιο αυτό.",
     "ανησυχία",
     ["Η ασθένεια αποτελεί πηγή έντονης ανησυχίας στο πλαίσιο αυτό.",
      "Προσπάθησα να δείξω με ποιον τρόπο λαμβάνουμε υπόψη τις πτυχές της υγείας."]),
    # a demonstrative between the preposition and the article
    ("demonstrative before the article", "Η ομάδα χάρη σ' αυτή το νίκη πήρε την πρόκριση.", "το",
     ["Η ομάδα χάρη σ' αυτή τη νίκη πήρε την πρόκριση."]),
    # a genitive article right after a finite verb of the first or third person is no clitic
    # (those stand before such a verb); after a noun it is the possessive, after an
    # imperative the object
    ("article after a finite verb", "Οι εργαζόμενοι λαμβάνουν τους λόγο για την απόφαση.",
     "τους", ["Οι εργαζόμενοι λαμβάνουν τους λόγους για την απόφαση.",
              "Το σπίτι τους είναι μεγάλο.", "Πες τους την αλήθεια."]),
    # nor after a word stressed three syllables from the end with one accent: a clitic would
    # have given it a second ("μετάδοσής της"); a learned genitive in -ός after it is one
    ("article after a proparoxytone", "Ο κίνδυνος μετάδοσης της ασθενειών είναι μεγάλος.",
     "της", ["Ο κίνδυνος μετάδοσης της ασθένειας είναι μεγάλος.",
             "Ο κίνδυνος μετάδοσής της είναι μεγάλος.", "Το όνομά του είναι Γιάννης.",
             "Οι πραξικοπηματίες κήρυξαν κατάπαυση του πυρός από το πρωί."]),
    # nor after a preposition or a conjunction, which take no clitic; the preposition's case,
    # which the noun has and the article lacks, blames the article
    ("article after a preposition or a conjunction",
     "Θα ήθελα να αναφερθώ στα μέτρα για του μέλλον.", "του",
     ["Θα ήθελα να αναφερθώ στα μέτρα για το μέλλον.",
      "Είδα τη γιατρό και τα παιδιά της."]),
    ("article after a conjunction", "Είδα τη γιατρό και τους παιδιά.", "τους",
     ["Είδα τη γιατρό και τα παιδιά."]),
    # a common noun the tagger called a name (written in lower case) declines as the noun
    ("lower-case name", "Στην ανατολική πόλη μια ηλικιωμένο ζευγάρι πάγωσε από το κρύο.", "μια",
     ["Στην ανατολική πόλη ένα ηλικιωμένο ζευγάρι πάγωσε από το κρύο."]),
]


def test_an_articles_fix_is_its_form_with_the_nouns_values(
        mechanism_pair: Callable[..., None]) -> None:
    from lambre_core.doc import Word
    from lambre_core.languages.el.inflect import inflect

    def fix(form: str, **want: str) -> list[str]:
        return inflect(Word(1, form, "ο", "DET", "_", {}, 2, "det"), want)

    # the masculine accusative's full form before its short one; the indefinite stays so
    assert fix("το", Case="Acc", Number="Sing", Gender="Masc")[:1] == ["τον"]
    assert fix("μια", Case="Nom", Number="Sing", Gender="Neut") == ["ένα"]
    assert fix("Ο", Case="Nom", Number="Sing", Gender="Fem") == ["Η"]
    mechanism_pair("el", "article fix", "Ο γυναίκα ήρθε.", "Ο", ["Η γυναίκα ήρθε."], fix="Η")


@pytest.mark.parametrize("name,error,word,clean", PAIRS, ids=[p[0] for p in PAIRS])
def test_error_found_and_correct_sentences_clean(name: str, error: str, word: str,
                                                 clean: list[str],
                                                 mechanism_pair: Callable[..., None]) -> None:
    mechanism_pair("el", name, error, word, clean)


def test_only_contractions_of_se_and_the_article_are_split() -> None:
    from lambre_core.parse import load_parser

    # the expander also split a noun ending like a contraction ("έτη" as "έ" + "τη")
    (s,) = load_parser("el").parse_sentences(
        ["Κατά τα τελευταία έτη υιοθετήθηκαν στη χώρα θετικά μέτρα."])
    assert [w.form for w in s.words][:6] == ["Κατά", "τα", "τελευταία", "έτη", "υιοθετήθηκαν",
                                             "σ"]
    assert [m.form for m in s.multiword] == ["στη"]
