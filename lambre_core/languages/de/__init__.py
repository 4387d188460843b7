"""German: articles that show case, strong and weak adjective declension, capitalized nouns,
verb-final subordinate clauses; the dictionaries are german-nouns and ablaut
(``morph_de.py`` in this package)."""

from __future__ import annotations

from ..base import Language, lazy, words


def _verb_lemmas(form: str, feats: dict[str, str] | None = None) -> set[str]:
    from .lemmas import german_verb_lemmas

    return set(german_verb_lemmas(form, feats)) if feats is not None \
        else set(german_verb_lemmas(form))


#: forms of one class whatever the small tagger says (it reads rare prepositions and the
#: oblique forms of "jemand" as adverbs, and the number "eins" as a determiner: "von eins bis
#: zehn"): written small, so "Trotz" (the noun) is not one
_CLOSED = {**dict.fromkeys(("trotz", "mittels", "seitens", "angesichts", "bezüglich",
                            "hinsichtlich", "zwecks"), "ADP"),
           **dict.fromkeys(("jemandem", "jemanden", "niemandem", "niemanden"), "PRON"),
           # "irgend-" before an ein-word or "welch-" is an article of its own, whatever the
           # tagger says (it reads "irgendeinem" as an adjective, and the adjective after it
           # as the first of an article-less phrase)
           **dict.fromkeys([f"irgend{w}{e}" for w in ("ein", "welch")
                            for e in ("", "e", "em", "en", "er", "es")
                            if (w, e) != ("welch", "")], "DET"),
           "eins": "NUM"}


def _closed_class(form: str) -> str | None:
    return _CLOSED.get(form)


def _initial_class(form: str) -> str | None:
    """A capitalized first word that is a finite verb and no noun opens a question or an
    imperative ("Ergibt das Sinn?", "Gibt es ...", "Nimm ..."): an auxiliary or a verb."""
    from .morph_de import _noun_analyses, verb_lemmas

    if not form[:1].isupper() or form.isupper() or _noun_analyses(form):
        return None
    lemmas = verb_lemmas(form.lower(), {"VerbForm": "Fin"})
    if not lemmas:
        return None
    return "AUX" if lemmas[0] in LANGUAGE.aux_chain else "VERB"


def _known_verb(form: str) -> bool:
    from .morph_de import verb_lemmas

    return bool(verb_lemmas(form))


def _listed_infinitive(low: str) -> bool:
    from .morph_de import verb_lemmas, word_list_verbs

    return low in word_list_verbs() or low in verb_lemmas(low, {"VerbForm": "Inf"})


def _known_adjective(low: str) -> bool:
    from .morph_de import _positive_lemma, _split_adj

    split = _split_adj(low)
    return split is not None and _positive_lemma(split[0]) is not None


def _infinitive(low: str) -> bool:
    from .morph_de import _is_infinitive

    return low.endswith(("en", "eln", "ern")) and bool(_is_infinitive(low))


def _bare_comparative(low: str) -> bool:
    from .morph_de import _adj_info

    info = _adj_info(low, None)
    return info is not None and info[1] == "er"


def _noun_analyses(form: str) -> list[dict[str, str]]:
    from . import morph_de

    try:
        return list(morph_de.analyses(form, "NOUN", None) or [])
    except Exception:  # a noun lexicon that fails to answer proves nothing either way
        return []


def _numeral(w: object) -> bool:
    # a German number word tagged a determiner: a plural reading without case ("zwei", "drei")
    from ...analyses import analyzer_for

    if getattr(w, "upos", "") != "DET":
        return False
    analyze, _ = analyzer_for("de")
    got = (analyze(getattr(w, "form", ""), "DET", None) if analyze is not None else None) or []
    return bool(got) and all("Case" not in o and o.get("Number") == "Plur" for o in got)


def _data_files() -> tuple[object, ...]:
    # the treebank's lexicon and the adjective and verb lemmas of simplemma's word list
    from .morph_de import _LEXICON_TSV, WORD_LIST_ADJECTIVES, WORD_LIST_VERBS

    return (_LEXICON_TSV, WORD_LIST_ADJECTIVES, WORD_LIST_VERBS)


_EIN = words("ein eine einen einem einer eines")
#: nouns of quantity whose verb may follow the counted plural ("die Hälfte der Schüler waren")
QUANTITY_NOUNS = ("Hälfte", "Drittel", "Viertel", "Mehrheit", "Minderheit", "Reihe", "Menge",
                  "Anzahl", "Zahl", "Teil", "Großteil", "Gruppe", "Paar", "Dutzend", "Prozent",
                  "Million", "Milliarde", "Hundert", "Tausend", "Rest", "Handvoll", "Vielzahl",
                  "Mehrzahl")
#: question and relative words that open a clause of their own
QUESTION_WORDS = words("was wer wen wem wessen wie wo wann warum weshalb wieso ob dass daß")
_PERSONAL = words("mir dir ihm uns euch ihnen mich dich sich ihn")

