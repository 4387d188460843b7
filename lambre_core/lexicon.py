"""An inflection lexicon: (lemma, UPOS) -> feature bundle -> surface forms, and form -> analyses.

Harvested from treebanks (every word outside a multiword token gives one entry), optionally from a
UniMorph-format TSV (``lemma<TAB>form<TAB>features``), and widened on demand by lexicons that ship
on PyPI through the language packs' ``paradigm`` and ``form_bundles`` hooks (German
``german-nouns``, Russian ``pymorphy3``), each of which maps its own tag set to UD features.

Uses: noise for robust training (forms of the same lemma differing in one feature) and syncretism
(a form whose analyses include a value cannot prove a violation on that feature).
"""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from .doc import Sentence
from .errors import LambreError
from .files import open_text

#: the features a bundle holds: the inflectional ones the rules and the noise work with
BUNDLE_FEATURES = ("Animacy", "Case", "Degree", "Gender", "Mood", "Number", "Person", "Tense",
                   "VerbForm", "Voice")

Bundle = tuple[tuple[str, str], ...]

#: how many lemmas must show two cells, and what share of them with one form, for the cells to
#: count as always sharing it (``Lexicon.syncretisms``)
SYNCRETISM_LEMMAS = 5
SYNCRETISM_SHARE = 0.95
#: lemmas that must show an (ending, cell) pair before a closed-class form of that ending fills
#: the cell by analogy
ANALOGY_LEMMAS = 3
#: the features whose values may share forms, each with the features that must agree around it
#: (cases within a number; genders within a number and case)
_SYNCRETIC = (("Case", ("Number",)), ("Gender", ("Number", "Case")))

#: a feature belongs to a word class when the treebank writes it on this share of the class's
#: entries, counted once there are this many of them (``Lexicon.class_features``)
CLASS_FEATURE_SHARE = 0.01
CLASS_FEATURE_ENTRIES = 50

#: word classes whose treebank-harvested analyses are taken as complete
CLOSED_CLASSES = ("DET", "PRON", "AUX")


def _ending_key(lemma: str, form: str) -> tuple[str, str]:
    """What the lemma and the form end in after their common beginning, the lemma's last
    letter always in its ending (a lemma and a form that differ in their last letter: those two
    letters; a form one letter longer: the lemma's last letter and the form's last two); two
    empty strings when they share fewer than three letters (the forms of a short article: no
    stem to compare)."""
    a, b = lemma.lower(), form.lower()
    n = 0
    while n < min(len(a) - 1, len(b)) and a[n] == b[n]:
        n += 1
    return (a[n:], b[n:]) if n >= 3 else ("", "")


def bundle_of(feats: dict[str, str]) -> Bundle:
    """The inflectional part of a feature dict, as a hashable sorted tuple."""
    return tuple(sorted((k, v) for k, v in feats.items() if k in BUNDLE_FEATURES))


def _norm(form: str, upos: str) -> str:
    # nouns keep their capital (German); everything else is stored lower-cased so that a
    # sentence-initial capital does not create a second form
    return form if upos in ("NOUN", "PROPN") else form.lower()


