"""Punctuation the tokenizer left on a word is split off (Stanza's ``tokenize_postprocessor``).

The project's tokenizers learnt from small treebanks that hardly hold a semicolon, guillemets or
a Greek question mark, so they glue them to the word: a word and its semicolon, a word in
guillemets, a Greek word and its question mark. The parser then sees an unknown word and builds
the clause around it wrongly (the clause after a semicolon hangs off the one before). A word
never begins or ends in these characters, so they are cut off here; everything else the
tokenizer decided stays (a period may end an abbreviation, an apostrophe the German genitive of
a name ending in s, a single hyphen a compound's ellipsis: a first part that shares its last
part with the next compound).
Language-independent: only characters, no words. A language whose multiword tokens are a closed
class (German's preposition-article contractions) also gets ``closed_class_multiwords``: a token
the tokenizer marks as multiword but which is none of the class stays one word, since the
expander would otherwise invent a contraction's parts for it (a pronoun read as a preposition
and an article).
"""

from __future__ import annotations

from collections.abc import Sequence

#: characters that only ever stand before a word (opening brackets and quotes, Spanish marks,
#: the ellipsis character of a sentence that takes up one before)
LEADING = frozenset("([{«„“‚‹\"¿¡…")
#: characters that only ever stand after a word (closing brackets and quotes, clause marks,
#: the Greek question mark ";" and upper stop "·", the ellipsis character, the opening angle
#: bracket of a transcript's tag glued to the word before it: "done< unintelligible/>"; a
#: tag itself, "<unintelligible/>", stays one token, which the parser passes over)
TRAILING = frozenset(")]}»“”›\";:,!?·…<")
#: a run of at least this many full stops before a word is an ellipsis ("...And so")
DOT_RUN = 2
#: a run of at least this many hyphens is a dash typed as hyphens (a word and then "--")
DASH_RUN = 2

#: a token as Stanza's postprocessor passes it: the text, or (text, is a multiword token)
Token = str | tuple[str, bool]


def _cut(text: str) -> tuple[str, str, str]:
    """``text`` as (leading punctuation, core, trailing punctuation); the core keeps at least
    one character that is neither (a token of punctuation only is left whole)."""
    if not any(ch.isalnum() for ch in text):
        return "", text, ""
    a, b = 0, len(text)
    while a < b and text[a] in LEADING:
        a += 1
    dots = len(text[a:b]) - len(text[a:b].lstrip("."))
    if dots >= DOT_RUN and dots < b - a:
        a += dots
    while b > a:
        if text[b - 1] in TRAILING:
            b -= 1
            continue
        run = len(text[:b]) - len(text[:b].rstrip("-"))
        if run >= DASH_RUN and b - run > a:
            b -= run
            continue
        break
    return text[:a], text[a:b], text[b:]


def _pieces(punct: str) -> list[str]:
    """Punctuation cut off a word as tokens: each character alone, a run of one character
    (a dash of hyphens, "?!" is two) together."""
    out: list[str] = []
    for ch in punct:
        if out and out[-1][-1] == ch:
            out[-1] += ch
        else:
            out.append(ch)
    return out


def split_glued_punctuation(sentences: Sequence[Sequence[Token]]) -> list[list[Token]]:
    """Each sentence's tokens with leading and trailing punctuation split off into tokens of
    their own. A multiword token keeps its flag on its core; the pieces are plain tokens."""
    out: list[list[Token]] = []
    for sent in sentences:
        toks: list[Token] = []
        for tok in sent:
            text, mwt = (tok, None) if isinstance(tok, str) else (tok[0], tok[1])
            lead, core, trail = _cut(text)
            if not lead and not trail:
                toks.append(tok)
                continue
            toks += _pieces(lead)
            toks.append(core if mwt is None else (core, mwt))
            toks += _pieces(trail)
        out.append(toks)
    return out



def closed_class_multiwords(sentences: Sequence[Sequence[Token]], expand: frozenset[str],
                            allowed: frozenset[str]) -> list[list[Token]]:
    """Each sentence's tokens for a language whose multiword tokens are a closed class:
    a token whose lowercased text is in ``expand`` (members whose parts the expander knows) is
    flagged multiword even where the tokenizer missed it, a flagged token outside ``allowed``
    (the whole class) is passed on as one word, and the rest keep the tokenizer's flag."""
    out: list[list[Token]] = []
    for sent in sentences:
        toks: list[Token] = []
        for tok in sent:
            text, mwt = (tok, False) if isinstance(tok, str) else (tok[0], tok[1])
            low = text.lower()
            if low in expand:
                toks.append((text, True))
            elif mwt and low not in allowed:
                toks.append((text, False))
            else:
                toks.append(tok)
        out.append(toks)
    return out
