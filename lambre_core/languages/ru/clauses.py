"""Russian subject-verb agreement proven clause by clause (``opencorpora_clauses``, with the
Russian words): the finite verb or short predicate of a clause that no nominative of the
clause agrees with (pymorphy3 decides the readings); nominative nouns or pronouns that can only
be a verb's object ("Она звонит мама"); a noun after "нет" without a genitive reading."""

from __future__ import annotations

from functools import lru_cache

from .. import opencorpora_clauses as oc
from ..opencorpora_clauses import ClauseWords, Parses


@lru_cache(maxsize=20000)
def _parses(form: str) -> Parses:
    """pymorphy3's readings of a dictionary form: (OpenCorpora part of speech, UD features);
    asked several times per word by the checks, so remembered."""
    from ..opencorpora import oc_to_ud
    from .morph import morph as _morph

    morph = _morph()
    if morph is None or not form.isalpha() or not morph.word_is_known(form.lower()):
        return ()
    return tuple((str(p.tag.POS), dict(oc_to_ud(p.tag)[1])) for p in morph.parse(form))


def _word_classes(form: str) -> frozenset[str]:
    from .morph import word_classes

    return word_classes(form)


WORDS = ClauseWords(
    join=("и", "или", "а", "либо", "ни", "с", "со", "да"),
    copulas=("быть", "являться", "стать", "становиться", "оказаться", "оказываться",
             "казаться", "называться", "считаться"),
    copula="быть",
    personal={"я": ("1", "Sing"), "ты": ("2", "Sing"), "он": ("3", "Sing"),
              "она": ("3", "Sing"), "оно": ("3", "Sing"), "мы": ("1", "Plur"),
              "вы": ("2", "Plur"), "они": ("3", "Plur")},
    gender={"он": "Masc", "она": "Fem", "оно": "Neut"},
    openers=("что", "чтобы", "если", "когда", "потому", "хотя", "пока", "как", "где", "куда",
             "который", "которая", "которое", "которые", "которого", "которой", "которую",
             "которым", "которых", "котором", "которыми", "кто", "чем", "чей", "чья", "чьё"),
    comparison=("как", "чем"),
    negation=("нет",),
    parses=_parses,
    word_classes=_word_classes,
)


#: the pack's hooks (``Language.subject_failures``, ``Language.miscased_objects``)
subject_failures, object_nominatives = oc.pack_hooks(WORDS)
