"""UD -> SUD conversion (``../shared/docs/sud.md``; Gerdes et al., SUD guidelines and the published
UD-to-SUD graph-rewriting conversion).

Only heads and relation labels change; words, features and offsets stay, so a violation found on
the SUD tree maps back to the same characters. The steps, in this order:

1. relations are renamed on the UD tree, where the context that decides a SUD label is still
   visible (``obl:arg`` -> ``comp:obl``; ``xcomp`` introduced by a subordinator -> ``comp:obl``;
   ``nmod`` with a ``case`` -> ``udep``; UD subtypes become ``@`` extensions, ...);
   words inside a ``fixed`` idiom get the structure their parts of speech give them
   (preposition + noun: ``comp:obj``);
2. function words (``case``, ``cop``, ``aux*``, ``mark``) become heads of their content word,
   stacked inside-out; the content word's incoming arc moves to the function word;
3. dependents rise from the content word to the function word that now heads it when SUD says
   they belong to the whole phrase: subjects and other clause-level dependents, and modifiers and
   punctuation according to where they stand relative to the two words;
4. coordination: right dependents shared by conjuncts go to the nearest conjunct, conjuncts (and
   ``flat`` parts) are chained, each depending on the previous one; ``conj`` becomes
   ``conj:coord`` and ``appos`` becomes ``conj:appos``.

SUD relation names (SUD 2.x): ``subj``, ``comp:obj``, ``comp:obl``, ``comp:pred``, ``comp:aux``,
``comp:cleft``, ``mod``, ``udep``, ``det``, ``conj:coord``, ``conj:appos``, ``cc``, ``flat``,
``compound``, ``parataxis`` (``parataxis:insert``, ...), ``unk``, and the unchanged UD ones;
``@pass``, ``@agent``, ``@relcl``, ``@tense``, ... are deep extensions (as in the official SUD
releases, control is not marked on the label: ``xcomp`` gives ``comp:obj``, not ``comp:obj@x``).

Where the official conversion (measured on French GSD, ``bench/sud_agreement.py``) differs from
the SUD 2.5 summary in ``docs/sud.md``, this follows the official files: ``appos`` ->
``conj:appos``, ``conj`` -> ``conj:coord``, a numeral before a noun without a determiner is
``det``, ``fixed`` idioms get an inner structure instead of ``unk@fixed``. Only parts of speech,
relations, word order and UD features decide; there is no word list, so it runs on any language.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import islice
from operator import attrgetter

from .doc import Sentence, Word

# The label helpers below are pure functions of a relation name, called for every word several
# times per conversion; a relation vocabulary is small, so they are memoised (checking speed).
_labels = lru_cache(maxsize=4096)
_HEAD, _DEPREL = attrgetter("head"), attrgetter("deprel")

#: UD relations whose dependent (a function word) becomes the head, and the order in which they
#: are reversed (lower first, i.e. innermost): case, cop, passive/causative aux, aux, mark
_LEVEL = {"case": 10, "cop": 20, "aux:pass": 30, "aux:caus": 30, "aux": 40, "mark": 50}
#: the SUD label of the arc from a promoted function word down to what it now heads
_DOWN_LABEL = {"case": "comp:obj", "cop": "comp:pred", "aux": "comp:aux", "mark": "comp:obj"}

_NOMINAL = {"NOUN", "PRON", "PROPN", "NUM", "X"}
_VERBAL = {"VERB", "AUX"}
#: parts of speech of the words a preposition takes as its object inside a fixed expression
_IDIOM_OBJECT = {"NOUN", "PROPN", "PRON", "ADV", "ADJ", "VERB", "NUM"}
#: UD subtypes that stay SUD subtypes (after ``:``) rather than becoming ``@`` extensions
_KEPT_SUBTYPES = {"parataxis": {"insert", "parenth", "obj"}}
#: paired punctuation: a closing mark stays with its opening one
_PAIRS = {")": "(", "]": "[", "}": "{", "»": "«", "›": "‹", "”": "“", "’": "‘"}

_UNCHANGED = {
    "det", "cc", "flat", "compound", "vocative", "discourse", "dislocated",
    "parataxis", "orphan", "goeswith", "reparandum", "punct", "root", "clf", "list",
}

#: relations only SUD uses: a tree with one of them is SUD already
_SUD_ONLY = {"subj", "comp", "mod", "udep", "unk"}
#: relation names of older SUD releases, read as their current subtype by ``relation_matches``
_LEGACY = {"appos": "conj:appos"}


def looks_like_sud(sentence: Sentence) -> bool:
    """Whether a sentence is annotated in SUD (it uses a relation UD does not have)."""
    if sentence.metadata.get("annotation") == "sud":
        return True
    return not _SUD_ONLY.isdisjoint(map(main_relation, {w.deprel for w in sentence.words}))


@_labels
def base_relation(deprel: str) -> str:
    """The relation without its SUD ``@`` extension: ``subj@pass`` -> ``subj``,
    ``conj:coord@emb`` -> ``conj:coord`` (the ``:`` subtype stays)."""
    return deprel.split("@", 1)[0]


@_labels
def main_relation(deprel: str) -> str:
    """The relation without subtype or extension: ``comp:obl@agent`` -> ``comp``."""
    return deprel.split("@", 1)[0].split(":", 1)[0]


def relation_matches(rule_relation: str, deprel: str) -> bool:
    """Whether an arc labelled ``deprel`` falls under a rule stated for ``rule_relation``.

    ``*`` covers every relation. A rule relation with an ``@`` extension (``subj@pass``) covers
    only itself. Otherwise the arc's ``@`` extension is ignored, and a rule relation that names a
    subtype (``comp:obl``, ``conj:coord``) covers that subtype only, while one that names none
    (``conj``, ``subj``) covers every subtype of it (``conj:coord``, ``conj:appos``).
    ``appos``, the name older SUD releases used, covers ``conj:appos``.
    """
    if rule_relation == "*":
        return True
    if "@" in rule_relation:
        return deprel == rule_relation
    rule_relation = _LEGACY.get(rule_relation, rule_relation)
    base = base_relation(deprel)
    if base == rule_relation:
        return True
    return ":" not in rule_relation and base.split(":", 1)[0] == rule_relation


@_labels
def _main_ud(deprel: str) -> str:
    """The UD relation without its subtype: ``aux:pass`` -> ``aux``."""
    return deprel.partition(":")[0]


@_labels
def _split(deprel: str) -> tuple[str, str | None]:
    main, _, sub = deprel.partition(":")
    return main, (sub or None)


@_labels
def _fw_kind(deprel: str) -> str | None:
    """The function-word kind of a UD relation (``aux:pass`` for passive auxiliaries), or None."""
    main, sub = _split(deprel)
    if main == "aux":
        return "aux:" + sub if sub in ("pass", "caus") else "aux"
    return main if main in ("case", "cop", "mark") else None


class _Tree:
    """Mutable heads and labels over a sentence's words (1-based; index 0 is the root)."""

    __slots__ = ("words", "n", "head", "ud", "label", "ud_main", "ud_kids")

    def __init__(self, words: list[Word]) -> None:
        self.words = words
        self.n = len(words)
        self.head = [0, *map(_HEAD, words)]
        self.ud = ["", *map(_DEPREL, words)]
        self.label = list(self.ud)
        self.ud_main = list(map(_main_ud, self.ud))
        kids: list[list[int]] = [[] for _ in self.head]
        for i, h in enumerate(self.head):
            kids[h].append(i)
        del kids[0][0]  # the root slot is no word's dependent
        self.ud_kids = kids

    def w(self, i: int) -> Word:
        return self.words[i - 1]

    def ud_has(self, i: int, mains: tuple[str, ...], upos: tuple[str, ...] | None = None) -> bool:
        """Whether word ``i`` has a UD dependent with one of these main relations (and UPOS)."""
        for k in self.ud_kids[i]:
            if self.ud_main[k] in mains and (upos is None or self.w(k).upos in upos):
                return True
        return False

    def dominates(self, a: int, b: int) -> bool:
        """Whether word ``a`` is ``b`` or one of its ancestors."""
        seen = 0
        while b and seen <= self.n:
            if b == a:
                return True
            b = self.head[b]
            seen += 1
        return False

    def kids(self) -> list[list[int]]:
        out: list[list[int]] = [[] for _ in range(self.n + 1)]
        for i in range(1, self.n + 1):
            out[self.head[i]].append(i)
        return out