@dataclass
class Lexicon:
    """A lexicon for one language; ``sources`` names where its entries came from."""

    lang: str
    paradigms: dict[tuple[str, str], dict[Bundle, set[str]]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(set)))
    index: dict[str, set[tuple[str, str, Bundle]]] = field(
        default_factory=lambda: defaultdict(set))
    sources: list[str] = field(default_factory=list)
    #: use PyPI lexicons (german-nouns, pymorphy3) for lemmas and forms the entries lack
    external: bool = True
    _class_features: dict[str, frozenset[str] | None] = field(
        default_factory=dict, repr=False, compare=False)

    def add(self, lemma: str, upos: str, feats: dict[str, str] | Bundle, form: str) -> None:
        """Record that ``form`` realises ``lemma``/``upos`` with ``feats``."""
        b = feats if isinstance(feats, tuple) else bundle_of(feats)
        if not b or not form or not lemma or lemma == "_":
            return
        f = _norm(form, upos)
        self.paradigms[(lemma, upos)][b].add(f)
        self.index[f.lower()].add((lemma, upos, b))
        self._class_features.clear()  # (counted again from the new entries when asked)

    def add_sentences(self, sentences: Iterable[Sentence]) -> None:
        """Harvest every word that is its own surface token."""
        for s in sentences:
            inside = {i for m in s.multiword for i in range(m.first, m.last + 1)}
            for w in s.words:
                if w.id not in inside:
                    self.add(w.lemma, w.upos, w.feats, w.form)

    def add_unimorph(self, path: str | os.PathLike[str]) -> None:
        """Read a UniMorph TSV (lemma, form, features like ``N;NOM;SG``)."""
        with open_text(path) as fh:
            for n, line in enumerate(fh, 1):
                parts = line.rstrip("\n").split("\t")
                if not line.strip():
                    continue
                if len(parts) < 3:
                    raise LambreError("expected lemma<TAB>form<TAB>features", str(path), n, 1)
                upos, feats = unimorph_to_ud(parts[2])
                if upos:
                    self.add(parts[0], upos, feats, parts[1])
        self.sources.append(f"unimorph:{path}")

    # -- queries ----------------------------------------------------------------------------

    def paradigm(self, lemma: str, upos: str) -> dict[Bundle, set[str]]:
        """All known bundles and forms of a lemma (entries, then the PyPI lexicons)."""
        out: dict[Bundle, set[str]] = defaultdict(set)
        for b, forms in self.paradigms.get((lemma, upos), {}).items():
            out[b] |= forms
        if self.external:
            for b, forms in external_paradigm(self.lang, lemma, upos).items():
                out[b] |= forms
        return out

    def analyses(self, form: str, upos: str | None = None) -> set[Bundle]:
        """Every bundle ``form`` is known to realise (optionally for one UPOS)."""
        out = {b for (_lem, u, b) in self.index.get(form.lower(), ()) if upos in (None, u)}
        if self.external:
            out |= external_analyses(self.lang, form, upos)
        return out

    def lemma(self, form: str, upos: str) -> str | None:
        """The lemma of a known ``form`` tagged ``upos`` (None when the entries lack it).

        Several candidates (a German noun and an adverb that differ only in the capital) are
        told apart by the form's own capitalisation, then by length and spelling, so the choice
        is deterministic."""
        cands = {lem for (lem, u, _b) in self.index.get(form.lower(), ()) if u == upos}
        if not cands:
            return None
        return min(cands, key=lambda lem: (lem[:1].isupper() != form[:1].isupper(), len(lem), lem))

    def constraint_analyses(self, form: str, upos: str) -> set[Bundle]:
        """Analyses complete enough to constrain a tagger: treebank entries only for closed
        classes (a treebank sees most forms of a determiner, few of an adjective), plus the PyPI
        lexicons, whose paradigms are complete."""
        out: set[Bundle] = set()
        if upos in CLOSED_CLASSES:
            out = {b for (_lem, u, b) in self.index.get(form.lower(), ()) if u == upos}
        if self.external:
            out |= external_analyses(self.lang, form, upos)
        return out

    def closed_analyses(self, form: str, upos: str) -> set[Bundle]:
        """``constraint_analyses`` completed by the treebank's syncretisms: a treebank shows a
        form in some of the cells it fills; the cells that always share one form in its
        paradigms fill in the rest (a Czech pronoun's form seen as a locative plural only is the
        genitive plural too). What the precise checker takes as a closed-class word's analyses."""
        out = self.constraint_analyses(form, upos)
        implied = self.syncretisms(upos)
        out |= {b2 for b in out for b2 in implied.get(b, ())}
        return out | self._by_analogy(form, upos)

    def _by_analogy(self, form: str, upos: str) -> set[Bundle]:
        """The cells a closed-class form fills by its ending, as the treebank's words of its
        declension show them: a Czech relative pronoun's form ends like the same form of an
        ordinary adjective, which is the feminine genitive, dative and locative singular too,
        cells the treebank never showed the pronoun's form in. Only the features the form's own
        analyses carry are kept."""
        if has_paradigms(self.lang):
            # the PyPI lexicon has the cells (Russian), or the treebank shows a small set of
            # determiners in nearly all of theirs and analogy only adds its annotation slips
            # (a German demonstrative tagged as a dative singular)
            return set()
        table = self.analogies(upos)
        entries = [(lem, b) for (lem, u, b) in self.index.get(form.lower(), ()) if u == upos]
        out: set[Bundle] = set()
        for lemma in {lem for lem, _b in entries}:
            keys = {k for lem, b in entries if lem == lemma for k, _ in b}
            for b2 in table.get(_ending_key(lemma, form), ()):
                out.add(tuple((k, v) for k, v in b2 if k in keys))
        return out

    def analogies(self, upos: str) -> dict[tuple[str, str], frozenset[Bundle]]:
        """(lemma ending, form ending) -> the bundles at least ``ANALOGY_LEMMAS`` lemmas of the
        treebank's paradigms of ``upos`` show with that pair (determiners pooled with the
        adjectives, which decline alike: an ordinary adjective for a relative pronoun). Learned
        once per word class."""
        cache = self.__dict__.setdefault("_analogies", {})
        if upos in cache:
            return cache[upos]
        pooled = (upos, "ADJ") if upos == "DET" else (upos,)
        lemmas: dict[tuple[tuple[str, str], Bundle], set[str]] = defaultdict(set)
        for (lemma, u), raw in self.paradigms.items():
            if u not in pooled:
                continue
            for bundle, forms in raw.items():
                for f in forms:
                    key = _ending_key(lemma, f)
                    if key[0]:
                        lemmas[(key, bundle)].add(lemma)
                        # an oblique plural is one form for every gender (Czech and Greek
                        # adjectives): counted across genders, it keeps no gender
                        d = dict(bundle)
                        if d.get("Number") == "Plur" and d.get("Case") not in (
                                None, "Nom", "Acc", "Voc") and "Gender" in d:
                            genderless = tuple((k, v) for k, v in bundle
                                               if k not in ("Gender", "Animacy"))
                            lemmas[(key, genderless)].add(lemma)
        table: dict[tuple[str, str], set[Bundle]] = defaultdict(set)
        for (key, bundle), lems in lemmas.items():
            if len(lems) >= ANALOGY_LEMMAS:
                table[key].add(bundle)
        cache[upos] = {k: frozenset(v) for k, v in table.items()}
        return cache[upos]

    def syncretisms(self, upos: str) -> dict[Bundle, frozenset[Bundle]]:
        """Cases that share their form in the treebank's paradigms of ``upos``: bundle -> the
        bundles it implies (the same bundle in another case), where, within one number and
        gender, at least ``SYNCRETISM_LEMMAS`` lemmas show both cases and at least
        ``SYNCRETISM_SHARE`` of them with a common form (the Slavic plural genitive and locative
        of the pronominal declension). Determiners learn together with adjectives, which
        decline alike (the Czech relative pronoun like an ordinary adjective). Learned once per
        word class."""
        cache = self.__dict__.setdefault("_syncretisms", {})
        if upos in cache:
            return cache[upos]
        # (feature, value, other value, context): lemmas showing both cells / with one form
        both: dict[tuple[str, str, str, tuple[str, ...]], int] = defaultdict(int)
        same: dict[tuple[str, str, str, tuple[str, ...]], int] = defaultdict(int)
        pooled = (upos, "ADJ") if upos == "DET" else (upos,)
        for (_lemma, u), raw in self.paradigms.items():
            if u not in pooled:
                continue
            for feat, context in _SYNCRETIC:
                cells: dict[tuple[str, tuple[str, ...]], set[str]] = defaultdict(set)
                for bundle, forms in raw.items():
                    d = dict(bundle)
                    if feat in d and all(c in d for c in context):
                        cells[(d[feat], tuple(d[c] for c in context))] |= forms
                for (v1, ctx1), f1 in cells.items():
                    for (v2, ctx2), f2 in cells.items():
                        if v1 != v2 and ctx1 == ctx2:
                            both[(feat, v1, v2, ctx1)] += 1
                            same[(feat, v1, v2, ctx1)] += bool(f1 & f2)
        pairs = [key for key, n in both.items()
                 if n >= SYNCRETISM_LEMMAS and same[key] >= SYNCRETISM_SHARE * n]
        contexts = dict(_SYNCRETIC)
        implied: dict[Bundle, frozenset[Bundle]] = {}
        for bundles in ({b for (_l, u, b) in entries if u == upos}
                        for entries in self.index.values()):
            for bundle in bundles:
                more: set[Bundle] = set()
                todo = [bundle]
                while todo:  # the closure: a case, then a gender (a pronoun's plural: Loc -> Gen -> Fem)
                    d = dict(todo.pop())
                    for feat, v1, v2, ctx in pairs:
                        if d.get(feat) == v1 and tuple(d.get(c, "") for c in contexts[feat]) == ctx:
                            b2 = tuple(sorted({**d, feat: v2}.items()))
                            if b2 != bundle and b2 not in more:
                                more.add(b2)
                                todo.append(b2)
                if more:
                    implied[bundle] = frozenset(more)
        cache[upos] = implied
        return implied

    def only_upos(self, form: str, upos: str, initial: bool = False) -> str | None:
        """The one content word class a known form has when the tagger gave it another
        (a Russian common noun tagged ADV is a NOUN), else None. From the complete PyPI lexicon only
        (pymorphy3's dictionary words); names and function words are left to the tagger, but
        for the sentence's first word, whose capital says nothing: a capitalized common noun
        tagged PROPN is the noun (a name has no dictionary class here)."""
        from .languages import language

        pack = language(self.lang)
        closed = pack.closed_class(form)
        if closed is not None and closed != upos:
            return closed  # a pronoun the small tagger read as a noun
        if initial and upos in ("NOUN", "PROPN"):
            first = pack.initial_class(form)
            if first is not None:
                return first  # a verb opening a question, read as a noun by its capital
        if not self.external or not (pack.dictionary_retags or pack.retag_function_words) or not (
                upos in _RETAGGABLE or (initial and upos == "PROPN")):
            return None
        classes = pack.word_classes(form)
        if not classes or upos in classes:
            return None
        if pack.retag_function_words and len(classes) == 1 and classes <= {"ADP", "PART"}:
            return next(iter(classes))  # a preposition a small treebank never showed
        if not pack.dictionary_retags:
            return None
        if upos in ("DET", "PRON") and classes & {"DET", "PRON"}:
            return None  # pronominal words (relative, demonstrative): the tagger's class stands
        content = classes & {"NOUN", "VERB", "ADJ", "ADV"}
        if upos == "PROPN" and content != {"NOUN"}:
            return None  # place names read as possessive adjectives (by their suffix) stay names
        if len(content) == 1 and classes <= content | {"DET", "PRON"}:
            return next(iter(content))
        return None

    def class_features(self, upos: str) -> frozenset[str] | None:
        """The inflection features the treebank writes on words of ``upos`` (on at least
        ``CLASS_FEATURE_SHARE`` of its entries); None when it has too few entries of the class
        to tell. A tagger that gives a noun a degree or an adverb a case guessed them."""
        cache = self._class_features
        if upos not in cache:
            counts: dict[str, int] = defaultdict(int)
            n = 0
            for entries in self.index.values():
                for _lem, u, b in entries:
                    if u == upos:
                        n += 1
                        for f, _v in b:
                            counts[f] += 1
            cache[upos] = None if n < CLASS_FEATURE_ENTRIES else frozenset(
                f for f, c in counts.items() if c >= CLASS_FEATURE_SHARE * n)
        return cache[upos]

    def feature_values(self, form: str, upos: str | None, feature: str) -> set[str]:
        """The values ``feature`` takes across the analyses of ``form`` (syncretism test)."""
        vals: set[str] = set()
        for b in self.analyses(form, upos):
            for k, v in b:
                if k == feature:
                    vals.update(v.split(","))
        return vals

    def neighbours(self, lemma: str, upos: str, feats: dict[str, str], form: str,
                   features: Iterable[str]) -> list[tuple[str, str, str, str]]:
        """Forms of the lemma whose bundle differs from ``feats`` in exactly one of ``features``.

        Returns ``(new_form, feature, old_value, new_value)``; forms equal to ``form`` (case
        aside) are skipped, as are forms that also realise the current bundle (syncretic)."""
        cur = dict(bundle_of(feats))
        if not cur:
            return []
        allowed = set(features)
        para = self.paradigm(lemma, upos)
        cur_forms = {f.lower() for f in para.get(tuple(sorted(cur.items())), set())}
        cur_forms.add(form.lower())
        out = []
        for b, forms in para.items():
            d = dict(b)
            if set(d) != set(cur):
                continue
            diff = [k for k in d if d[k] != cur[k]]
            if len(diff) != 1 or diff[0] not in allowed:
                continue
            k = diff[0]
            for f in sorted(forms):
                if f.lower() not in cur_forms:
                    out.append((f, k, cur[k], d[k]))
        return out


