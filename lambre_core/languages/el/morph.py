"""Greek analyses for the word classes whose form alone says what it can carry.

No Greek morphological dictionary installs offline, so only these classes get complete
analyses; every other word is left to the tagger (and proves nothing):

- the articles (definite and indefinite) and the personal pronouns, strong and clitic: closed
  paradigms, written out below. The masculine accusative "το" (its final -ν dropped before most
  consonants: "το γιατρό") is among the article's cells, and "ένα" is also the masculine
  accusative;
- finite verbs: person and number by their ending (the endings of the active and mediopassive,
  present and past, are the same for every verb), and every form of "είμαι".

Adjectives and nouns are left out: an ending table of adjectives misses the two-termination
ones (-ος also feminine: "η απαισιόδοξος"), 97.4 % of the test split's adjectives; nouns from a
list of the train split's lemmas and their declension tables (as Czech has) proved wrong on
the held-out text: a lemma missing from the list whose form another lemma's table makes
("την πλάτη" read as the plural of "πλάτος"), and a noun in a case a misparse forced on it
(0.6 % of the test sentences flagged falsely, for one more suite error found).

``bench/calibrate_analyses.py el`` measures, on the treebank's held-out test split, how often the
gold analysis is among these, and how many there are per word."""

from __future__ import annotations

import unicodedata
from typing import Any

from ..paradigm_tables import spec_table

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
    add("εμάς μας", "1", "Plur", "Acc/Gen")
    # "εσείς" also addresses one person politely, with a singular predicate
    add("εσείς", "2", "Plur", "Nom")
    add("εσείς", "2", "Sing", "Nom")
    add("εσάς σας", "2", "Plur", "Acc/Gen")
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


def pronoun(form: str) -> list[dict[str, str]] | None:
    """A personal pronoun's analyses (None for every other pronoun)."""
    got = _PRONOUNS.get(form.lower())
    return [dict(b) for b in got] if got else None


def _plain(text: str) -> str:
    """Lower case without accents or diaeresis (an ending's stress moves with the word)."""
    return "".join(c for c in unicodedata.normalize("NFD", text.lower())
                   if not unicodedata.combining(c))


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


def analyses(form: str, upos: str, lemma: str | None) -> list[dict[str, str]] | None:
    """Every analysis of ``form`` as ``upos`` for the classes above; None for the rest."""
    if upos == "DET":
        return article(form)
    if upos == "PRON":
        return pronoun(form)
    if upos in ("VERB", "AUX"):
        return verb(form, lemma)
    return None


#: the auxiliary of the perfect tenses: the verb after it is a non-finite form ending like a
#: third person singular ("έχει γράψει")
_ECHO = frozenset({"έχω", "έχεις", "έχει", "έχουμε", "έχετε", "έχουν", "έχουνε", "είχα",
                   "είχες", "είχε", "είχαμε", "είχατε", "είχαν", "είχανε", "έχοντας"})
_NEGATION_AND_CLITICS = frozenset({"δεν", "μην", "θα", "να"}) | frozenset(_PRONOUNS)


def known_in_context(sentence: Any, word: Any) -> bool:
    """Not a capitalised word inside a sentence (a name's word the tagger took for an
    adjective or a verb), nor a verb after the perfect's auxiliary (its non-finite form)."""
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