# --------------------------------------------------------------------------------------------
# 1. renaming on the UD tree


def _is_passive(t: _Tree, h: int) -> bool:
    return any(t.ud[k] == "aux:pass" for k in t.ud_kids[h])


def _xcomp(t: _Tree, h: int, d: int) -> str:
    """An open clausal complement is a predicative (``comp:pred``) when it is not a clause (no
    verb, no copula) or a bare participle; an oblique (``comp:obl``) when a subordinator
    introduces it (an infinitive after a preposition) or the verb already has a direct object;
    otherwise a direct object (a bare infinitive after a verb of wanting)."""
    dep = t.w(d)
    if not (dep.upos == "VERB" or t.ud_has(d, ("cop",))):
        return "comp:pred"
    if dep.feats.get("VerbForm") == "Part" and not t.ud_has(d, ("aux", "cop", "mark")):
        return "comp:pred"
    if t.ud_has(d, ("mark",)) or (t.w(h).upos == "VERB" and t.ud_has(h, ("obj",))):
        return "comp:obl"
    return "comp:obj"


def _ccomp(t: _Tree, h: int, d: int) -> str:
    """A clausal complement is a direct object, unless it completes a noun or an adjective, the
    verb already has a direct object, or the verb is passive."""
    if t.w(h).upos in _NOMINAL or t.w(h).upos == "ADJ":
        return "comp:obl"
    if t.ud_has(h, ("obj",)) or _is_passive(t, h):
        return "comp:obl"
    return "comp:obj"


