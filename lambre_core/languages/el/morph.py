"""Greek analyses for the word classes whose form alone says what it can carry.

No Greek morphological dictionary installs offline, so only these classes get complete
analyses; every other word is left to the tagger (and proves nothing):

- the articles (definite and indefinite) and the personal pronouns, strong and clitic: closed
  paradigms, written out below. The masculine accusative "το" (its final -ν dropped before most
  consonants: "το γιατρό") is among the article's cells, and "ένα" is also the masculine
  accusative;
- finite verbs: person and number by their ending (the endings of the active and mediopassive,
  present and past, are the same for every verb), and every form of "είμαι";
- the cardinals that decline ("τρεις/τρία", "τέσσερις/τέσσερα", the hundreds);
- nouns by their lemma's declension where simplemma's word list gives the form a noun lemma
  whose gender its forms decide (``nouns``), else, and adjectives, by their ending: every cell
  any declension gives a form so ending (so a noun in "-α" is a feminine singular, a
  masculine's genitive or accusative, or a neuter plural), adjectives by stress and class
  where those decide, two-termination adjectives and declining neuters from lists mined from
  the train split (``scripts/el_lists.py``).

An ending's cells are only as sure as the phrase around the word: ``known_in_context`` trusts a
noun or adjective only inside an article's phrase the parse cannot have invented, or as an
adjective right before the listed noun it modifies (an ending table trusted everywhere flagged
4-5 % of held-out sentences falsely: genitive chains the parser joined, adverbs in -α,
indeclinables). A list of the train split's noun lemmas with declension tables, as Czech has,
was tried first and flagged 0.6 % of the test sentences falsely (a lemma missing from the list
whose form another lemma's table makes: "την πλάτη" read as the plural of "πλάτος"); the word
list's lemmas give a form cells only where the list gives it one of them.

``bench/calibrate_analyses.py el`` measures, on the treebank's held-out test split, how often the
gold analysis is among these, and how many there are per word."""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any

from ..paradigm_tables import read_word_list, spec_table
from .nouns import analyses as listed_noun
from .spelling import plain as _plain

_GENDERS = ("Masc", "Fem", "Neut")


def _genders(token: str) -> list[dict[str, str]]:
    """A cell spec's gender token: one gender, several joined by "/", or "*" (all three)."""
    return [{"Gender": g} for g in (_GENDERS if token == "*" else token.split("/"))]


def _table(entries: dict[str, str]) -> dict[str, tuple[dict[str, str], ...]]:
    return spec_table(entries, _genders)


_ARTICLES = _table({
    "ο": "Nom Sing Masc",
    "η": "Nom Sing Fem",
    "το": "Nom/Acc Sing Neut; Acc Sing Masc",
    "του": "Gen Sing Masc/Neut",
    "της": "Gen Sing Fem",
    "τον": "Acc Sing Masc",
    "την": "Acc Sing Fem",
    "τη": "Acc Sing Fem",
    "οι": "Nom Plur Masc/Fem",
    "τα": "Nom/Acc Plur Neut",
    "των": "Gen Plur *",
    "τους": "Acc Plur Masc",
    "τις": "Acc Plur Fem",
    "ένας": "Nom Sing Masc",
    "έναν": "Acc Sing Masc",
    "ένα": "Nom/Acc Sing Neut; Acc Sing Masc",
    "μια": "Nom/Acc Sing Fem",
    "μία": "Nom/Acc Sing Fem",
    "ενός": "Gen Sing Masc/Neut",
    "μιας": "Gen Sing Fem",
    "μίας": "Gen Sing Fem",
})


#: genitive articles that are also possessive clitics, which may stand before the noun after
#: an adjective ("το διοικητικό του κέντρο"): one more reading, naming no feature
_CLITIC_TWINS = frozenset({"του", "της", "τους"})


def article(form: str) -> list[dict[str, str]] | None:
    """An article's analyses (None for any other determiner)."""
    got = _ARTICLES.get(form.lower())
    if not got:
        return None
    out = [dict(b) for b in got]
    return out + [{}] if form.lower() in _CLITIC_TWINS else out


