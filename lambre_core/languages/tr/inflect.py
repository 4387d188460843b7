"""Turkish fixes (the pack's ``inflect`` hook). zeyrek analyses but does not generate, so a fix
is built from the word's own morphemes: the suffixes that change are replaced by each of their
allomorphs, and a candidate is kept where zeyrek reads it as the same word with the wanted
values (vowel harmony, buffer consonants and a stem's softened consonant are zeyrek's to judge).
Personal pronouns come from their table."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .morph import _CASES, _POSSESSIVE, parse

#: each suffix's written forms (the nominative, the singular and no possessive are unwritten)
_ALLOMORPHS: dict[str, tuple[str, ...]] = {
    "A3sg": ("",), "A3pl": ("lar", "ler"), "Pnon": ("",), "Nom": ("",),
    "P1sg": ("m", "ım", "im", "um", "üm"), "P2sg": ("n", "ın", "in", "un", "ün"),
    "P3sg": ("ı", "i", "u", "ü", "sı", "si", "su", "sü"),
    "P1pl": ("mız", "miz", "muz", "müz", "ımız", "imiz", "umuz", "ümüz"),
    "P2pl": ("nız", "niz", "nuz", "nüz", "ınız", "iniz", "unuz", "ünüz"),
    "P3pl": ("ları", "leri"),
    "Acc": ("ı", "i", "u", "ü", "yı", "yi", "yu", "yü", "nı", "ni", "nu", "nü"),
    "Dat": ("a", "e", "ya", "ye", "na", "ne"),
    "Loc": ("da", "de", "ta", "te", "nda", "nde"),
    "Abl": ("dan", "den", "tan", "ten", "ndan", "nden"),
    "Gen": ("ın", "in", "un", "ün", "nın", "nin", "nun", "nün"),
    "Ins": ("la", "le", "yla", "yle"), "Equ": ("ca", "ce", "ça", "çe"),
}
#: a verb's (or a copula's) personal endings
_PERSONAL: dict[str, tuple[str, ...]] = {
    "A1sg": ("m", "ım", "im", "um", "üm", "yım", "yim", "yum", "yüm"),
    "A2sg": ("n", "sın", "sin", "sun", "sün", "ın", "in", "un", "ün", "ysın", "ysin", "ysun",
             "ysün"),
    "A3sg": ("",),
    "A1pl": ("k", "ız", "iz", "uz", "üz", "yız", "yiz", "yuz", "yüz"),
    "A2pl": ("nız", "niz", "nuz", "nüz", "sınız", "siniz", "sunuz", "sünüz", "ınız", "iniz",
             "unuz", "ünüz", "ysınız", "ysiniz", "ysunuz", "ysünüz"),
    "A3pl": ("lar", "ler"),
}
#: a stem's final consonant before a vowel and before a consonant ("köpeği", "köpek")
_SOFTENED = {"ğ": "k", "d": "t", "b": "p", "c": "ç", "g": "k"}
#: the personal pronouns: form -> (person, number, case)
_PRONOUNS: dict[str, tuple[str, str, str]] = {}
for _stem, _p, _n, _forms in (
        ("ben", "1", "Sing", ("ben", "beni", "bana", "bende", "benden", "benim", "benimle")),
        ("sen", "2", "Sing", ("sen", "seni", "sana", "sende", "senden", "senin", "seninle")),
        ("o", "3", "Sing", ("o", "onu", "ona", "onda", "ondan", "onun", "onunla")),
        ("biz", "1", "Plur", ("biz", "bizi", "bize", "bizde", "bizden", "bizim", "bizimle")),
        ("siz", "2", "Plur", ("siz", "sizi", "size", "sizde", "sizden", "sizin", "sizinle")),
        ("onlar", "3", "Plur", ("onlar", "onları", "onlara", "onlarda", "onlardan", "onların",
                                "onlarla"))):
    for _form, _case in zip(_forms, ("Nom", "Acc", "Dat", "Loc", "Abl", "Gen", "Ins"),
                            strict=True):
        _PRONOUNS[_form] = (_p, _n, _case)


@lru_cache(maxsize=20000)
def _parses(form: str) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """(dictionary lemma, (morpheme id, written form) ...) for each of zeyrek's readings."""
    return tuple((str(a.dict_item.lemma), tuple((m.id_, s) for m, s in a.morphemes))
                 for a in parse(form))