@_labels
def _plain_label(ud: str) -> str | None:
    """The SUD label for a UD arc labelled ``ud`` where the label alone decides it (most arcs:
    memoised, so most words cost one lookup), or None where the tree must be looked at
    (``_label_in_tree``)."""
    main, sub = _split(ud)
    if main in _UNCHANGED:  # first: punct and det are the commonest, and no branch below names one
        if sub and sub in _KEPT_SUBTYPES.get(main, ()):
            return ud
        return main + (f"@{sub}" if sub else "")
    ext = f"@{sub}" if sub else ""
    # relations whose UD subtype decides the SUD relation
    if main == "expl":
        if sub in ("pv", "comp"):
            return "comp@expl"
        if sub == "pass":
            return "comp@pass"
        if sub in ("subj", "impers"):
            return "subj@expl"
        return None
    if main in ("nsubj", "csubj"):
        return None
    if main == "obl":
        if sub in ("arg", "comp"):
            return "comp:obl"
        if sub == "agent":
            return "comp:obl@agent"
        if sub == "mod":
            return "mod"
        return "udep" + ext
    if main in ("xcomp", "ccomp"):
        if sub in ("obj", "obl") or (main == "ccomp" and sub == "pred"):
            return f"comp:{sub}"
        return None
    if main == "advcl" and sub == "cleft":
        return "comp:cleft"
    if main == "obj":
        return "comp:obj" + ext
    if main == "iobj":
        return "comp:obl" + ext
    if main in ("amod", "nummod", "advcl"):
        return "mod" + ext
    if main == "advmod":
        return None
    if main in ("acl", "nmod"):
        return "mod@relcl" if main == "acl" and sub == "relcl" else None
    if main == "dep":
        return "unk" + ext
    if main == "fixed":
        return "unk"
    if main == "conj":
        return "conj:coord" + ext
    if main == "appos":
        return "conj:appos" + ext
    return "unk" + ext