def _pronoun_table() -> dict[str, tuple[dict[str, str], ...]]:
    out: dict[str, list[dict[str, str]]] = {}

    def add(forms: str, person: str, number: str, cases: str, gender: str = "") -> None:
        for form in forms.split():
            for case in cases.split("/"):
                for g in gender.split("/") if gender else ("",):
                    b = {"Person": person, "Number": number, "Case": case}
                    if g:
                        b["Gender"] = g
                    if b not in out.setdefault(form, []):
                        out[form].append(b)

    add("εγώ", "1", "Sing", "Nom")
    add("εμένα μένα με", "1", "Sing", "Acc")
    add("μου", "1", "Sing", "Gen")
    add("εσύ", "2", "Sing", "Nom")
    add("εσένα σένα σε", "2", "Sing", "Acc")
    add("σου", "2", "Sing", "Gen")
    add("εμείς", "1", "Plur", "Nom")
    # (the clitics written with an accent before a verb: "μάς βοήθησε")
    add("εμάς μας μάς", "1", "Plur", "Acc/Gen")
    # "εσείς" addressing one person politely takes the plural verb: the verb's second person
    # plural has the singular reading its singular predicate agrees with (``verb``)
    add("εσείς", "2", "Plur", "Nom")
    add("εσάς σας σάς", "2", "Plur", "Acc/Gen")
    add("αυτός", "3", "Sing", "Nom", "Masc")
    add("αυτή", "3", "Sing", "Nom/Acc", "Fem")
    add("αυτήν", "3", "Sing", "Acc", "Fem")
    add("αυτό", "3", "Sing", "Nom/Acc", "Neut")
    add("αυτόν", "3", "Sing", "Acc", "Masc")
    add("αυτού", "3", "Sing", "Gen", "Masc/Neut")
    add("αυτής", "3", "Sing", "Gen", "Fem")
    add("αυτοί", "3", "Plur", "Nom", "Masc")
    add("αυτές", "3", "Plur", "Nom/Acc", "Fem")
    add("αυτά", "3", "Plur", "Nom/Acc", "Neut")
    add("αυτούς", "3", "Plur", "Acc", "Masc")
    add("αυτών", "3", "Plur", "Gen", "Masc/Fem/Neut")
    add("τον", "3", "Sing", "Acc", "Masc")
    add("την τη", "3", "Sing", "Acc", "Fem")
    add("το", "3", "Sing", "Acc", "Neut")
    add("του", "3", "Sing", "Gen", "Masc/Neut")
    add("της", "3", "Sing", "Gen", "Fem")
    add("τους", "3", "Plur", "Acc", "Masc")
    add("τους", "3", "Plur", "Gen", "Masc/Fem/Neut")
    add("τις", "3", "Plur", "Acc", "Fem")
    add("τα", "3", "Plur", "Acc", "Neut")
    return {k: tuple(v) for k, v in out.items()}


_PRONOUNS = _pronoun_table()


#: the personal pronouns of the first and second person, strong and clitic, but the clitics
#: that are also prepositions ("με", "σε"): pronouns and nothing else
_ONLY_PRONOUNS = frozenset({"εγώ", "εσύ", "εμείς", "εσείς", "εμένα", "εσένα", "εμάς", "εσάς",
                            "μου", "σου", "μας", "σας", "μάς", "σάς"})


def closed_class(form: str) -> str | None:
    """PRON for a personal pronoun of the first or second person, whatever the tagger said
    ("Εσύ", "μάς" read as nouns); None otherwise."""
    return "PRON" if form.lower() in _ONLY_PRONOUNS else None


def pronoun(form: str) -> list[dict[str, str]] | None:
    """A personal pronoun's analyses (None for every other pronoun)."""
    got = _PRONOUNS.get(form.lower())
    return [dict(b) for b in got] if got else None


#: finite endings (accents removed) -> (Person, Number) cells; longest first when matched. An
#: ending shared by two cells gives both ("-ε": the past's third person and the imperative's
#: second; "-α": the past's first person and an imperative)
_VERB_ENDINGS: dict[str, tuple[tuple[str, str], ...]] = {
    # active, present and subjunctive (with the contracted verbs: αγαπάω/αγαπώ, μπορώ)
    "ω": (("1", "Sing"),), "εις": (("2", "Sing"),), "ει": (("3", "Sing"),),
    "ουμε": (("1", "Plur"),), "ουμαι": (("1", "Sing"),), "ετε": (("2", "Plur"),),
    "ειτε": (("2", "Plur"),), "ουν": (("3", "Plur"),), "ουνε": (("3", "Plur"), ("3", "Sing")),
    "αω": (("1", "Sing"),), "ας": (("2", "Sing"),), "αει": (("3", "Sing"),),
    "αμε": (("1", "Plur"),), "ατε": (("2", "Plur"),),
    # "-ανε", "-ουνε": a third person plural, or a past third person singular ("επεσήμανε")
    "ανε": (("3", "Plur"), ("3", "Sing")),
    # active past
    "α": (("1", "Sing"), ("2", "Sing")), "ες": (("2", "Sing"),),
    # the sigmatic past's first person; its imperative ends in -ε ("ρώτησα", "ρώτησε")
    "σα": (("1", "Sing"),), "ξα": (("1", "Sing"),), "ψα": (("1", "Sing"),),
    "ε": (("3", "Sing"), ("2", "Sing")), "αν": (("3", "Plur"),),
    # the imperative's second person plural ("δώστε", "επιλέξτε", "αφήστε")
    "τε": (("2", "Plur"),),
    # mediopassive present and past (with the contracted -άμαι verbs: φοβάμαι, φοβάστε)
    "αμαι": (("1", "Sing"),), "ασαι": (("2", "Sing"),), "αται": (("3", "Sing"),),
    "αστε": (("2", "Plur"),), "ουνται": (("3", "Plur"),), "ουμαστε": (("1", "Plur"),),
    "ομαι": (("1", "Sing"),), "εσαι": (("2", "Sing"),), "εται": (("3", "Sing"),),
    "ομαστε": (("1", "Plur"),), "εστε": (("2", "Plur"),), "οσαστε": (("2", "Plur"),),
    "ονται": (("3", "Plur"),), "ιεμαι": (("1", "Sing"),), "ιεσαι": (("2", "Sing"),),
    "ιεται": (("3", "Sing"),), "ιομαστε": (("1", "Plur"),), "ιεστε": (("2", "Plur"),),
    "ιουνται": (("3", "Plur"),), "ομουν": (("1", "Sing"),), "ομουνα": (("1", "Sing"),),
    "οσουν": (("2", "Sing"),), "οσουνα": (("2", "Sing"),), "οταν": (("3", "Sing"),),
    "οτανε": (("3", "Sing"),), "ομασταν": (("1", "Plur"),), "οσασταν": (("2", "Plur"),),
    "ονταν": (("3", "Plur"),), "οντουσαν": (("3", "Plur"),),
    # passive aorist
    "ηκα": (("1", "Sing"),), "ηκες": (("2", "Sing"),), "ηκε": (("3", "Sing"),),
    "ηκαμε": (("1", "Plur"),), "ηκατε": (("2", "Plur"),), "ηκαν": (("3", "Plur"),),
}
#: "είμαι" (its third person serves both numbers)
_EIMAI = {
    "ειμαι": (("1", "Sing"),), "εισαι": (("2", "Sing"),), "ειναι": (("3", "Sing"), ("3", "Plur")),
    "ειμαστε": (("1", "Plur"),), "ειστε": (("2", "Plur"), ("2", "Sing")),
    "εισαστε": (("2", "Plur"), ("2", "Sing")), "ημουν": (("1", "Sing"),),
    "ημουνα": (("1", "Sing"),), "ησουν": (("2", "Sing"),), "ησουνα": (("2", "Sing"),),
    "ηταν": (("3", "Sing"), ("3", "Plur")), "ητανε": (("3", "Sing"), ("3", "Plur")),
    "ημασταν": (("1", "Plur"),), "ημαστε": (("1", "Plur"),), "ησασταν": (("2", "Plur"),),
    "ησαστε": (("2", "Plur"),),
}


