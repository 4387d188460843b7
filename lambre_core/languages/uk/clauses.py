"""Ukrainian subject-verb agreement proven clause by clause (``opencorpora_clauses``, with the
Ukrainian words): the finite verb of a clause that no nominative of the clause agrees with
(the dictionary decides the readings, whatever the parse made of the clause); nominative
nouns or pronouns that can only be a verb's object ("Я бачу він"); a noun after "немає"
without a genitive reading."""

from __future__ import annotations

from functools import lru_cache

from .. import opencorpora_clauses as oc
from ..opencorpora_clauses import ClauseWords, Parses


@lru_cache(maxsize=20000)
def _parses(form: str) -> Parses:
    """The dictionary's readings of a form, its tags completed as ``morph.to_ud`` does (a
    past verb with a gender is singular; an infinitive is no finite verb)."""
    from .morph import _morph, to_ud

    morph = _morph()
    if morph is None or not form.replace("'", "").replace("’", "").isalpha() \
            or not morph.word_is_known(form.lower()):
        return ()
    out = []
    for p in morph.parse(form):
        _upos, feats = to_ud(p.tag, p.normal_form)
        pos = "INFN" if feats.get("VerbForm") == "Inf" else str(p.tag.POS)
        out.append((pos, feats))
    return tuple(out)


def _word_classes(form: str) -> frozenset[str]:
    from .morph import word_classes

    return word_classes(form)


WORDS = ClauseWords(
    join=("і", "й", "та", "або", "чи", "а", "ні", "з", "із", "зі"),
    copulas=("бути", "являтися", "стати", "ставати", "виявитися", "виявлятися", "здаватися",
             "називатися", "вважатися", "залишитися", "залишатися"),
    copula="бути",
    personal={"я": ("1", "Sing"), "ти": ("2", "Sing"), "він": ("3", "Sing"),
              "вона": ("3", "Sing"), "воно": ("3", "Sing"), "ми": ("1", "Plur"),
              "ви": ("2", "Plur"), "вони": ("3", "Plur")},
    gender={"він": "Masc", "вона": "Fem", "воно": "Neut"},
    openers=("що", "щоб", "якщо", "коли", "бо", "тому", "хоча", "хоч", "поки", "як", "де",
             "куди", "звідки", "який", "яка", "яке", "які", "якого", "якої", "яку", "яким",
             "якій", "яких", "якому", "якими", "хто", "ніж", "чий", "чия", "чиє", "чиї"),
    comparison=("як", "ніж"),
    negation=("немає", "нема"),
    parses=_parses,
    word_classes=_word_classes,
)


#: the pack's hooks (``Language.subject_failures``, ``Language.miscased_objects``)
subject_failures, object_nominatives = oc.pack_hooks(WORDS)