def _label_in_tree(t: _Tree, d: int) -> str:
    """The SUD label for the UD arc into word ``d`` where ``_plain_label`` leaves it to the
    words around it."""
    main, sub = _split(t.ud[d])
    h = t.head[d]
    dep = t.w(d)
    ext = f"@{sub}" if sub else ""
    if main == "expl":
        if h and t.w(h).upos == "VERB" and dep.upos == "PRON":
            return "comp@expl"
        return "unk@expl"
    if main in ("nsubj", "csubj"):
        # the impersonal pronoun comes first: an expletive subject, then the verb and its deep
        # subject (not a subject pronoun inverted after the verb in a question)
        if h and any(t.ud[k] in ("expl:subj", "expl:impers") and k < d for k in t.ud_kids[h]):
            # impersonal diathesis: the deep subject is an object (the noun phrase after the verb)
            if sub is None:
                return "comp:obj@agent"
            if sub == "pass":
                return "comp:obj@pass"
        return "subj" + ext
    if main == "xcomp":
        return _xcomp(t, h, d)
    if main == "ccomp":
        return _ccomp(t, h, d)
    if main == "advmod":
        marked = t.ud_has(d, ("case", "mark"))
        if marked and h and (t.w(h).upos in _NOMINAL or t.ud_has(h, ("det",))):
            return "udep" + ext
        return "mod" + ext
    # acl, nmod
    return ("udep" if t.ud_has(d, ("case", "mark")) else "mod") + ext


#: ExtPos values (and UD relations) of idioms that work as function words: no inner structure
_FUNCTION_POS = {"ADP", "SCONJ", "CCONJ", "DET", "AUX", "PART"}
_FUNCTION_RELS = {"case", "mark", "cc", "det", "aux", "cop"}


def _idioms(t: _Tree) -> list[tuple[int, int]]:
    """Give the words of a ``fixed`` expression the structure their parts of speech give them
    (SUD analyses idioms): in an idiom used as a content word, a preposition takes the next
    content word as ``comp:obj`` (a preposition + noun idiom) and a leading determiner goes to the
    word after it, which then heads the idiom (an article + quantity noun); a noun takes a
    following preposition as ``comp:obl`` (a noun + preposition idiom used as a preposition).
    Other parts stay ``unk`` and are chained.
    Return (idiom head, last part) for the idioms whose complements go to their last part."""
    tails: list[tuple[int, int]] = []
    for h in range(1, t.n + 1):
        parts = [k for k in t.ud_kids[h] if t.ud_main[k] == "fixed"]
        if not parts:
            continue
        head = t.w(h)
        ext = head.feats.get("ExtPos")
        function = ext in _FUNCTION_POS if ext else t.ud_main[h] in _FUNCTION_RELS
        top = h
        if (not function and head.upos == "DET" and parts[0] == h + 1
                and t.w(parts[0]).upos in _IDIOM_OBJECT):
            # an article + quantity noun: the determiner goes under the word it determines, which
            # heads the idiom
            top = parts.pop(0)
            t.head[top], t.label[top] = t.head[h], t.label[h]
            t.head[h], t.label[h] = top, "det"
            for k in t.ud_kids[h]:
                if t.head[k] == h:
                    t.head[k] = top
        hp = t.w(top).upos
        has_obj = False
        prev_unk = None
        for i, k in enumerate(parts):
            t.head[k] = top
            up = t.w(k).upos
            nxt = parts[i + 1] if i + 1 < len(parts) else None
            contiguous = i == 0 or k == parts[i - 1] + 1
            if (not function and hp == "ADP" and up == "DET" and nxt == k + 1
                    and t.w(nxt).upos in _IDIOM_OBJECT):
                t.head[k], t.label[k] = nxt, "det"
            elif not function and hp == "ADP" and up in _IDIOM_OBJECT and not has_obj and contiguous:
                t.label[k] = "comp:obj"
                has_obj = True
            elif hp in ("NOUN", "PROPN") and up == "ADP" and i == 0:
                t.label[k] = "comp:obl"
                if len(parts) == 1 and k > top:
                    tails.append((top, k))
            else:
                t.label[k] = "unk"
                if prev_unk is not None:
                    t.head[k] = prev_unk
                prev_unk = k
        if not function and parts and parts[-1] > top and t.label[parts[-1]] != "unk":
            tails.append((top, parts[-1]))
    return tails


def _idiom_tails(t: _Tree, tails: list[tuple[int, int]]) -> None:
    """Complements placed after an idiom depend on its last part: a complement of a preposition +
    noun idiom goes under the noun, the object of a noun + preposition idiom under the
    preposition."""
    if not tails:
        return
    kids = t.kids()
    for top, last in tails:
        for n in kids[top]:
            if (n > last and main_relation(t.label[n]) not in ("punct", "conj", "cc", "parataxis")
                    and not t.dominates(n, last)):
                t.head[n] = last


# --------------------------------------------------------------------------------------------
# 2. reversal of function words