def verb(form: str, lemma: str | None) -> list[dict[str, str]] | None:
    """A finite verb's person and number by its ending (a second person plural also addresses
    one person politely); None for a non-finite form or an ending no table has."""
    low = _plain(form)
    if (lemma and _plain(lemma) == "ειμαι") or low in _EIMAI:
        cells = _EIMAI.get(low)
    else:
        if low.endswith(("οντας", "ωντας", "μενος", "μενη", "μενο", "μενοι", "μενες", "μενα")):
            return None  # a gerund or a participle
        ending = next((e for e in sorted(_VERB_ENDINGS, key=len, reverse=True)
                       if low.endswith(e) and len(low) > len(e) and len(low) >= 3), None)
        cells = _VERB_ENDINGS[ending] if ending else None
    if not cells:
        return None
    if form.lower().endswith("ά") and ("1", "Sing") in cells:
        cells = (*cells, ("3", "Sing"))  # a contracted verb's present: "αγαπά", "ξεκινά"
    out = [{"Person": p, "Number": n} for p, n in cells]
    if ("2", "Plur") in cells and ("2", "Sing") not in cells:
        out.append({"Person": "2", "Number": "Sing"})
    return out


#: a noun's ending (accents removed) -> every cell any declension gives a form ending so: the
#: masculine in -ος/-ας/-ης/-ές/-ούς/-έας, the feminine in -α/-η/-ος/-ού, the neuter in
#: -ο/-ι/-ος/-μα/-ον. Longest ending first.
_NOUN_ENDINGS = {
    "οι": "Nom/Voc Plur Masc/Fem",
    "ους": "Acc Plur Masc/Fem; Gen Sing Neut/Fem; Nom Sing Masc",
    "ες": "Nom/Acc/Voc Plur Masc/Fem",
    "εις": "Nom/Acc/Voc Plur Masc/Fem",
    "ων": "Gen Plur *; Nom Sing Masc",
    "ος": "Nom Sing Masc/Fem; Nom/Acc/Voc Sing Neut",
    # the neuter's genitive in -ατος, -οντος ("γράμματος", "ενδιαφέροντος")
    "τος": "Nom Sing Masc/Fem; Nom/Acc/Voc Sing Neut; Gen Sing Neut",
    "ου": "Gen Sing *",
    # the neuter in both numbers: a loan in -ο is indeclinable ("τα βίντεο")
    "ο": "Acc/Voc Sing Masc/Fem; Nom/Acc/Voc Sing Neut; Nom/Acc/Voc Plur Neut",
    # both numbers: a loan in -ι is indeclinable ("τα ταξί")
    "ι": "Nom/Acc/Voc Sing Neut; Nom/Acc/Voc Plur Neut",
    "ον": "Nom/Acc/Voc Sing Neut",
    "ας": "Nom Sing Masc; Gen Sing Fem",
    "ης": "Nom Sing Masc; Gen Sing Fem",
    "εως": "Gen Sing Fem/Neut",
    # every gender has a form in -α and in -η: the cells prove nothing alone, but an article
    # beside the noun narrows them ("ο γυναίκα" has no reading)
    "α": "Nom/Acc/Voc Sing Fem; Gen/Acc/Voc Sing Masc; Nom/Acc/Voc Plur Neut",
    "η": "Nom/Acc/Voc Sing Fem; Gen/Acc/Voc Sing Masc; Nom/Acc/Voc Plur Neut",
    # the neuters in -μα ("μήνυμα"), beside the feminines ("κρέμα") and the -α cells
    "μα": "Nom/Acc/Voc Sing Fem/Neut; Gen/Acc/Voc Sing Masc; Nom/Acc/Voc Plur Neut",
    "ματα": "Nom/Acc/Voc Sing Fem; Gen/Acc/Voc Sing Masc; Nom/Acc/Voc Plur Neut",
}
#: stressed endings with cells of their own: "ο καφές" (its plural "καφέδες" is in "-ες"),
#: "η αλεπού", "της αλεπούς"
_NOUN_STRESSED = {
    "ές": "Nom Sing Masc",
    # (and the neuter loans in -ού, indeclinable: "τα μενού")
    "ού": "Nom/Acc/Voc Sing Fem; Nom/Acc/Voc Sing Neut; Nom/Acc/Voc Plur Neut",
    "ούς": "Gen Sing Fem",
}
#: words of the two classes that do not decline though their ending looks declined: adverbs and
#: learned adjectives ("το εξής", "των επιμέρους στόχων", "προς τα εμπρός") and masculine loans in -ι ("ένας
#: καμικάζι"); a closed class
_INDECLINABLE = frozenset({"εξής", "επιμέρους", "εγγύς", "άνευ", "ανά", "καμικάζι", "γκουρού",
                           "μεταξύ", "πλην", "μείον", "συν", "εμπρός", "μπρος"}) | frozenset(
    # the cardinals from five up, which a tagger may read as adjectives
    "πέντε έξι εφτά επτά οχτώ οκτώ εννιά εννέα δέκα έντεκα ένδεκα δώδεκα είκοσι τριάντα σαράντα "
    "πενήντα εξήντα εβδομήντα ογδόντα ενενήντα εκατό".split())
