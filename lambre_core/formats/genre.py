"""Whether a translation string is a sentence or a label, from the source string it translates.

A UI label, menu item, button, heading or fragment ("Open Image", "Save file", "Importing…",
"Recent files") has no subject to agree with, and neither has its translation: German renders
"Delete file" as an infinitive after its object, which reads like a plural verb after a
singular subject. Where the catalogue holds the source string (PO ``msgid``, XLIFF and
Qt ``<source>``), an English source without a finite clause marks its translation as a label:
checked as a phrase (agreement inside noun phrases, government by prepositions), never for
subject-verb agreement. The test is deliberately simple and errs towards "sentence": an
auxiliary or modal, a subject pronoun, a contracted verb, or a full stop after three words or
more makes a clause.
"""

from __future__ import annotations

import re

#: English words that show a finite clause: auxiliaries and modals in finite forms, and the
#: subject pronouns (a label has no subject)
_FINITE = frozenset("""am is are was were has had does did will would can could shall should may
might must i you he she it we they there isn't aren't wasn't weren't hasn't hadn't doesn't
didn't won't wouldn't can't cannot couldn't shouldn't mustn't don't haven't""".split())
#: contracted finite forms ("it's", "you're", "we've", "I'll", "he'd")
_CONTRACTED = re.compile(r"\w['’](?:s|re|ve|ll|d|m)\b", re.I)
_WORD = re.compile(r"[A-Za-z]+(?:['’][A-Za-z]+)?")
#: a message id in place of a source string: one token with a digit, "_" or "."
_KEY = re.compile(r"(?=[\w.-]*[\d_.])[\w.-]+")
#: placeholders and markup, which say nothing of the clause
_NOISE = re.compile(r"<[^<>]*>|\{[^{}]*\}|%(?:\d+\$)?[-+ 0#]*\d*(?:\.\d+)?[a-zA-Z@]|&\w+;")


def is_label(source: str | None) -> bool:
    """Whether an English source string is a label or fragment rather than a clause; False
    when there is no source, or it is not (mostly) English words."""
    if not source or _KEY.fullmatch(source.strip()):
        return False  # no source, or a key used as one ("s0", "app.title", "MENU_OPEN")
    text = _NOISE.sub(" ", source)
    words = _WORD.findall(text)
    if not words or sum(len(w) for w in words) < 0.5 * len(re.sub(r"\s", "", text)):
        return False  # not prose in a Latin script: nothing to decide from
    if _CONTRACTED.search(text):
        return False
    if len(words) >= 3 and re.search(r"[.!?]['’\")\s]*$", text) and not text.rstrip().endswith(
            ("...", "…")):
        return False  # a full stop after three words: a sentence ("The file contains errors.")
    return not any(w.lower().replace("’", "'") in _FINITE for w in words)