def _reverse(t: _Tree, kind: dict[int, str]) -> list[tuple[int, int, str]]:
    """Promote function words (word -> its kind, in word order: the words with a head whose UD
    relation has a ``_fw_kind``); return the reversed arcs (new head, old head, kind), in order."""
    pending: dict[int, list[int]] = {}
    for f in kind:
        pending.setdefault(t.head[f], []).append(f)
    done: list[tuple[int, int, str]] = []
    work = sorted(pending)
    while work:
        c = work.pop(0)
        fws = pending.pop(c, [])
        if not fws:
            continue
        # lowest level first; at one level the closest, and after the head before the one before it
        fws.sort(key=lambda f: (_LEVEL[kind[f]], 0 if f > c else 1, abs(f - c)))
        f, rest = fws[0], fws[1:]
        # the function word takes the content word's place (its head and label) ...
        t.head[f], t.label[f] = t.head[c], t.label[c]
        t.head[c] = f
        done.append((f, c, kind[f]))
        # ... and the other function words of the content word now wait on it
        for g in rest:
            t.head[g] = f
        if rest:
            pending.setdefault(f, []).extend(rest)
            work.insert(0, f)
        # the function word itself may be the pending function word of its new head
        old = t.head[f]
        if c in kind and old in pending and c in pending[old]:
            pending[old][pending[old].index(c)] = f
            kind[f] = kind.pop(c)
    for f, c, k in done:
        main = k.split(":")[0]
        sub = _split(t.ud[f])[1] if main == "aux" and t.ud_main[f] == "aux" else None
        t.label[c] = _DOWN_LABEL[main] + (f"@{sub}" if sub else "")
    return done


# --------------------------------------------------------------------------------------------
# 3. dependents that rise to the function word


def _deep(label: str) -> str | None:
    return label.split("@", 1)[1] if "@" in label else None


@_labels
def _label_parts(label: str) -> tuple[str, str, bool]:
    """A label's main relation, base relation, and whether its extension is ``@agent``."""
    return main_relation(label), base_relation(label), _deep(label) == "agent"


def _rises(t: _Tree, kids: list[list[int]], h: int, d: int, kind: str, fw: str, n: int) -> bool:
    """Whether dependent ``n`` of ``d`` moves to ``h``, the function word now heading ``d``
    (``kind`` the function word's kind, ``fw`` its main part: ``aux`` for ``aux:pass``)."""
    label = t.label[n]
    main, base, agent = _label_parts(label)
    up = t.words[n - 1].upos
    if main in ("discourse", "orphan"):
        return True
    if main == "cc":
        return n < h
    if agent and (fw == "cop" or kind == "aux:caus"):
        return True
    if fw in ("cop", "aux", "case"):
        if main in ("dislocated", "subj", "vocative") or base == "comp:cleft":
            return True
        if main == "parataxis":
            return fw != "case" or t.head[h] == 0
    if fw == "mark" and main in ("dislocated", "subj", "vocative"):
        if n < h < d:
            return True
        if d < h < n and main != "vocative":
            return True
    if main == "mod" and fw != "mark" and h < d < n and label != "mod@relcl":
        if any(x > n for x in kids[d]):
            return False  # rising must not make the tree non-projective
        return not _stays_in_phrase(fw, up)
    if main == "punct" and h < d < n:
        if any(x > n for x in kids[d]):
            return False
        opening = {t.w(x).lemma for x in kids[d] if x < d and main_relation(t.label[x]) == "punct"}
        lemma = t.w(n).lemma
        return lemma not in opening and _PAIRS.get(lemma, "\0") not in opening
    if main == "mod" and fw in ("aux", "cop") and h < n < d:
        if fw == "cop" and up == "ADJ" and t.w(d).upos == "NOUN":
            return False
        if (fw == "cop" and up == "ADV" and t.w(d).upos in ("ADJ", "ADV")
                and t.w(n).feats.get("Polarity") != "Neg"
                and all(x in kids[d] and t.w(x).upos == "ADV" for x in range(n + 1, d))):
            return False  # a degree adverb right before an adjective: copula [adverb adjective]
        return not any(h < x < n for x in kids[d])
    if main in ("mod", "punct") and d < h < n:
        return True
    if main == "mod" and fw == "cop" and d < n < h:
        # between the predicate and a clause-final copula (a predicate noun and its genitive
        # modifier before the copula, in a German subordinate clause):
        # the predicate's own nominal modifiers stay with it
        return not _stays_in_phrase(fw, up)
    if main in ("mod", "orphan", "punct", "reparandum", "udep") and n < h < d:
        return True
    if main in ("mod", "punct") and n < d < h:
        # the mirror image of the rule for modifiers after a preposition (postpositions,
        # clause-final copulas): the noun's own adjectives stay with it
        return main == "punct" or not _stays_in_phrase(fw, up)
    if base == "conj:coord":
        if fw in ("aux", "cop") and any(main_relation(t.label[x]) == "subj" for x in kids[n]):
            return True  # a conjunct with its own subject is a clause: "X was A, Y B"
        return _conj_rises(t, h, d, n)
    return False