#: the neuters in -ας ("το κρέας"): a closed class
_NEUTER_AS = frozenset({"κρέας", "πέρας", "τέρας", "γήρας", "άλας", "σέλας", "κέρας", "δέρας"})
#: an adjective's ending -> its cells: -ος/-η(-α)/-ο, -ύς/-ιά/-ύ and -ής/-ές. The two-termination
#: adjectives in -ος, also feminine ("η απαισιόδοξος"), get their feminine cells in
#: ``adjective``
_ADJ_ENDINGS = {
    "ος": "Nom Sing Masc",
    "ου": "Gen Sing Masc/Neut",
    "ο": "Acc Sing Masc; Nom/Acc/Voc Sing Neut",
    "οι": "Nom/Voc Plur Masc",
    # "-ους": also the genitive of the -ής adjectives ("επιτυχούς")
    "ους": "Acc Plur Masc; Gen Sing *",
    "ων": "Gen Plur *; Nom Sing Masc",
    # "-ες": also the participles' masculine plural ("συμμετέχοντες") and the -ής adjectives'
    # neuter, stressed or not ("συνεχές", "θεμελιώδες")
    "ες": "Nom/Acc/Voc Plur Masc/Fem; Nom/Acc/Voc Sing Neut",
    "εις": "Nom/Acc/Voc Plur Masc/Fem",
    "ης": "Gen Sing Fem",
    # the -ης/-ες adjectives stressed before their ending ("τρομώδης", "θεμελιώδη",
    # "συνήθης", "πλήρη")
    "ωδης": "Nom Sing Masc/Fem", "ηθης": "Nom Sing Masc/Fem", "ηρης": "Nom Sing Masc/Fem",
    "ωδη": "Acc Sing Masc/Fem; Nom/Acc/Voc Plur Neut",
    "ηθη": "Acc Sing Masc/Fem; Nom/Acc/Voc Plur Neut",
    "ηρη": "Acc Sing Masc/Fem; Nom/Acc/Voc Plur Neut",
    # active participles used as adjectives ("τον τρέχοντα μήνα", "την τρέχουσα")
    "οντα": "Acc Sing Masc; Nom/Acc/Voc Plur Neut", "ωντα": "Acc Sing Masc; Nom/Acc/Voc Plur Neut",
    "ουσα": "Nom/Acc/Voc Sing Fem", "ουσας": "Gen Sing Fem",
    "οντος": "Gen Sing Masc/Neut", "ωντος": "Gen Sing Masc/Neut",
    "ας": "Gen Sing Fem",
    "α": "Nom/Acc/Voc Sing Fem; Nom/Acc/Voc Plur Neut",
    "η": "Nom/Acc/Voc Sing Fem",
    "υς": "Nom Sing Masc",
    "υ": "Acc Sing Masc; Nom/Acc/Voc Sing Neut",
    "ον": "Nom/Acc/Voc Sing Neut",
}
#: the -ής adjectives ("συνεχής, συνεχή"), stressed on the ending (an unstressed "-ης", "-η" is
#: the feminine of an adjective in -ος: "βιώσιμης", "κόκκινη")
_ADJ_STRESSED = {
    "ής": "Nom Sing Masc/Fem",
    "ή": "Acc Sing Masc/Fem; Nom/Acc/Voc Plur Neut",
}


#: ending -> cells, the longest ending first (so "-ματα" is looked at before "-α")
Cells = dict[str, tuple[dict[str, str], ...]]


def _longest_first(entries: dict[str, str]) -> Cells:
    table = _table(entries)
    return {e: table[e] for e in sorted(table, key=len, reverse=True)}