LANGUAGE = Language(
    infinitive_lemmas=True,
    code="de",
    analyzer=lazy(f"{__name__}.morph", "analyzer"),
    analyzer_name="morph_de",
    complete_analyses=lazy(f"{__name__}.morph", "complete_analyses"),
    inflect=lazy(f"{__name__}.morph", "inflect"),
    paradigm=lazy(f"{__name__}.nouns", "paradigm"),
    form_bundles=lazy(f"{__name__}.nouns", "form_bundles"),
    paradigm_name="german-nouns",
    lemma=lazy(f"{__name__}.lemmas", "lemma"),
    noun_lemma=lazy(f"{__name__}.lemmas", "german_noun_lemma"),
    listed_acronym=lazy(f"{__name__}.morph_de", "listed_acronym"),
    lemma_evidence=True,
    closed_class=_closed_class,
    initial_class=_initial_class,
    lemma_dictionary=lazy(f"{__name__}.lemmas", "dictionary"),
    data_files=_data_files,
    noun_capitals=True,
    article_declension=True,
    digits_only_numerals=True,
    and_words=words("und sowie"),
    clause_joiners=words("und oder aber"),
    relative_pronouns=words("welcher welche welches"),
    polite_pronouns=words("sie"),
    demonstrative_subjects=words("das dies es"),
    copula_lemmas=words("sein werden"),
    verb_second=True,
    standalone_subjects=words("alles das dies dieses jenes manches vieles einiges beides"),
    predicate_verbs=words("sein werden bleiben heißen scheinen"),
    reflexives=words("sich"),
    title_nouns=words("herr"),
    time_nouns=words("""tag woche monat jahr stunde minute sekunde abend morgen nacht mittag mal
        zeit semester wochenende sommer winter frühling herbst moment augenblick
        gestern heute vorgestern übermorgen"""),
    foreign_name_links=words("of for"),
    name_particles=words("von van"),
    time_position_nouns=words("anfang ende mitte"),
    time_adjectives=("nächst", "übernächst", "letzt", "vorletzt", "vergangen", "kommend", "vorig",
                     "folgend"),
    range_words=words("bis oder"),
    floating_quantifiers=words("alle alles beide beides"),
    plural_floating=words("alle beide"),
    summing_floating=words("alles beides"),
    neuter_articles=words("das dem des ein einem eines dieses diesem"),
    weak_after_article=("viel", "wenig"),
    plural_quantifiers=words("viel viele mehrere zahlreiche wenige beide etliche"),
    aux_chain={"haben": ("Part",), "sein": ("Part",), "werden": ("Inf", "Part"),
               **{m: ("Inf",) for m in ("können", "müssen", "sollen", "wollen", "dürfen",
                                        "mögen", "möchten", "lassen")}},
    question_words=QUESTION_WORDS,
    subordinators=words("""solange sobald sooft soweit sofern wenn weil obwohl obgleich nachdem
        bevor ehe seitdem damit falls indem sodass"""),
    indefinite_articles=_EIN,
    indefinite_base="ein",
    fixed_phrases=frozenset({("vor", "allem"), ("trotz", "allem"), ("bei", "allem"),
                             ("über", "alles"), ("unter", "anderem")}),
    partitive_determiners=_EIN | {f"{stem}{end}" for stem in ("viel", "einig", "manch", "wenig",
                                                              "mehrer", "kein", "jed", "beid")
                                  for end in ("e", "en", "er", "es", "em")},
    small_quantities=words("paar bisschen bißchen"),
    personal_pronouns=_PERSONAL,
    no_determiner=_PERSONAL | {"was"},
    either_declension=("irgendwelch", "jeglich", "sämtlich", "solch", "manch"),
    relative_determiners=words("der die das den dem denen deren dessen"),
    contractions=words("""am im zum zur vom beim ins ans aufs durchs fürs ums übers unters vors
        hinters überm unterm vorm hinterm hintern untern übern"""),
    contracted={f"{p} {a}": c for c, (p, a) in {
        "am": ("an", "dem"), "im": ("in", "dem"), "zum": ("zu", "dem"), "zur": ("zu", "der"),
        "vom": ("von", "dem"), "beim": ("bei", "dem"), "ins": ("in", "das"),
        "ans": ("an", "das"), "aufs": ("auf", "das"), "durchs": ("durch", "das"),
        "fürs": ("für", "das"), "ums": ("um", "das"), "übers": ("über", "das"),
        "unters": ("unter", "das"), "vors": ("vor", "das")}.items()},
    superlative_contraction="am",
    superlative_ending="sten",
    comparison_words=words("als wie"),
    quantity_nouns=frozenset(q.lower() for q in QUANTITY_NOUNS),
    circumpositions=frozenset({("um", "willen")}),
    nearest_conjunct_agreement=True,
    unit_coordination=True,
    infinitive_particle="zu",
    particle_verbs=words("bitte danke"),
    postposed_adps=words("nach entlang gegenüber zufolge wegen halber"),
    degree_words=words("viel wenig lang lange sehr"),
    gerundive_endings=("nd", "nde", "ndes", "nder", "ndem", "nden"),
    infinitive_adps=words("ohne um statt anstatt"),
    clause_adps=words("während seit seitdem bis außer"),
    span_adp="bis",
    unit_nouns=words("uhr"),
    caseless_pronouns=words("was"),
    existential_subject="es",
    existential_verb="geben",
    numeral=_numeral,
    verb_lemmas=_verb_lemmas,
    known_verb=_known_verb,
    known_adjective=_known_adjective,
    infinitive=_infinitive,
    listed_infinitive=_listed_infinitive,
    bare_comparative=_bare_comparative,
    noun_analyses=_noun_analyses,
    subject_failures=lazy(f"{__name__}.clauses", "subject_failures"),
    subject_clause=lazy(f"{__name__}.clauses", "clause_may_be_subject"),
)