# -- UniMorph ------------------------------------------------------------------------------

_UM_POS = {"N": "NOUN", "ADJ": "ADJ", "V": "VERB", "V.PTCP": "VERB", "PRO": "PRON", "DET": "DET",
           "ART": "DET", "PROPN": "PROPN", "ADV": "ADV"}
_UM_FEATS = {
    "NOM": ("Case", "Nom"), "ACC": ("Case", "Acc"), "GEN": ("Case", "Gen"),
    "DAT": ("Case", "Dat"), "INS": ("Case", "Ins"), "ESS": ("Case", "Loc"),
    "LOC": ("Case", "Loc"), "VOC": ("Case", "Voc"), "ABL": ("Case", "Abl"),
    "SG": ("Number", "Sing"), "PL": ("Number", "Plur"), "DU": ("Number", "Dual"),
    "MASC": ("Gender", "Masc"), "FEM": ("Gender", "Fem"), "NEUT": ("Gender", "Neut"),
    "1": ("Person", "1"), "2": ("Person", "2"), "3": ("Person", "3"),
    "PRS": ("Tense", "Pres"), "PST": ("Tense", "Past"), "FUT": ("Tense", "Fut"),
    "IND": ("Mood", "Ind"), "SBJV": ("Mood", "Sub"), "IMP": ("Mood", "Imp"),
    "COND": ("Mood", "Cnd"), "NFIN": ("VerbForm", "Inf"), "PTCP": ("VerbForm", "Part"),
    "ANIM": ("Animacy", "Anim"), "INAN": ("Animacy", "Inan"),
    "CMPR": ("Degree", "Cmp"), "RL": ("Degree", "Sup"),
}