def _stays_in_phrase(fw: str, up: str) -> bool:
    """Whether a modifier on the far side of the content word from its case marker or copula
    belongs to the content word: adjectives, nouns and clauses do; prepositional phrases (and
    adverbs, for a copula) rise."""
    if fw == "case":
        return up not in ("ADP", "SCONJ")
    if fw == "cop":
        return up not in ("ADP", "ADV", "SCONJ")
    return False


def _conj_rises(t: _Tree, h: int, d: int, n: int) -> bool:
    """A conjunct rises to the function word when it is not of the content word's kind: "of X and
    of Y" (the second conjunct is a prepositional phrase, like the first one's preposition)."""
    a, b = t.w(d), t.w(n)
    af, bf = a.feats.get("VerbForm"), b.feats.get("VerbForm")
    if h < d and a.upos in _VERBAL and af and not (b.upos in _VERBAL and bf == af):
        return True
    if a.upos == b.upos:
        return False
    pa, pb = a.upos, b.upos
    if pa in _NOMINAL and pb in _NOMINAL:
        return False
    if pa in ("ADJ", "ADP") and pb == "VERB" and bf == "Part":
        return False
    if pa == "VERB" and af == "Part" and pb in ("ADJ", "ADP"):
        return False
    if pa in ("ADP", "ADV") and pb in ("ADP", "ADV"):
        return False
    return not (pa in _VERBAL and pb in _VERBAL and af == bf)


def _shift_out(t: _Tree, reversed_arcs: list[tuple[int, int, str]]) -> None:
    if not reversed_arcs:
        return
    arcs = [(h, d, kind, kind.split(":")[0]) for h, d, kind in reversed_arcs]
    changed = True
    rounds = 0
    kids = t.kids()
    while changed and rounds < 20:
        changed = False
        rounds += 1
        moved_to: set[int] = set()
        for h, d, kind, fw in arcs:
            if t.head[d] != h:
                continue
            for n in list(kids[d]):
                if _rises(t, kids, h, d, kind, fw, n):
                    t.head[n] = h
                    kids[d].remove(n)
                    kids[h].append(n)
                    moved_to.add(h)
                    changed = True
        # each round starts from the dependents in word order (as ``t.kids()`` would give them
        # again): only the lists that were appended to are out of order
        for h in moved_to:
            kids[h].sort()


# --------------------------------------------------------------------------------------------
# 4. coordination and chains


@_labels
def _is_coord(label: str) -> bool:
    return base_relation(label) == "conj:coord"


def _minimize_right(t: _Tree) -> None:
    """A dependent of the first conjunct placed after a later conjunct goes to the nearest
    conjunct before it ("[X and Y] of Z": Z depends on Y)."""
    conjs: dict[int, list[int]] = {}
    for i in range(1, t.n + 1):
        if t.head[i] and i > t.head[i] and _is_coord(t.label[i]):
            conjs.setdefault(t.head[i], []).append(i)
    if not conjs:
        return
    for d in range(1, t.n + 1):
        c1 = t.head[d]
        if c1 not in conjs or d < c1 or d in conjs[c1]:
            continue
        if main_relation(t.label[d]) in ("conj", "discourse", "parataxis", "punct"):
            continue
        before = [c for c in conjs[c1] if c < d]
        if before:
            t.head[d] = before[-1]


