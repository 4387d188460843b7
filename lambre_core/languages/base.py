"""The language interface: what the language-free checker asks a language pack.

A pack (``lambre_core/languages/<code>/``) declares one :class:`Language`: facts about its
clauses (does it drop subjects, capitalize nouns, put adpositions after their object), its
closed classes as lower-case forms or lemmas (conjunctions, relative words, copulas, ...), and
hooks into its dictionary where it has one. Every field has a neutral default, so a language
without a pack (or a pack that leaves a field out) simply has no mechanism that needs it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


def words(text: str) -> frozenset[str]:
    """A closed class written as one whitespace-separated string."""
    return frozenset(text.split())


def lazy(module: str, name: str) -> Callable[..., Any]:
    """``module.name``, imported on its first call: a pack names its clause checker or analyzer
    without loading it (and its dictionaries) when the pack itself is loaded."""

    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    return call


def _never(_form: str) -> bool:
    return False


def accusative_animacy(feats: Mapping[str, str]) -> bool:
    """An attribute in the masculine or plural accusative, whose form shows its noun's
    animacy (East Slavic: "новый стол", "нового друга")."""
    return feats.get("Case") == "Acc" and (
        feats.get("Number") == "Plur" or feats.get("Gender") == "Masc")


def _no_word(_form: str) -> str | None:
    return None


def no_closed_class(_form: str) -> str | None:
    """The default ``closed_class``: no form is held to one class."""
    return None


@dataclass(frozen=True)
class Language:
    """Everything the checker knows about one language (see the module docstring)."""

    code: str
    # --- clause facts
    #: subjects may be dropped: a "subject" that can be an object may be one
    pro_drop: bool = False
    #: a definite object before its verb is doubled by a clitic ("τα παιδιά τα είδα"): a noun
    #: with its article before the verb and no clitic between is the subject
    doubled_fronted_objects: bool = False
    #: a noun subject proves its verb's number wrong only beside it (clitics, particles and
    #: auxiliaries between): farther away, attraction to a genitive, sense agreement and the
    #: parse's errors are likelier than the writer's
    subjects_beside_verb: bool = False
    #: every noun is capitalized (a capital then says nothing about names; an adjective written
    #: small is no noun)
    noun_capitals: bool = False
    #: the present tense leaves the copula unsaid ("она готова"): an adjective after a
    #: pronoun may be its predicate
    zero_copula: bool = False
    #: adpositions follow their object ("onun kadar")
    postpositional: bool = False
    #: a past-tense verb takes the gender of the person a noun or name refers to
    gender_by_referent: bool = False
    #: an adjective in the instrumental after its noun is a secondary predicate
    predicative_instrumental: bool = False
    #: attributive adjectives stand before their noun: one after it is a noun or a predicate
    attributes_precede: bool = False
    #: adjectives decline strong or weak by the article before them, and the article shows
    #: the case (the German mechanisms of articles, quantifiers and fixed phrases)
    article_declension: bool = False
    #: numerals govern the case and number of their noun phrase ("два новых студента")
    counting_phrases: bool = False
    #: participles are tagged as adjectives: any participle reading of one makes it doubtful
    participles_as_adjectives: bool = False

    # --- closed classes (lower case)
    #: conjunctions that make a coordinated subject plural
    and_words: frozenset[str] = frozenset()
    #: conjunctions after which a clause may follow a subordinate clause ("und", "oder", "aber")
    clause_joiners: frozenset[str] = frozenset()
    #: relative pronouns (lemmas or forms): they agree with an antecedent, not the next noun
    relative_pronouns: frozenset[str] = frozenset()
    #: the relative pronoun whose agreement with the noun before its comma decides blame
    relative_lemma: str = ""
    #: polite plural pronouns whose predicate adjective may be singular
    polite_pronouns: frozenset[str] = frozenset()
    #: subject pronouns whose verb takes the number of their antecedent ("те, кто поступают")
    number_by_antecedent: frozenset[str] = frozenset()
    #: (preposition, closing word) pairs of a circumposition, which governs another case than
    #: its preposition alone ("um ... willen": the genitive)
    circumpositions: frozenset[tuple[str, str]] = frozenset()
    #: nouns of quantity (lower-case lemmas) whose verb may take the number of the plural they
    #: count ("die Mehrheit der Schüler waren")
    quantity_nouns: frozenset[str] = frozenset()
    #: demonstratives that, as a copula's subject, let it agree with the predicate instead
    demonstrative_subjects: frozenset[str] = frozenset()
    #: demonstrative determiners (lower-case lemmas), for taggers that leave out PronType
    demonstratives: frozenset[str] = frozenset()
    #: verbs that take a predicative instrumental ("стать", "считаться": "ставшую вирусной")
    predicative_verbs: frozenset[str] = frozenset()
    #: copula lemmas (the verb then agrees with the predicate after a demonstrative subject)
    copula_lemmas: frozenset[str] = frozenset()
    #: a main clause holds one phrase before its finite verb (German)
    verb_second: bool = False
    #: a verb's lemma is its infinitive (a verb lemma the treebank shows is an infinitive form)
    infinitive_lemmas: bool = False
    #: determiner forms that also stand alone as a neuter pronoun subject ("everything", "this"):
    #: before a predicate noun of a copula with no subject, they may be that subject
    standalone_subjects: frozenset[str] = frozenset()
    #: verbs whose second noun phrase is a nominative predicate ("Er ist ein Lehrer")
    predicate_verbs: frozenset[str] = frozenset()
    #: masculine nouns that name men only: a feminine verb after them is an error
    male_nouns: frozenset[str] = frozenset()
    #: verbs that take no object in the accusative or genitive (of motion and position): a
    #: noun before one that could be such an object is its subject
    intransitive_verbs: frozenset[str] = frozenset()
    #: relative and question words (lemmas) that open a clause right after a preposition
    wh_lemmas: frozenset[str] = frozenset()
    #: prepositions comparing a measure with a noun in the accusative ("размером с тарелку")
    measure_comparative: frozenset[str] = frozenset()
    #: the reciprocal pronoun's uninflected first part ("друг друга")
    reciprocal: str = ""
    #: prepositions of a comitative phrase that make a subject plural ("брат с сестрой")
    comitative: frozenset[str] = frozenset()
    #: endings of reflexive verbs (lower case), which take no accusative object: the noun
    #: before one is no fronted object of a dropped subject ("-ся")
    reflexive_verb_endings: tuple[str, ...] = ()
    #: reflexive pronouns a tagger may take for determiners ("для себя")
    reflexives: frozenset[str] = frozenset()
    #: nouns written before a name as its title that decline there as the noun they are (other
    #: titles keep their base form before a name), though a tagger calls them part of the name
    title_nouns: frozenset[str] = frozenset()
    #: nouns of time, whose accusative or instrumental phrase is an adverbial, not an object, and
    #: adverbs of time a tagger may take for a noun or a verb: neither fills a verb's frame
    time_nouns: frozenset[str] = frozenset()
    #: the months (lemmas and the forms a date writes): a number before one is a day, no count
    months: frozenset[str] = frozenset()
    #: words of another language that link the words of a name quoted in it (English "of",
    #: "for"): a noun right before one is part of that name and keeps its own forms
    foreign_name_links: frozenset[str] = frozenset()
    #: prepositions that with an article begin family names ("von der Leyen"): after a title or
    #: a first name, a definite article between one and a word the noun lexicon lacks is the
    #: name's, whatever the case
    name_particles: frozenset[str] = frozenset()
    #: nouns of a point within a span of time ("beginning", "end"), which with that span in the
    #: genitive make an adverbial without an article ("at the beginning of this week")
    time_position_nouns: frozenset[str] = frozenset()
    #: stems of the adjectives that point in time ("next", "last"): with a noun of time and no
    #: article they make an adverbial of their own ("we can do that next week")
    time_adjectives: tuple[str, ...] = ()
    #: adverbs of time a tagger may take for a noun, never one: no second subject of a verb
    time_adverbs: frozenset[str] = frozenset()
    #: cases a phrase of time, place or manner takes on its own: a verb's case frame that a
    #: word in one of them fails is more likely failed by the parse (an adverbial of time read
    #: as the object) than by the writer
    adverbial_cases: frozenset[str] = frozenset()
    #: words that make a numeral part of a range or a choice ("zwei bis drei")
    range_words: frozenset[str] = frozenset()
    #: quantifiers that also stand alone beside a noun ("Wir verlieren alle Respekt")
    floating_quantifiers: frozenset[str] = frozenset()
    #: floating quantifiers that take a plural pronoun before them ("wir beide")
    plural_floating: frozenset[str] = frozenset()
    #: floating quantifiers that sum up after a break ("... - alles Fähigkeiten")
    summing_floating: frozenset[str] = frozenset()

    # --- articles and declension (languages with ``article_declension``)
    #: articles before which a noun may be a nominalized infinitive (neuter singular)
    neuter_articles: frozenset[str] = frozenset()
    #: quantifiers that decline weak only after an article ("viel", "wenig": prefixes)
    weak_after_article: tuple[str, ...] = ()
    #: plural quantifiers: before a singular-only noun the noun's number is wrong ("viele Freund")
    plural_quantifiers: frozenset[str] = frozenset()
    #: the forms an auxiliary takes below it (lemma -> VerbForm values)
    aux_chain: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: question and relative words that open a clause of their own ("was", "ob", "dass")
    question_words: frozenset[str] = frozenset()
    #: subordinators a tagger may take for adverbs ("Solange")
    subordinators: frozenset[str] = frozenset()
    #: the indefinite article's forms
    indefinite_articles: frozenset[str] = frozenset()
    #: the indefinite article's base form ("ein": "ein paar", "ein Uhr")
    indefinite_base: str = ""
    #: two words, the second a pronoun that the parser takes for a determiner of the noun
    #: after them: a preposition and its pronoun ("vor allem")
    fixed_phrases: frozenset[tuple[str, str]] = frozenset()
    #: words before a partitive genitive ("viele dieser", "einer meiner")
    partitive_determiners: frozenset[str] = frozenset()
    #: adjectives that take a noun complement in a case of its own ("full of water", "similar
    #: to the father", "known for its beauty"): before a noun in another case they may be
    #: that noun's governor, not its attribute (a noun right after one, in a case a
    #: complement takes, proves no agreement with it). A language that lists them lets a plain
    #: adjective right before a noun prove the case inside the phrase, as a determiner does
    case_governing_adjectives: frozenset[str] | None = None
    #: the case each of ``case_governing_adjectives`` takes, where the pack says ("полный":
    #: the genitive); one it does not name takes any of the genitive, dative and instrumental
    complement_cases: Mapping[str, str] = field(default_factory=dict)
    #: lemma endings of relational adjectives, made from nouns ("of hazel", "Czech"), that take
    #: no complement and name no person: one right before a noun in a complement's case, or in
    #: another gender, is still its attribute (with ``case_governing_adjectives`` set)
    relational_adjective_endings: tuple[str, ...] = ()
    #: adjectives that name a person as nouns do ("the spokesman", "the manager", "the
    #: accused"): right before a genitive they may be the noun it belongs to ("according to the
    #: spokeswoman of the ministry"), not its attribute
    nominal_adjectives: frozenset[str] = frozenset()
    #: pronouns that take an adjective of their own, in the genitive ("nothing positive"): an
    #: adjective right after one is its attribute, whatever noun follows
    substantive_pronouns: frozenset[str] = frozenset()
    #: quantifying nouns after the indefinite article ("ein paar", "ein bisschen")
    small_quantities: frozenset[str] = frozenset()
    #: personal pronouns a tagger may take for determiners
    personal_pronouns: frozenset[str] = frozenset()
    #: words that are never determiners, whatever the tagger says
    no_determiner: frozenset[str] = frozenset()
    #: determiners after which an adjective declines weak or strong (prefixes)
    either_declension: tuple[str, ...] = ()
    #: forms of the definite article that are also relative pronouns
    relative_determiners: frozenset[str] = frozenset()
    #: contractions of a preposition and an article ("im", "zum")
    contractions: frozenset[str] = frozenset()
    #: a preposition and an article written as their contraction ("zu der" -> "zur"): a fix
    #: of a contraction's article is shown contracted where the language contracts the pair
    contracted: Mapping[str, str] = field(default_factory=dict)
    #: the superlative's contraction ("am meisten") and the superlative ending
    superlative_contraction: str = ""
    superlative_ending: str = ""
    #: comparison words: an adjective before them is a predicate ("als", "wie")
    comparison_words: frozenset[str] = frozenset()
    #: prepositions that may also follow their noun ("meiner Meinung nach", "der Reihe nach")
    postposed_adps: frozenset[str] = frozenset()
    #: the infinitive particle, also a preposition ("zu")
    infinitive_particle: str = ""
    #: degree words after the particle that make it an adverb ("zu viele", "zu lange")
    degree_words: frozenset[str] = frozenset()
    #: endings of a gerundive after the infinitive particle ("zu lösendes")
    gerundive_endings: tuple[str, ...] = ()
    #: prepositions that also open an infinitive clause ("ohne ... zu")
    infinitive_adps: frozenset[str] = frozenset()
    #: prepositions that also open a clause ("seit ich hier bin")
    clause_adps: frozenset[str] = frozenset()
    #: the preposition of a time span ("bis in die Nacht")
    span_adp: str = ""
    #: a noun that stays singular after a number ("ein Uhr")
    unit_nouns: frozenset[str] = frozenset()
    #: question words that show no case after a preposition ("zu was")
    caseless_pronouns: frozenset[str] = frozenset()
    #: the existential construction's subject and verb lemma ("es gibt" + accusative)
    existential_subject: str = ""
    existential_verb: str = ""

    #: a personal pronoun before a postposition is in the genitive ("benim gibi", "onun kadar")
    genitive_pronoun_objects: bool = False
    #: a third-person plural subject may take a singular verb ("Çocuklar geldi")
    plural_subject_singular_verb: bool = False
    #: a verb before a subject of coordinated nouns may agree with the nearest one alone
    nearest_conjunct_agreement: bool = False
    #: coordinated nouns that share one article, or bare nominalized infinitives, may be one
    #: thing to their verb and take a singular one
    unit_coordination: bool = False

    #: verb forms far more often used as a particle ("bitte", "danke"): their subject
    #: agreement proves nothing
    particle_verbs: frozenset[str] = frozenset()

    #: closed-class forms a treebank shows in too few of their cells: (lower-case form, UPOS)
    #: -> the feature bundles they also have ("níž": the feminine relative after a
    #: preposition, in the genitive, dative, locative and instrumental)
    closed_forms: dict[tuple[str, str], tuple[dict[str, str], ...]] = field(default_factory=dict)

    # --- dictionary hooks
    #: () -> the language's complete analyzer ``(form, upos, lemma) -> feature bundles``, or
    #: None when its package is missing; None here: the language has none
    analyzer: Callable[[], Callable[[str, str, str | None], Any] | None] | None = None
    #: the analyzer's name in reports ("zeyrek")
    analyzer_name: str = ""
    #: features whose failures are never proven, only reported as uncertain (the language's
    #: tagger and parser make them unreliable: Czech verb forms), but under a reviewed rule of a
    #: verb's object naming the head's lemma (a modal's infinitive)
    unproven_features: frozenset[str] = frozenset()
    #: the analyzer knows only some classes and lemmas (None: "cannot tell"): a closed-class
    #: word it does not know keeps the treebank lexicon's analyses, and a word keeps every
    #: alternative class the analyzer cannot rule out
    partial_analyzer: bool = False
    #: (word, the analyzer's analyses) -> the analyses completed (readings the analyzer lacks)
    #: and whether they are complete (False: a guess, e.g. a verb known only by its ending)
    complete_analyses: Callable[[Any, list[dict[str, str]]],
                                tuple[list[dict[str, str]], bool]] | None = None
    #: (sentence, word) -> whether a word its analyzer knows may prove an error where it
    #: stands (analyses that hold only in a phrase the parse cannot have broken); None: always
    known_in_context: Callable[[Any, Any], bool] | None = None
    #: (sentence, word, analyses) -> the analyses the word may have where it stands (a
    #: clitic's reading where no clitic can stand); None: all of them
    readings_in_context: Callable[[Any, Any, tuple[Any, ...]], tuple[Any, ...]] | None = None
    #: (word, features) -> forms of the word's lemma with those features (the quick fix)
    inflect: Callable[[Any, Any], list[str]] | None = None
    #: (lemma, upos) -> bundle -> forms: a paradigm lexicon (for noise, fixes and the
    #: treebank lexicon's gaps); None: the language has none
    paradigm: Callable[[str, str], Any] | None = None
    #: (form, upos or None) -> the bundles the paradigm lexicon gives the form
    form_bundles: Callable[[str, str | None], Any] | None = None
    #: the paradigm lexicon's name in a lexicon's sources ("german-nouns")
    paradigm_name: str = ""
    #: (form, upos, tagged features, the treebank's lemma or None) -> the lemma (None: unknown)
    lemma: Callable[[str, str, Any, str | None], str | None] | None = None
    #: a noun's lemma where the treebank and the model's dictionary lack it (a compound's)
    noun_lemma: Callable[[str], str | None] | None = None
    #: the analyzer reads a word's lemma (a new lemma can change what its form proves)
    lemma_evidence: bool = False
    #: whether the dictionary lists a form in capitals as it is written (an acronym it knows,
    #: whose gender is the dictionary's), not only as a word it also spells; None: the pack
    #: cannot tell, and a known word in capitals counts as that word
    listed_acronym: Callable[[str], bool] | None = None
    #: () -> data files the pack reads besides its code (a check result depends on them)
    data_files: Callable[[], tuple[Any, ...]] = field(default=lambda: ())
    #: (the train split's (lemma, UPOS) pairs) -> (form, UPOS, lemma) triples from the
    #: dictionaries for the lemmatizer's own dictionary (None: the language has none)
    lemma_dictionary: Callable[[Any], Any] | None = None
    #: the attributes of ``ablaut``'s conjugation that hold one-word forms (for a language
    #: without its own lemma dictionary: ``ablaut`` conjugates the train split's verbs)
    ablaut_forms: tuple[str, ...] = ()
    #: a treebank verb lemma -> what ``ablaut`` conjugates (None: skip it)
    ablaut_infinitive: Callable[[str], str | None] | None = None
    #: the negation written as a prefix of every verb form ("ne"), and the verbs whose
    #: negation is not that prefix plus the form
    negation_prefix: str = ""
    irregular_negation: frozenset[str] = frozenset()
    #: the dictionary's word classes correct the tagger's class of a known form ("книга"
    #: tagged ADV is a noun)
    dictionary_retags: bool = False
    #: a form the dictionary knows only as a preposition or particle is one, whatever class the
    #: tagger gave it (a small treebank's tagger has never seen "біля")
    retag_function_words: bool = False
    #: the word classes the dictionary knows for a form (empty: no dictionary)
    word_classes: Callable[[str], frozenset[str]] = field(default=lambda _f: frozenset())
    #: a form -> the standard forms it stands for in the spoken register (Common Czech
    #: "nový věty" for "nové věty"): a failure one of them would fix is the register's, not an
    #: error (empty: the form is no colloquial variant)
    colloquial_standard: Callable[[str], tuple[str, ...]] = field(default=lambda _f: ())
    #: (form, upos) -> the features the dictionary gives every reading of a known form one value
    #: of (a verb's aspect, a noun's animacy), which hold whatever the tagger guessed
    lexical_features: Callable[[str, str], Mapping[str, str]] = field(default=lambda _f, _u: {})
    #: (an attribute's features) -> whether it takes its noun's animacy there (None: never)
    animacy_agreement: Callable[[Mapping[str, str]], bool] | None = None
    #: the one closed class a form always has (a strong personal pronoun: "εσύ"), which the
    #: tagger's class gives way to; None for every other form
    closed_class: Callable[[str], str | None] = no_closed_class
    #: the class of a sentence's first word that the tagger read as a noun or a name, where the
    #: language knows better (German: a capitalized finite verb opening a question or an
    #: imperative, "Ergibt das Sinn?"); None: the tagger's class stands
    initial_class: Callable[[str], str | None] = no_closed_class
    #: an adjective the dictionary marks as often used as a noun
    substantivized: Callable[[str], bool] = field(default=_never)
    #: whether a lower-case adjective's form may be a verb's passive participle, which takes an
    #: agent or a complement in an oblique case ("made by a company"); None: any adjective may
    passive_participle: Callable[[str], bool] | None = None
    #: a form that is only ever a short adjective
    short_only: Callable[[str], bool] = field(default=_never)
    #: a form the dictionary reads first as an adverb, though it may also be a noun ("in a
    #: row" that is also "a contract")
    adverb_first: Callable[[str], bool] = field(default=_never)
    #: a word the dictionary knows as a cardinal number (None: only tagged or digit numerals)
    numeral: Callable[[Any], bool] | None = None
    #: number words count for a preposition's case only when written in digits
    digits_only_numerals: bool = False
    #: the number word whose counted-noun rules a cardinal written in digits follows ("8" ->
    #: "osm"); None where the noun's form depends on how the number is read aloud
    number_word: Callable[[str], str | None] = field(default=_no_word)
    #: the lemmas of a verb form ("gehört" -> hören, gehören), with optional features
    verb_lemmas: Callable[..., set[str]] | None = None
    #: whether a form is a known verb's (not a guess)
    known_verb: Callable[[str], bool] = field(default=_never)
    #: whether a lower-case form is an inflected form of an adjective the lexicon knows (not a
    #: guess from its ending)
    known_adjective: Callable[[str], bool] = field(default=_never)
    #: whether a lower-case form is an infinitive by its ending and the verb lexicon
    infinitive: Callable[[str], bool] = field(default=_never)
    #: whether a lower-case form is the infinitive of a verb a word list or the verb lexicon
    #: names (not a guess from its ending)
    listed_infinitive: Callable[[str], bool] = field(default=_never)
    #: (form, lemma) -> whether a verb's form may be another voice than its lemma's (a
    #: causative or passive written with its root's lemma): the lemma's case frame is not proven
    voice_changed: Callable[[str, str], bool] = field(default=lambda _f, _l: False)
    #: the persons a form's possessive ending may name (a noun's possessor, or a verbal noun's
    #: or participle's subject, in the genitive before it); empty: none
    possessive_persons: Callable[[str], frozenset[str]] = field(default=lambda _f: frozenset())
    #: whether a lower-case form is a comparative without an ending ("schlechter")
    bare_comparative: Callable[[str], bool] = field(default=_never)
    # --- clause checkers (``lambre_core/languages/<code>/clauses.py``)
    #: (sentence, analyses, lexicon) -> the finite verbs no possible subject of their clause
    #: agrees with (``lambre_core.clauses.SubjectFailure``); None: no clause checker
    subject_failures: Callable[..., list[Any]] | None = None
    #: (sentence, analyses) -> (object, verb) pairs of a word in a case its verb cannot take:
    #: a nominative that can only be an object (Russian), a genitive pronoun that nothing
    #: after it in its clause is possessed by (Turkish)
    miscased_objects: Callable[..., list[tuple[int, int]]] | None = None
    #: (sentence, analyses) -> arcs (dependent, head, SUD relation) that the forms prove
    #: whatever the parse made of them (a Turkish genitive pronoun and the noun after it whose
    #: possessor it must be); the rules of each are checked on every reading of the two words
    clause_arcs: Callable[..., list[tuple[int, int, str]]] | None = None
    #: (sentence, verb id) -> whether a clause of its own may be the verb's subject
    subject_clause: Callable[..., bool] = field(default=lambda _s, _v: False)
    #: the noun analyses of a form the tagger gave another class (empty: none)
    noun_analyses: Callable[[str], list[dict[str, str]]] = field(default=lambda _f: [])