def unimorph_to_ud(tags: str) -> tuple[str | None, dict[str, str]]:
    """UniMorph ``N;NOM;SG`` -> (``NOUN``, {Case: Nom, Number: Sing})."""
    parts = tags.split(";")
    upos = next((_UM_POS[p] for p in parts if p in _UM_POS), None)
    feats: dict[str, str] = {}
    for p in parts:
        if p in _UM_FEATS:
            k, v = _UM_FEATS[p]
            feats[k] = v
    if upos == "VERB" and "VerbForm" not in feats:
        feats["VerbForm"] = "Fin"
    return upos, feats


#: tagger word classes a lexicon may correct (never names, punctuation or function words)
_RETAGGABLE = {"NOUN", "VERB", "ADJ", "ADV", "DET", "PRON", "NUM", "X"}

@lru_cache(maxsize=20000)
def external_paradigm(lang: str, lemma: str, upos: str) -> dict[Bundle, set[str]]:
    """The paradigm of a lemma in the language pack's paradigm lexicon (empty when none covers
    it, or the language has none)."""
    from .languages import language

    hook = language(lang).paradigm
    return dict(hook(lemma, upos)) if hook is not None else {}


def has_paradigms(lang: str) -> bool:
    """Whether the language's pack has a paradigm lexicon (``external_analyses``)."""
    from .languages import language

    return language(lang).paradigm is not None