_NOUN_CELLS, _ADJ_CELLS = _longest_first(_NOUN_ENDINGS), _longest_first(_ADJ_ENDINGS)
_NOUN_STRESSED_CELLS, _ADJ_STRESSED_CELLS = _table(_NOUN_STRESSED), _table(_ADJ_STRESSED)


def _by_ending(form: str, plain_cells: Cells, stressed_cells: Cells
               ) -> list[dict[str, str]] | None:
    low = form.lower()
    plain = _plain(form)
    if len(plain) < 3 or not plain.isalpha() or low in _INDECLINABLE:
        return None
    if plain.endswith(("ει", "αι")):
        return None  # an archaic dative ("επί τη βάσει"), a verb's ending: not the -ι of a neuter
    ending = next((e for e in plain_cells if plain.endswith(e)), None)
    if ending is None:
        return None
    out = [dict(b) for b in plain_cells[ending]]
    for e, bundles in stressed_cells.items():
        if low.endswith(e):
            out += [dict(b) for b in bundles if b not in out]
    return out


@cache
def _listed(name: str) -> frozenset[str]:
    """One of the pack's lemma lists (``scripts/el_lists.py``), read once."""
    return read_word_list(Path(__file__).with_name(name))


def noun(form: str, lemma: str | None = None) -> list[dict[str, str]] | None:
    """A common noun's analyses: its lemma's declension where simplemma's word list gives its
    gender (``nouns``), else by its ending: every cell a form so ending has in any
    declension (None for an ending that says nothing, or a word not Greek in form). A neuter in
    -ι or -ο is of either number (a loan is indeclinable), but one the train split shows with a
    plural of its own is singular ("παιδί": "παιδιά"); one in -ός stressed on it is no neuter's
    nominative or accusative."""
    if form.lower() in _NEUTER_AS:
        return [{"Case": c, "Number": "Sing", "Gender": "Neut"} for c in ("Nom", "Acc", "Voc")]
    listed = listed_noun(form, lemma)
    if listed is not None:
        return listed
    out = _by_ending(form, _NOUN_CELLS, _NOUN_STRESSED_CELLS)
    if out and _plain(form).endswith("ος") and _stressed_from_end(form) == 1:
        # the neuters in -ος are never stressed on it ("το δάσος", "το λάθος"): "αδελφός" is
        # no neuter's nominative or accusative
        out = [b for b in out if not (b.get("Gender") == "Neut" and b.get("Case") != "Gen")]
    if out and lemma and _plain(form) == _plain(lemma) and _plain(form).endswith(("ι", "ο")) \
            and lemma.lower() in _listed("declining_neuters.txt"):
        out = [b for b in out if not (b.get("Gender") == "Neut" and b.get("Number") == "Plur")]
    if out and _plain(form).endswith("ος") and _stressed_from_end(form) == 1 and (
            _plain(form) in _ONE_GENITIVES
            or (lemma and not _plain(lemma).endswith("ος"))):
        # a form in -ός whose lemma is no noun in -ος is no such noun's nominative: a learned
        # genitive of the third declension ("του πυρός", of "πυρ"), or the genitive of "one"
        # and the pronouns made of it ("του καθενός"), whatever its lemma
        out += [{"Case": "Gen", "Number": "Sing", "Gender": g} for g in ("Masc", "Fem", "Neut")]
    return out


#: the genitives of "ένας" and of the pronouns made of it (without accents)
_ONE_GENITIVES = frozenset({"ενος", "κανενος", "καθενος"})


def _syllables(text: str) -> int:
    plain = _plain(text)
    return sum(1 for i, c in enumerate(plain) if c in "αεηιουω"
               and not (i and plain[i - 1] + c in ("αι", "ει", "οι", "ου", "υι", "αυ", "ευ")))


def _stressed_from_end(word: str) -> int:
    """Which syllable carries the accent, counted from the end (1: the last); 0 if none."""
    low = unicodedata.normalize("NFD", word.lower())
    at = next((i for i, c in enumerate(low) if c in "\u0301\u0341"), None)
    if at is None:
        return 0
    return _syllables(unicodedata.normalize("NFC", low[at:])) + 1


def _feminine_in_os(lemma: str) -> bool:
    """Whether an adjective in -ος may keep its masculine endings in the feminine ("η
    κατάλληλος", "η έγκυος"): one the train split shows so, or a learned one not stressed on its
    ending that is long or stressed three syllables from the end (the two-termination
    adjectives are compounds: "απαισιόδοξος", "ρυπογόνος", "έγκυος")."""
    low = lemma.lower()
    stress = _stressed_from_end(low)
    return low in _listed("two_termination.txt") or (
        stress != 1 and (_syllables(low) >= 4 or stress == 3))


def adjective(form: str, lemma: str | None = None) -> list[dict[str, str]] | None:
    """An adjective's analyses by its ending (the three-termination declensions); an adjective
    in -ης that is its own lemma is also the -ης/-ες declension's nominative ("πλήρης",
    "τρομώδης"), and a two-termination one's masculine endings are also feminine."""
    out = _by_ending(form, _ADJ_CELLS, _ADJ_STRESSED_CELLS)
    if out is None or not lemma:
        return out
    plain, plain_lemma = _plain(form), _plain(lemma)
    if plain.endswith("ης") and plain == plain_lemma:
        out += [b for b in ({"Case": "Nom", "Number": "Sing", "Gender": g} for g in ("Masc", "Fem"))
                if b not in out]
    if plain_lemma.endswith("ος") and _feminine_in_os(lemma):
        out += [dict(b, Gender="Fem") for b in out if b.get("Gender") == "Masc"
                and dict(b, Gender="Fem") not in out]
    return out


