"""Greek: articles with case, pro-drop, clitic-doubled fronted objects. No morphological
dictionary installs offline: ``morph.py`` analyses the classes whose forms say their features
(articles, personal pronouns, finite verbs, declining cardinals) and nouns and adjectives by
their ending, trusted only inside an article's phrase; the rest is the tagger's."""

from __future__ import annotations

from typing import Any

from ..base import Language, lazy, words


def _analyzer() -> Any:
    from .morph import analyses

    return analyses

LANGUAGE = Language(
    code="el",
    # ablaut's one-word forms (no passive and no subjunctive there)
    ablaut_forms=("present_all", "imperfect", "aorist", "imperative", "gerund"),
    pro_drop=True,
    doubled_fronted_objects=True,
    subjects_beside_verb=True,
    and_words=words("και"),
    demonstrative_subjects=words("αυτό"),
    copula_lemmas=words("είμαι"),
    # "σε" fused with the definite article: the only multiword tokens (the expander also split
    # a noun ending like one: "έτη" as "έ" + "τη")
    contractions=words("στο στον στη στην στα στις στους στου στης στων"),
    # nouns of time, whose accusative (the same as the neuter's nominative) is an adverbial:
    # "το πρωί έφυγαν"
    time_nouns=words("""πρωί πρωινό μεσημέρι απόγευμα βράδυ βραδιά νύχτα μέρα ημέρα εβδομάδα
        μήνας μήνα χρόνος χρόνο χρόνια έτος καλοκαίρι χειμώνας χειμώνα φθινόπωρο άνοιξη
        σαββατοκύριακο ώρα λεπτό δευτερόλεπτο φορά εποχή αιώνας δεκαετία
        δευτέρα τρίτη τετάρτη πέμπτη παρασκευή σάββατο κυριακή ιανουάριος φεβρουάριος μάρτιος
        απρίλιος μάιος ιούνιος ιούλιος αύγουστος σεπτέμβριος οκτώβριος νοέμβριος δεκέμβριος"""),
    analyzer=_analyzer,
    analyzer_name="el-paradigms",
    known_in_context=lazy(f"{__name__}.morph", "known_in_context"),
    readings_in_context=lazy(f"{__name__}.morph", "readings_in_context"),
    data_files=lazy(f"{__name__}.morph", "data_files"),
    closed_class=lazy(f"{__name__}.morph", "closed_class"),
    inflect=lazy(f"{__name__}.inflect", "inflect"),
    # the treebank completes the closed classes the paradigms leave out; a word they do not
    # know may be of any class
    partial_analyzer=True,
)
