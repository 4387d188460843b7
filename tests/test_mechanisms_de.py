"""Mechanisms of the precise checker for German, each held by pairs through the shipped model and
rules: the sentence with an error gets it on the word to correct, and the same sentence corrected
(or a correct sentence built the same way) gets nothing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from lambre_core.check import SentenceCheck, check_sentence
from lambre_core.commands import precision_for
from lambre_core.parse import load_parser
from lambre_core.rules import default_rules

REPO = Path(__file__).resolve().parents[1]

#: (mechanism, sentence with an error, the word blamed, its fix, correct sentences)
PAIRS = [
    # an article between a name's particle after a title or first name and a word the noun
    # lexicon lacks is part of the family name ("Präsidentin von der Leyen"); before a noun the
    # lexicon knows, or after a word that is no name's, it still agrees (a learner's "von der
    # Verkehrsgeschäft", a compound the lexicon lacks as written)
    ("article of a family name", "Das zahlt noch schön von der Verkehrsgeschäft.", "der", "dem",
     ["Am Dienstag traf Präsidentin von der Leyen in Kiew mit der First Lady Olena Zelenska "
      "zusammen.", "Ursula von der Leyen sprach lange."]),
    # a noun written without the hyphen the lexicon gives it ("Email": E-Mail, feminine) has
    # that word's genders too, beside its own (das Email, enamel); a masculine article is wrong
    # for both. One the lexicon lacks as written stays unknown ("Login": its "Log-in" is
    # masculine only)
    ("spelling without the lexicon's hyphen", "Ich habe nie einen Email geschrieben.", "einen",
     "ein", ["Ich habe nie eine Email an Sie geschrieben.", "Die Email wurde gesendet.",
             "Die Verbindung wurde abgebrochen, da ein weiteres Login registriert wurde."]),
    # a noun after a comparison word ("wie ein Neonazi") takes the case of what it is compared
    # with, not the verb's; the verb's object without one still takes the verb's case
    ("comparison under a verb", "Er sieht ein Neonazi.", "ein", "einen",
     ["Er beschrieb den Haarschnitt, damit ich wie ein Neonazi aussehe."]),
    # a lower-case "noun" ending its clause that makes a known separable verb with the finite
    # verb before it is that verb's particle ("kommt dem nahe": nahekommen), and the word
    # before it a pronoun; a lower-case noun that makes no verb still has its article checked
    ("particle of a separable verb", "Ich habe nur ein woche.", "ein", "eine",
     ["Ich kann nicht glauben, dass Logitech diese Fernbedienung eingestellt hat, nichts "
      "anderes kommt dem nahe."]),
    # a noun with a full stop inside its sentence is an abbreviation ("des Sept. 11"): its
    # gender is the full word's; a noun written out still has its own
    ("abbreviation", "Der Tag des Woche war lang.", "des", "der",
     ["Der Tag des Sept. 11, 2001, Terroranschläge, die das World Trade Center zerstörten, "
      "prahlte Trump damit."]),
    # a capitalized adjective right after a noun is a name's in apposition ("Rechtssache
    # Vereinigte Staaten"); after its own article the capital is a slip, the ending still counts
    ("name in apposition", "Für meinen Aufsatz analysiere ich die Moralische Aspekte.",
     "Moralische", "moralischen",
     ["In der Rechtssache Vereinigte Staaten gegen Nixon stellte das Gericht fest, dass das "
      "Privileg nicht gilt."]),
    # two determiners that share no case after a preposition: the first is its object, a
    # relative pronoun ("von dem einige dachten"); a lone determiner there still takes its case
    ("relative after a preposition", "Er sprach von alles.", "alles", "allem",
     ["Das war ein Plan, von dem einige dachten, er sei gut."]),
    # a determiner of no number of its noun, which the verb agrees with, is a pronoun subject
    # ("weil einer Probleme hatte", because one had problems); one that shares the noun's number
    # is its wrong determiner
    ("determiner as subject", "Ich weiß, dass eine Problem kam.", "eine", "ein",
     ["Niemals, weil einer Probleme hatte oder kaputt ging, nur weil ich auf dem neuesten "
      "Stand bleiben wollte."]),
    # a word of time between an object and its verb is no verb, whatever the tagger says
    ("time word", "Herr Schmidt hat ihn gestern geholfen.", "ihn", "ihm",
     ["Herr Schmidt hat ihm gestern geholfen."]),
    # coordinated noun phrases share their governor's case: the second conjunct's determiner is
    # wrong, not the coordination; a conjunct followed by a finite verb may begin a clause
    ("shared governor", "Er besucht seinen Onkel und seiner Tante.", "seiner", "seine",
     ["Er besucht seinen Onkel und seine Tante.",
      "Er sprach mit seinem Onkel und die Tante lachte.",
      # a noun phrase higher up the second conjunct may join instead (a headline)
      "Erklärung für zweifachen Stromausfall im Gabba und der Grund, warum er sich wiederholen "
      "könnte"]),
    # the title "Herr" declines before a name; other titles keep their base form there
    ("title", "Ich habe gestern mit Herr Weber telefoniert.", "Herr", "Herrn",
     ["Ich habe gestern mit Herrn Weber telefoniert.", "Wir sprachen mit Präsident Biden."]),
    # a pronoun the tokenizer took for a contraction is one word (its verb's frame is checked)
    ("pronoun not a contraction", "Ich habe ihm gestern angerufen.", "ihm", "ihn",
     ["Ich habe ihn gestern angerufen."]),
    # an auxiliary with no verb to govern that is no copula is the full verb, with an object
    ("full verb", "Wir haben einem Hund und zwei Katzen.", "einem", "einen",
     ["Wir haben einen Hund und zwei Katzen.", "Ich kann Deutsch."]),
    # a capitalized known adjective after a determiner may be a quality's neuter noun; a noun
    # that is no adjective is still checked
    ("adjective as a noun", "Das Geschenk ist von mein Vater.", "mein", "meinem",
     ["Das Videosignal geht ins Schwarze über.", "Ich wünsche dir alles Gute."]),
    # any adjective of the word list names a thing as a neuter noun beside a listed noun of the
    # same form (die Groteske); the neuter's own endings are still checked
    ("neuter adjective noun", "Er spielt gern mit dem Groteske.", "dem", "der",
     ["Das Gemeine wird durch eine kolossale Ausführung gleichsam multipliziert.",
      "Ironie ist die Form des Paradoxen.",
      "Der Autor schreibt über das Objektive in der Poesie."]),
    # an adjective and a noun of time that agree as an accusative without an article are an
    # adverbial of their own after a pronoun; opening a verb-second clause they are one phrase
    ("adverbial of time", "Das letztes Jahr war für mich schwer.", "letztes", "letzte",
     ["Ich erinnere mich, dass ich das letztes Jahr von einer Hütte aus gemacht habe."]),
    # only an adjective that points in time makes such an adverbial: the determiner before it
    # is then a pronoun of its own; before another adjective it is the phrase's article
    ("pronoun before an adverbial of time", "Ich wünsche dir das schöne Woche.", "das", "die",
     ["Ich glaube nicht, dass wir das nächste Woche schaffen.",
      "Er hat das kommenden Monat vor."]),
    # a noun of a point in time with a span of time in the genitive is an adverbial without an
    # article: the determiner before it is a pronoun; with another genitive it is the article
    ("pronoun before a point of time", "Ich habe das Anfang des Films verpasst.", "das", "den",
     ["Er hat dies Anfang des Jahres angedeutet."]),
    # after a preposition (or a noun it is an attribute of) the determiner is the article
    ("article before an adverbial of time", "Ich fahre in das nächste Woche.", "das", "die",
     ["Ich fahre in die nächste Woche.", "Sie macht das nächste Woche."]),
    # an infinitive of simplemma's word list used as a noun is neuter where the noun lexicon
    # has no such form; a noun's dative plural that is also an infinitive stays the plural
    ("nominalized infinitive of the word list", "Ich denke an die Tagen im Sommer.", "die",
     "den", ["Sie müssen sich keine Gedanken über das Abstreifen und Schärfen machen.",
             "Das Auflisten der Wörter dauert lange."]),
    # "irgendein" is an article: the adjective after it takes the weak ending there
    ("irgend- article", "Er kam mit irgendeinem altem Auto.", "altem", "alten",
     ["Ich habe es in irgendeinem italienischen Geschäft gesehen."]),
    # a noun of a few capitals is an acronym, whose gender is what it stands for, unless the
    # dictionary lists it as written (WG: die Wohngemeinschaft)
    ("acronym", "Wir suchen ein WG in Berlin.", "ein", "eine",
     ["Das Ding ist ein kompletter PITA."]),
    # a noun right before a link word of an English name is part of that name
    ("English name", "Er arbeitet bei der Department.", "der", "dem",
     ["Sie ist Sprecherin des Department of Health."]),
    # "eins" is the number, never an article, whatever the tagger says: a preposition before
    # it governs no case in it; the article beside it is still checked
    ("number eins", "Die Lücke wurde auf einem Skala von eins bis zehn bewertet.", "einem",
     "einer", ["Die Lücke wurde auf einer Skala von eins bis zehn bewertet."]),
    # in a verb-final clause an infinitive's form coordinated before the modal that closes the
    # clause is that modal's complement; a modal right after a comma opens the main clause
    ("infinitive before a closing modal", "Wenn man nach Europa ziehen, muss man Deutsch lernen.",
     "ziehen", "zieht",
     ["Sie war nie so bequem wie die Bahn, wo ich einfach hingehen, eine Karte kaufen und "
      "einsteigen konnte."]),
    # the article's gender names the noun the writer meant (a weak masculine noun, not its
    # feminine homograph): the noun lacks its case ending
    ("case ending", "Ich spreche morgen mit dem Kunde.", "Kunde", "Kunden",
     ["Ich spreche morgen mit dem Kunden.", "Die Kunde von seinem Sieg kam spät."]),
    # of a list of three bare nouns or more after a preposition, the one noun that cannot be
    # in the preposition's case is in the wrong one (two conjuncts may be phrases of two roles)
    ("odd one of a list", "Das Buch erzählt von Kindern, Eltern und Häuser.", "Häuser",
     "Häusern", ["Das Buch erzählt von Kindern, Eltern und Häusern.",
                 "Das Buch erzählt von Kindern und Häuser werden gebaut.",
                 "Das Buch erzählt von Kindern, Eltern und Häuser stehen leer."]),
    # a possessive whose lemma is the copula's ("seine", of "sein") makes no predicate of the
    # adjective after it: the adjective's declension after it still fails
    ("possessive, no copula", "Deshalb denkt man an Kriminalität, als eine Lösung seine "
     "finanzielle Probleme.", "finanzielle", "finanziellen",
     ["Deshalb denkt man an Kriminalität als eine Lösung seiner finanziellen Probleme."]),
    # a known verb's infinitive with a capital names its action as a neuter singular beside
    # the plural noun of the same form ("für schnelles Duschen"; "die Duschen"); the noun's
    # singular keeps its own gender
    ("nominalized infinitive", "Die Heizung hat genug Wasser für schnelles Dusche.",
     "schnelles", "schnelle",
     ["Die Heizung hat genug Wasser für schnelles Duschen."]),
    # (only the infinitive of a verb a list names: a plural in -en is no guessed infinitive)
    ("nominalized infinitive of a listed verb", "Alle Länder haben eigenes Traditionen.",
     "eigenes", "eigene", ["Alle Länder haben eigene Traditionen."]),
    # a nominative object beside a subject that can only be nominative is wrong either way;
    # not where a question word or conjunction of the object's verb stands between them: that
    # subject is outside the clause, and the "object" is the clause's own subject
    ("nominative object", "Ich kaufe morgen ein neuer Computer.", "ein", "einen",
     ["Ich lasse Kunden oft fragen, wo sich ein Artikel befindet, und sie fragen in Form "
      "einer Begrüßung."]),
    # a personal pronoun takes no article: a determiner standing before it is a phrase of its
    # own ("während andere es nicht taten", while others did not: "andere" is the subject);
    # a verb that agrees with no phrase of its clause still fails
    ("pronoun after a lone determiner", "Ich weiß, dass du es nicht tut.", "tut", "tust",
     ["Ich bin mir nicht sicher, warum einige Möwen immer noch etwas Macht hatten, während "
      "andere es nicht taten."]),
    # a preposition with a capital right after a name or a number is a word of the name
    # ("iPhone 13 Pro"), which governs nothing; one with a capital elsewhere still governs its
    # phrase (a machine's "nichts Von so lange Lieferzeit")
    ("preposition in a name", "Es gab nichts Von so lange Lieferzeit auf Ihrer Website.",
     "lange", None,
     ["Ich dachte, dass nach dem Wechsel zum neuen iPhone 13 Pro der Fehler verschwinden "
      "würde, aber das war nicht der Fall."]),
    # an adjective after another and a conjunction shares its article, also after a comma
    # ("die einfachen, aber wahren Dinge": weak); the second's strong ending is then found
    ("coordinated adjectives", "Wir schätzen die großen, aber schöne Häuser.", "schöne",
     "schönen",
     ["Und an alle meine Freunde, lasst uns die einfachen, aber wahren Dinge des Lebens "
      "schätzen.", "Zum Erfolg, zur Freundschaft, zum einfachen, aber wahren Glück.",
      # (the first adjective tagged a noun, in lower case)
      "Nach ein paar Stößen und Stößen mit der dünnen, aber festen Borstenstange sollte Ihr "
      "Gerät genauso funktionieren, wie es war, als es brandneu war."]),
    # a hashtag's sign does not cut a noun from its preposition ("Bei #Ratten": no subject);
    # the clause's real subject is still checked
    ("hashtag after a preposition", "Mit #Freunden können der Abend schön sein.", "können",
     "kann",
     ["(Bei #Ratten kann zu hohes Körperfett schlecht für ihre Gesundheit sein.)"]),
    # a finite verb right after its subject pronoun, after a comma, opens a verb-second clause
    # of its own: the verbs at its end depend on it, not it on them; a finite verb at the end
    # of a clause, under its auxiliary, still has the wrong form
    ("verb-second clause after a comma", "Er sagte, dass er seine Strafe erhielt hat.",
     "erhielt", "erhalten",
     ["Er hätte nie als Kandidat der Labour Party ausgewählt werden sollen, er hätte nie ein "
      "Abgeordneter sein sollen."]),
    # a finite verb after its "auxiliary" with a subject of its own between them, the
    # auxiliary's own subject before it, is another clause's verb (a comma left out); a
    # subject after the auxiliary that is its only one is the verb-second clause's own
    ("own subject between auxiliary and verb", "Morgen wird der Chef kommt.", "kommt",
     "kommen",
     ["Das einzige Problem ist die Glühbirne heizt sich zu schnell auf und das Licht geht aus.",
      "Die Vereinigten Arabischen Emirate planen, ihr Handelsvolumen mit Russland in den "
      "nächsten fünf Jahren auf $20 Milliarden zu steigern, wie der Außenhandelsminister des "
      "Landes Thani bin Ahmed Al Zeyoudi ankündigte."]),
]


def _check(texts: list[str]) -> list[SentenceCheck]:
    if not (REPO / "models" / "de" / "depparse.pt").is_file():
        pytest.skip("models/de not shipped in this checkout")
    parser = load_parser("de")
    rules = default_rules("de")
    precision = precision_for("precise", "de", parser)
    return [check_sentence(s, rules, precision=precision) for s in parser.parse_sentences(texts)]


@pytest.mark.parametrize("name,error,word,fix,clean", PAIRS, ids=[p[0] for p in PAIRS])
def test_error_found_and_correct_sentences_clean(name: str, error: str, word: str,
                                                 fix: str | None,
                                                 clean: list[str],
                                                 mechanism_pair: Callable[..., None]) -> None:
    mechanism_pair("de", name, error, word, clean, fix)


def test_an_object_after_a_preposition_and_a_pronoun_is_in_its_phrase() -> None:
    # "nach etwas Größerem suchen" (look for something bigger): the parser gave "Größerem" to
    # "suchen" as its object; after "etwas" with no preposition before it, the dative fails
    clean, wrong = _check(["Ich muss immer noch nach etwas Größerem suchen.",
                           "Ich muss noch etwas Größerem suchen."])
    assert not clean.violations
    assert [v.blamed.form for v in wrong.violations] == ["Größerem"]


def test_an_article_before_an_inserted_phrase_is_its_nouns() -> None:
    # "nach der seiner Meinung nach härtesten Woche": "der" before another determiner heads no
    # phrase there; it is the article of "Woche", and the weak ending after it is right, the
    # strong-and-nominative "härteste" is not
    texts = ["Der Trainer lobte sein Team nach der seiner Meinung nach härtesten Woche seines "
             "Lebens.",
             'Der Trainer lobte sein Team nach der, wie er sagte, "schwersten Woche seines '
             'Lebens".',
             "Der Trainer lobte sein Team nach der seiner Meinung nach härteste Woche seines "
             "Lebens."]
    *clean, wrong = _check(texts)
    assert not [v.rule.id for c in clean for v in c.violations]
    assert "härteste" in [v.blamed.form for v in wrong.violations]


def test_a_governed_phrase_blames_only_the_words_that_cannot_take_the_case() -> None:
    # "aus die Tatsache": the noun is dative already, only the article (and the preposition,
    # which may be the word to change) are blamed; "von vielen Arbeitgeber": the determiner is
    # dative plural, the noun lacks its dative plural ending and is the one finding;
    # "mit kleine Kinder": neither word has a dative, both are blamed, each with its noun
    sents = ["Die Vorurteile stammen aus die Tatsache.",
             "Dieses Problem wurde schon von vielen Arbeitgeber besprochen.",
             "Ich spiele mit kleine Kinder."]
    tatsache, arbeitgeber, kinder = _check(sents)

    def words(check: SentenceCheck) -> list[list[str]]:
        forms = {w.id: w.form for w in check.sentence.words}
        return [[forms[i] for i in v.blame] for v in check.violations]

    assert words(tatsache) == [["die", "aus"]]
    assert words(arbeitgeber) == [["Arbeitgeber", "von"]]
    assert sorted(words(kinder)) == [["Kinder", "mit"], ["kleine", "Kinder", "mit"]]