#: the cardinals that decline: three, four (one is an article's form); the hundreds and "χίλιοι"
#: below, like adjectives in the plural
_NUMERALS = _table({
    "τρεις": "Nom/Acc Plur Masc/Fem", "τρία": "Nom/Acc Plur Neut", "τριών": "Gen Plur *",
    "τέσσερις": "Nom/Acc Plur Masc/Fem", "τέσσερα": "Nom/Acc Plur Neut",
    "τεσσάρων": "Gen Plur *",
})
_HUNDREDS = ("διακοσι", "τριακοσι", "τετρακοσι", "πεντακοσι", "εξακοσι", "επτακοσι", "εφτακοσι",
             "οκτακοσι", "οχτακοσι", "εννιακοσι", "εννεακοσι", "χιλι")
_HUNDRED_ENDINGS = {"οι": "Nom Plur Masc", "ους": "Acc Plur Masc", "ες": "Nom/Acc Plur Fem",
                    "α": "Nom/Acc Plur Neut", "ων": "Gen Plur *"}
_HUNDRED_CELLS = _table(_HUNDRED_ENDINGS)


def numeral(form: str) -> list[dict[str, str]] | None:
    """A declining cardinal's analyses (None for the others, which do not decline)."""
    got = _NUMERALS.get(form.lower())
    if got:
        return [dict(b) for b in got]
    plain = _plain(form)
    for stem in _HUNDREDS:
        if plain.startswith(stem) and plain[len(stem):] in _HUNDRED_CELLS:
            return [dict(b) for b in _HUNDRED_CELLS[plain[len(stem):]]]
    return None


def analyses(form: str, upos: str, lemma: str | None) -> list[dict[str, str]] | None:
    """Every analysis of ``form`` as ``upos`` for the classes above; None for the rest."""
    if upos == "DET":
        return article(form)
    if upos == "PRON":
        # a pronoun in -ος declines as an adjective ("άλλος", "ίδιος", "κάποιος": "έναν άλλο",
        # the masculine accusative without its final -ν)
        return pronoun(form) or (adjective(form, lemma) if (lemma or "").endswith("ος")
                                 else None)
    if upos in ("VERB", "AUX"):
        return verb(form, lemma)
    if upos == "NOUN":
        return noun(form, lemma)
    if upos == "ADJ":  # (a cardinal the tagger took for an adjective is the cardinal)
        return numeral(form) or adjective(form, lemma)
    if upos == "NUM":
        return numeral(form)
    return None


#: the auxiliary of the perfect tenses: the verb after it is a non-finite form ending like a
#: third person singular ("έχει γράψει")
_ECHO = frozenset({"έχω", "έχεις", "έχει", "έχουμε", "έχετε", "έχουν", "έχουνε", "είχα",
                   "είχες", "είχε", "είχαμε", "είχατε", "είχαν", "είχανε", "έχοντας"})
_NEGATION_AND_CLITICS = frozenset({"δεν", "μην", "θα", "να"}) | frozenset(_PRONOUNS)


#: an adjective's citation form (the masculine nominative singular) ends so: "-ης" only stressed
#: ("ακριβής") or in the classes stressed before it; a noun's ("δράστης") is not
_ADJ_LEMMA = ("ος", "υς", "ων", "ωδης", "ηθης", "ηρης")


def _adjective_like(word: Any) -> bool:
    return word.upos == "ADJ" and bool(word.lemma) and (
        _plain(word.lemma).endswith(_ADJ_LEMMA) or word.lemma.lower().endswith("ής"))


def _has_article(sentence: Any, word: Any) -> bool:
    return any(w.head == word.id and w.id < word.id and w.deprel.split(":")[0] == "det"
               and article(w.form) for w in sentence.words)


def _own_token(sentence: Any, word: Any) -> bool:
    """Whether a word is a token of its own or the article of a preposition's contraction
    ("στη"): an article the tokenizer cut out of another word ("έτη") is none."""
    for m in getattr(sentence, "multiword", ()):
        if m.first <= word.id <= m.last:
            return word.id == m.last and sentence.word(m.first).upos == "ADP"
    return True


def _fit(a: list[dict[str, str]], b: list[dict[str, str]]) -> bool:
    """Whether two words' cells share a reading (a cell naming no feature fits any)."""
    return any(all(y.get(k, v) == v for k, v in x.items()) for x in a for y in b)