@lru_cache(maxsize=50000)
def external_analyses(lang: str, form: str, upos: str | None) -> frozenset[Bundle]:
    """Every bundle the language pack's paradigm lexicon gives ``form``."""
    from .languages import language

    hook = language(lang).form_bundles
    return frozenset(hook(form, upos)) if hook is not None else frozenset()


def build_lexicon(lang: str, conllu_files: Iterable[str | os.PathLike[str]] = (),
                  unimorph: str | os.PathLike[str] | None = None,
                  external: bool = True) -> Lexicon:
    """A lexicon from treebank files (and a UniMorph TSV), widened by PyPI lexicons."""
    from .conllu_io import read_conllu

    lex = Lexicon(lang, external=external)
    for f in conllu_files:
        lex.add_sentences(read_conllu(f))
        lex.sources.append(f"treebank:{Path(f).name}")
    if unimorph is not None:
        lex.add_unimorph(unimorph)
    if external:
        from .languages import language

        lex.sources.append(language(lang).paradigm_name or "none")
    return lex


def save_lexicon_tsv(lex: Lexicon, path: str | os.PathLike[str]) -> None:
    """Write the harvested entries as ``form<TAB>lemma<TAB>UPOS<TAB>feats`` lines (sorted)."""
    from .conllu_io import atomic_write

    rows = set()
    for (lemma, upos), bundles in lex.paradigms.items():
        for b, forms in bundles.items():
            feats = "|".join(f"{k}={v}" for k, v in b)
            for f in forms:
                rows.add(f"{f}\t{lemma}\t{upos}\t{feats}")
    atomic_write(path, "".join(r + "\n" for r in sorted(rows)))


def load_lexicon_tsv(path: str | os.PathLike[str], lang: str, external: bool = True) -> Lexicon:
    """Read a lexicon written by ``save_lexicon_tsv``."""
    lex = Lexicon(lang, external=external)
    # a few hundred distinct feature strings stand for tens of thousands of rows: each is
    # parsed once (this load is on the way to a server's first diagnostics)
    bundles: dict[str, Bundle] = {}
    with open_text(path) as fh:
        for n, line in enumerate(fh, 1):
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 4:
                raise LambreError("expected form<TAB>lemma<TAB>UPOS<TAB>feats", str(path), n, 1)
            form, lemma, upos, feats = parts
            b = bundles.get(feats)
            if b is None:
                b = bundles[feats] = bundle_of(
                    dict(p.split("=", 1) for p in feats.split("|") if "=" in p))
            lex.add(lemma, upos, b, form)
    lex.sources.append(f"tsv:{Path(path).name}")
    return lex