def _chain(t: _Tree) -> None:
    """Conjuncts, and the parts of a ``flat`` name, form a chain: each depends on the previous
    one instead of all on the first."""
    groups: dict[tuple[int, bool], list[int]] = {}
    for i in range(1, t.n + 1):
        h = t.head[i]
        if i > h:
            label = t.label[i]
            if _is_coord(label):
                groups.setdefault((h, True), []).append(i)
            elif label.startswith("flat"):
                groups.setdefault((h, False), []).append(i)
    for (h, _), members in groups.items():
        prev = h
        for m in members:  # already in word order
            t.head[m] = prev
            prev = m


def _emb(t: _Tree) -> None:
    """A coordination inside a conjunct (before chaining) is marked ``@emb``."""
    for i in range(1, t.n + 1):
        if _is_coord(t.label[i]) and t.head[i] and _is_coord(t.label[t.head[i]]) and "@" not in t.label[i]:
            t.label[i] += "@emb"


def _nummod_det(t: _Tree) -> None:
    """A numeral before a noun without a determiner is its determiner (a bare cardinal), as in
    the official SUD conversion of French; after the noun, or beside a determiner, it is ``mod``."""
    for i in range(1, t.n + 1):
        if t.ud_main[i] == "nummod" and i < t.head[i]:
            h = t.head[i]
            if not any(t.label[k].startswith("det") for k in t.ud_kids[h]):
                _, sub = _split(t.ud[i])
                t.label[i] = "det" + (f"@{sub}" if sub else "")


def copy_words(words: list[Word], heads: list[int], labels: list[str]) -> list[Word]:
    """Copies of ``words`` with other heads and relations (of word ``i``: ``heads[i]`` and
    ``labels[i]``, index 0 unused), features and MISC copied too.

    ``dataclasses.replace`` does the same at several times the cost (it showed in checking
    throughput); the positional constructor is the fastest way. Every field of ``Word`` is
    passed (``tests/test_copying.py`` fails when one is added and not here)."""
    return [Word(w.id, w.form, w.lemma, w.upos, w.xpos, w.feats.copy(), h, label, w.deps,
                 w.misc.copy(), w.start, w.end)
            for w, h, label in zip(words, islice(heads, 1, None), islice(labels, 1, None),
                                   strict=True)]


def copy_word(w: Word, head: int, deprel: str) -> Word:
    """A copy of ``w`` with another head and relation, its features and MISC copied too."""
    return copy_words([w], [0, head], ["", deprel])[0]


def to_sud(sentence: Sentence) -> Sentence:
    """Convert a UD sentence to SUD. The input is not modified; words are copied.

    The tree must be well formed (see ``conllu_io.tree_error``); a sentence already in SUD
    (``looks_like_sud``) is returned unchanged.
    """
    if looks_like_sud(sentence):
        return sentence
    t = _Tree(sentence.words)
    label, head, ud = t.label, t.head, t.ud
    kind: dict[int, str] = {}  # the function words, reversed in step 2
    for i in range(1, t.n + 1):
        if not head[i]:
            label[i] = "root"
            continue
        k = _fw_kind(ud[i])
        if k is not None:
            kind[i] = k
            continue
        plain = _plain_label(ud[i])
        label[i] = _label_in_tree(t, i) if plain is None else plain
    # the steps below change nothing in a sentence without the UD relations they are about
    # (a list scan each): most sentences skip most of them
    mains = t.ud_main
    if "nummod" in mains:
        _nummod_det(t)
    tails = _idioms(t) if "fixed" in mains else []
    _shift_out(t, _reverse(t, kind))
    _idiom_tails(t, tails)
    if "conj" in mains:  # coordination labels come from UD conj only
        _minimize_right(t)
        _emb(t)
    if "conj" in mains or "flat" in mains:
        _chain(t)
    return with_words(sentence, copy_words(sentence.words, head, label))


def with_words(sentence: Sentence, words: list[Word]) -> Sentence:
    """A converted sentence: ``sentence`` with other words and a copy of its metadata (the
    rest shared); ``dataclasses.replace`` without its cost, every field of ``Sentence`` kept."""
    return Sentence(words, sentence.multiword, dict(sentence.metadata), sentence.source,
                    sentence.line)