def _in_article_phrase(sentence: Any, word: Any) -> bool:
    """Whether a noun or adjective stands in a phrase whose shape the parse cannot have
    invented: an article (or a declining cardinal) attached to the noun, then only adjectives
    attached to it, then the noun ("η καλή γυναίκα"); after a preposition, the preposition right
    before the article. A
    genitive chain ("των μεταλλείων χρυσού"), a phrase the parser joined across other words, or
    a genitive clitic read as an article before an adjective ("μεταξύ τους πολιτικό") is not
    one: an ending's cells prove something only where the words are sure to belong together."""
    if word.upos == "NOUN" or (word.upos == "ADJ" and _has_article(sentence, word)
                               and not (word.head and sentence.word(word.head).upos == "NOUN")):
        # (an adjective with an article of its own and no noun to modify stands for its noun)
        head_noun = word
    elif _adjective_like(word) and word.head:
        head_noun = sentence.word(word.head)
        if head_noun.upos not in ("NOUN", "ADJ") or head_noun.id < word.id:
            return False
    else:
        return False
    # the phrase's opener: an article, or a cardinal that declines ("τρία βιβλία")
    art = next((w for w in sentence.words if w.head == head_noun.id and w.id < word.id
                and ((w.deprel.split(":")[0] == "det" and article(w.form))
                     or (w.upos in ("NUM", "ADJ") and numeral(w.form)))), None)
    if art is None or not _own_token(sentence, art):
        return False
    opener = article(art.form) or numeral(art.form) or []
    between = [sentence.word(i) for i in range(art.id + 1, head_noun.id)]
    if not all(b.head == head_noun.id and _adjective_like(b) for b in between):
        return False
    if between:
        if art.form.lower() in _CLITIC_TWINS:
            return False
        # with adjectives between, the article and the noun must fit each other: where they
        # do not, the noun is a genitive the parser took for the head ("μια φιλόδοξη στρατηγική
        # βιώσιμης κινητικότητας") or the article a numeral ("από μια έμμεσες διερμηνείες").
        # But where every adjective fits one of them and the other is the odd one out, the
        # phrase is whole and that one is wrong: the noun, when the word list declines it
        # ("ο πρώτος αγώνα"), or the article ("των καθημερινές εμπειρίες", "ένα καλύτερη
        # επιλογή"), but for an indefinite one after "από", which may be the numeral of "more
        # than one"
        noun_cells = analyses(head_noun.form, head_noun.upos, head_noun.lemma) or []
        if not _fit(opener, noun_cells):
            cells = [analyses(b.form, b.upos, b.lemma) or [] for b in between]
            # (a noun that can only be a genitive may be the attribute of a noun the tagger
            # read as an adjective, "μια νέα τεχνική ανάλυσης", and so may one after an
            # adjective that is also a listed noun's form, whatever lemma the tagger gave it:
            # "ενός καταλόγου τρομοκρατών"; a pronominal adjective stands
            # for its noun: "ο ίδιος")
            plain_adjectives = not any(_plain(b.lemma) in _PRONOMINAL for b in between)
            odd_noun = plain_adjectives and listed_noun(head_noun.form, head_noun.lemma) \
                is not None and any(b.get("Case") != "Gen" for b in noun_cells) \
                and all(_fit(opener, c) and listed_noun(b.form) is None
                        for b, c in zip(between, cells, strict=True))
            # (an article that fits a word after the noun may be that word's, the noun and
            # its adjectives a genitive put between them: "στο ουσιαστικής σημασίας αυτό θέμα")
            odd_article = plain_adjectives and (art.form.lower() in _DEFINITE or (
                art.id > 1 and _plain(sentence.word(art.id - 1).form) != "απο")) \
                and all(_fit(noun_cells, c) for c in cells) \
                and not any(_fit(opener, analyses(w.form, w.upos, w.lemma) or [])
                            for w in _rest_of_clause(sentence, head_noun))
            if not (odd_noun or odd_article):
                return False
        # an adjective's neuter plural in -α before another adjective is an adverb
        # ("μιας δημοκρατικά νομιμοποιημένης αρχής")
        if any(_plain(b.form).endswith("α") for b in between[:-1]):
            return False
    head = sentence.word(head_noun.head) if head_noun.head else None
    # (a demonstrative may stand between the preposition and the article: "σ' αυτή τη νίκη")
    if head is not None and head.upos == "ADP" and (head.id > art.id or any(
            sentence.word(i).head != head_noun.id
            or _plain(sentence.word(i).lemma) not in _DEMONSTRATIVES
            for i in range(head.id + 1, art.id))):
        return False
    return True


def _adjective_before_noun(sentence: Any, word: Any) -> bool:
    """Whether a word is one of a pair the parse cannot have invented without an article: an
    adjective of the three-termination declension attached to the noun right after it, which
    the word list declines ("σε καίρια ερωτήσεις" is no pair: an adjective's neuter plural in
    -α may be an adverb; nor a pronominal adjective, or one that is also a listed noun's
    form, a noun the tagger read as an adjective)."""
    if word.upos == "ADJ":
        adj = word
        noun = sentence.word(word.id + 1) if word.id < len(sentence.words) else None
    elif word.upos == "NOUN" and word.id > 1:
        adj, noun = sentence.word(word.id - 1), word
    else:
        return False
    if noun is None or noun.upos != "NOUN" or adj.upos != "ADJ" or adj.head != noun.id \
            or any(w.head == noun.id and w.id < noun.id and w.deprel.split(":")[0] == "det"
                   for w in sentence.words):
        return False
    plain_lemma = _plain(adj.lemma)
    if not plain_lemma.endswith("ος") or plain_lemma in _PRONOMINAL or _plain(adj.form)[-1:] == "α" \
            or listed_noun(adj.form) is not None or numeral(adj.form) \
            or listed_noun(noun.form, noun.lemma) is None:
        return False
    # (a capitalised pair inside a sentence is a name's: "Νέα Δημοκρατία")
    return not ((adj.form[:1].isupper() and adj.id > 1) or noun.form[:1].isupper())