def _bases(base: str) -> tuple[str, ...]:
    """A stem as written and with its final consonant hardened or softened."""
    if base and base[-1] in _SOFTENED:
        return (base, base[:-1] + _SOFTENED[base[-1]])
    hard = {v: k for k, v in _SOFTENED.items() if k != "g"}
    if base and base[-1] in hard:
        return (base, base[:-1] + hard[base[-1]])
    return (base,)


def _kept(candidates: list[str], lemma: str, ids: tuple[str, ...]) -> list[str]:
    """The candidates zeyrek reads as ``lemma`` with exactly these morphemes."""
    out = []
    for c in dict.fromkeys(candidates):
        if any(lem == lemma and tuple(i for i, _s in ms) == ids for lem, ms in _parses(c)):
            out.append(c)
    return out


def _nominal(form: str, want: dict[str, str]) -> list[str]:
    """A noun's (or a verbal noun's) forms with the wanted case, number and possessor."""
    out: list[str] = []
    for lemma, ms in _parses(form):
        ids = [i for i, _s in ms]
        if "Noun" not in ids:
            continue
        start = len(ids) - 1 - ids[::-1].index("Noun")  # the last nominal part
        tail = ids[start + 1:]
        if any(i not in _ALLOMORPHS for i in tail) or "Zero" in tail:
            continue
        number = "A3pl" if "A3pl" in tail else "A3sg"
        poss = next((i for i in tail if i in _POSSESSIVE), "Pnon")
        case = next((i for i in tail if i in _CASES), "Nom")
        if "Number" in want and "," not in want["Number"]:
            number = "A3pl" if want["Number"] == "Plur" else "A3sg"
        if "Person[psor]" in want:
            plural = poss.endswith("pl") and poss != "P3pl"
            poss = f"P{want['Person[psor]']}{'pl' if plural else 'sg'}"
        case = want.get("Case", case) if want.get("Case", case) in _CASES else case
        base = "".join(s for _i, s in ms[:start + 1])
        slots = [number] + ([poss] if poss != "Pnon" else []) + ([case] if case != "Nom" else [])
        cands = [""]
        for slot in slots:
            cands = [c + a for c in cands for a in _ALLOMORPHS[slot]]
        target = tuple(ids[:start + 1]) + tuple(slots)
        mark = "'" if "'" in form and slots != ["A3sg"] else ""  # a name's suffixes: "Ali'nin"
        out += _kept([b + mark + c for b in _bases(base) for c in cands], lemma, target)
    return list(dict.fromkeys(out))


def _personal(form: str, want: dict[str, str]) -> list[str]:
    """A finite verb's (or a copula's) forms with the wanted person and number."""
    if "Person" not in want or "Number" not in want:
        return []
    agreement = f"A{want['Person']}{'sg' if want['Number'] == 'Sing' else 'pl'}"
    out: list[str] = []
    for lemma, ms in _parses(form):
        ids = [i for i, _s in ms]
        if ids == ["Verb", "FutPart", "Adj"]:
            # the plain future's third person singular, which zeyrek reads as its participle
            # only ("gidecek"): the personal ending goes after the future's suffix
            base, ids = form, ["Verb", "Fut", "A3sg"]
        elif "Verb" not in ids or ids[-1] not in _PERSONAL:
            continue
        else:
            base = "".join(s for _i, s in ms[:-1])
        cands = [b + a for b in _bases(base) for a in _PERSONAL[agreement]]
        out += _kept(cands, lemma, (*ids[:-1], agreement))
    return list(dict.fromkeys(out))


def _lower(form: str) -> str:
    """Turkish lower case: "İ" is "i", "I" is "ı"."""
    return form.replace("İ", "i").replace("I", "ı").lower()


def _capitalised(form: str) -> str:
    return {"i": "İ", "ı": "I"}.get(form[:1], form[:1].upper()) + form[1:]


def inflect(word: Any, feats: Any) -> list[str]:
    """Forms of the word with the wanted values (the quick fix), in the word's capitalisation:
    a personal pronoun's from its table; a finite verb's or a copula's person and number; a
    noun's case, number and possessor."""
    want = dict(feats)
    low = _lower(word.form)
    if word.upos == "PRON" and low in _PRONOUNS:
        p, n, c = _PRONOUNS[low]
        p, n = want.get("Person", p), want.get("Number", n)
        c = want.get("Case", c)
        out = [f for f, cell in _PRONOUNS.items() if cell == (p, n, c)]
    elif word.upos in ("VERB", "AUX") and "Case" not in want:
        out = _personal(low, want)
    else:
        out = _nominal(low, want) or _personal(low, want)
    out = [f for f in out if f != low]
    if word.form[:1].isupper():
        out = [_capitalised(f) for f in out]
    return out