def _rest_of_clause(sentence: Any, word: Any) -> list[Any]:
    """The nominal words after ``word`` up to the next punctuation mark or verb, but for its
    own possessive clitic ("οι εμπειρίες μας") and the definite article's forms (an article is
    no other article's word: "τις πρώτη εκκλησία του Χριστού")."""
    out = []
    for i in range(word.id + 1, len(sentence.words) + 1):
        w = sentence.word(i)
        if w.upos in ("PUNCT", "VERB", "AUX"):
            break
        if w.upos in ("NOUN", "ADJ", "DET", "PRON", "NUM") \
                and not (w.upos == "PRON" and w.head == word.id) \
                and w.form.lower() not in _DEFINITE:
            out.append(w)
    return out


#: adjectives that stand for their noun after the article ("ο ίδιος", "οι άλλοι")
_PRONOMINAL = frozenset({"ιδιος", "αλλος", "καθενας", "ενας", "πολυς", "λιγος", "ολος",
                         "μονος", "δικος", "τετοιος", "τοσος", "ποιος", "οποιος", "καποιος",
                         "οποιοσδηποτε"})
#: the definite article's forms
_DEFINITE = frozenset(f for f in _ARTICLES if f not in ("ένας", "ενός", "έναν", "ένα", "μια",
                                                        "μία", "μιας", "μίας"))
#: the demonstratives' lemmas, which come before the article ("αυτή η πόλη")
_DEMONSTRATIVES = frozenset({"αυτος", "εκεινος", "τουτος"})


def data_files() -> tuple[Path, ...]:
    """The data this analyzer reads besides its code (simplemma's word list where installed)."""
    from ..word_list import data_file

    listed = data_file("el")
    return (Path(__file__).with_name("two_termination.txt"),
            Path(__file__).with_name("declining_neuters.txt"), *([listed] if listed else []))


def known_in_context(sentence: Any, word: Any) -> bool:
    """Not a capitalised word inside a sentence (a name's word the tagger took for an
    adjective or a verb), nor a verb after the perfect's auxiliary (its non-finite form); a
    noun or an adjective only inside an article's phrase (``_in_article_phrase``) or as a pair
    of an adjective and the listed noun right after it (``_adjective_before_noun``)."""
    if word.upos in ("NOUN", "ADJ") and not numeral(word.form) \
            and not _in_article_phrase(sentence, word) \
            and not _adjective_before_noun(sentence, word):
        return False
    if word.upos in ("VERB", "AUX"):
        i = word.id - 1
        while i >= 1 and sentence.word(i).form.lower() in _NEGATION_AND_CLITICS:
            i -= 1
        if i >= 1 and sentence.word(i).form.lower() in _ECHO:
            return False
    if not word.form[:1].isupper() or word.id == 1:
        return True
    return sentence.word(word.id - 1).form in _OPENERS


_OPENERS = frozenset("«»\"'(–—-:.!;")


def readings_in_context(sentence: Any, word: Any, options: tuple[Any, ...]) -> tuple[Any, ...]:
    """A genitive article's clitic twin (``_CLITIC_TWINS``: its reading naming no feature)
    before a noun, an adjective or a name is a possessive after its host, a noun or an
    adjective. It is the article alone where no host stands before it: at the start of a
    sentence or after punctuation, after a finite verb of the first or third person (which
    takes its clitics before it; only an imperative or a gerund has them after:
    "λαμβάνουν τους λόγο"), after a preposition or a conjunction (which take no clitic: "για
    του μέλλον", "και τους παιδιά"), or after a word stressed three syllables from the end that has no
    second accent (``_hosts_no_clitic``: "μετάδοσης της ασθενειών", where a clitic would
    have made it "μετάδοσής της")."""
    if word.form.lower() not in _CLITIC_TWINS or word.id >= len(sentence.words) \
            or sentence.word(word.id + 1).upos not in ("NOUN", "ADJ", "PROPN"):
        return options
    before = sentence.word(word.id - 1) if word.id > 1 else None
    verb = before is not None and before.upos in ("VERB", "AUX") \
        and before.feats.get("VerbForm") == "Fin" and before.feats.get("Person") in ("1", "3") \
        and before.feats.get("Mood") != "Imp"
    if before is None or before.upos in ("PUNCT", "ADP", "CCONJ", "SCONJ") or verb \
            or _hosts_no_clitic(before.form):
        return tuple(o for o in options if "Case" in o) or options
    return options


def _hosts_no_clitic(form: str) -> bool:
    """A word stressed three syllables from the end with one accent, which an enclitic would
    have given a second accent on its last syllable ("το όνομά μου"). Not where an unstressed
    ι or υ before a vowel after the accent may make one syllable with it (synizesis:
    "καινούριο μου" is stressed on its second syllable from the end)."""
    low = unicodedata.normalize("NFD", form.lower())
    marks = [i for i, c in enumerate(low) if c in "\u0301\u0341"]
    if len(marks) != 1 or _stressed_from_end(form) != 3:
        return False
    return re.search("[ιυ][αεηιοω]", _plain(low[marks[0]:])) is None
