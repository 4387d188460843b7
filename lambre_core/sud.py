"""UD -> SUD conversion (``../shared/docs/sud.md``; Gerdes et al., SUD guidelines).

Only heads and relation labels change; words, features and offsets stay, so a violation found on
the SUD tree maps back to the same characters. Three steps, in this order:

1. function words (``case``, ``cop``, ``aux*``, ``mark``) become heads of their content word, stacked
   inside-out; the content word's incoming arc moves to the outermost one;
2. clause-level dependents (subjects, ``cc``, ``punct``, ...) rise from the content word to the
   function word that now heads the clause;
3. relations are renamed (``nsubj`` -> ``subj``, ``amod`` -> ``mod``, UD subtypes become ``@`` extensions)
   and coordination is chained (each conjunct depends on the previous one).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .doc import Sentence, Word

#: UD relations whose dependent (a function word) becomes the head, innermost first
_STACK_ORDER = {"case": 0, "cop": 1, "aux": 2, "mark": 3}
#: the SUD label of the arc from a promoted function word down to what it now heads
_DOWN_LABEL = {"case": "comp:obj", "cop": "comp:pred", "aux": "comp:aux", "mark": "comp:obj"}

#: dependents of a clause (not of the lexical verb): they rise to the auxiliary/copula
_CLAUSE_LEVEL = {"nsubj", "csubj", "expl", "discourse", "vocative", "dislocated"}
#: dependents of the whole phrase: they rise to the outermost function word
_PHRASE_LEVEL = {"cc", "conj", "punct", "parataxis"}
#: modifiers that rise only when they sit outside the span between the new head and the old one
_SPAN_DEPENDENT = {"advmod", "obl", "advcl"}

_UNCHANGED = {
    "det", "conj", "cc", "flat", "compound", "appos", "vocative", "discourse", "dislocated",
    "parataxis", "orphan", "goeswith", "reparandum", "punct", "root", "clf", "list",
}
_FUNCTION_HEADS = {"ADP", "SCONJ"}


#: relations only SUD uses: a tree with one of them is SUD already
_SUD_ONLY = {"subj", "comp", "mod", "udep", "unk"}


def looks_like_sud(sentence: Sentence) -> bool:
    """Whether a sentence is annotated in SUD (it uses a relation UD does not have)."""
    if sentence.metadata.get("annotation") == "sud":
        return True
    return any(w.deprel.split("@")[0].split(":")[0] in _SUD_ONLY for w in sentence.words)


def base_relation(deprel: str) -> str:
    """The relation without its SUD ``@`` extension: ``subj@pass`` -> ``subj``."""
    return deprel.split("@", 1)[0]


def relation_matches(rule_relation: str, deprel: str) -> bool:
    """Whether an arc labelled ``deprel`` falls under a rule stated for ``rule_relation``.

    A bare rule relation (``subj``) covers its deep extensions (``subj@pass``); a full one
    (``subj@pass``) covers only itself; ``*`` covers every relation.
    """
    if rule_relation == "*":
        return True
    if "@" in rule_relation:
        return deprel == rule_relation
    return base_relation(deprel) == rule_relation


@dataclass
class _Node:
    head: int
    ud_rel: str  # the UD relation (with subtype) whose renaming decides the SUD label
    sud_rel: str | None = None  # set directly for arcs created by the reversal


def _split(deprel: str) -> tuple[str, str | None]:
    main, _, sub = deprel.partition(":")
    return main, (sub or None)


def to_sud(sentence: Sentence) -> Sentence:
    """Convert a UD sentence to SUD. The input is not modified; words are copied.

    The tree must be well formed (see ``conllu_io.tree_error``); a sentence already in SUD
    (``looks_like_sud``) is returned unchanged.
    """
    if looks_like_sud(sentence):
        return sentence
    words = sentence.words
    nodes = {w.id: _Node(w.head, w.deprel) for w in words}
    children: dict[int, list[int]] = {w.id: [] for w in words}
    children[0] = []
    for w in words:
        children[w.head].append(w.id)

    # 1. promote function words; remember each content word's chain (innermost first)
    chains: dict[int, list[int]] = {}
    for w in words:
        fws = [
            d for d in children[w.id]
            if _split(words[d - 1].deprel)[0] in _STACK_ORDER
            # a function word with its own function words is a content word here; skip it
        ]
        if not fws:
            continue
        fws.sort(key=lambda d: (_STACK_ORDER[_split(words[d - 1].deprel)[0]], abs(d - w.id)))
        chain = [w.id]
        old = nodes[w.id]
        for fw in fws:
            main, sub = _split(words[fw - 1].deprel)
            label = _DOWN_LABEL[main] + (f"@{sub}" if sub and main == "aux" else "")
            below = chain[-1]
            nodes[below] = _Node(fw, words[below - 1].deprel if below == w.id else "_",
                                 sud_rel=label)
            chain.append(fw)
        nodes[chain[-1]] = _Node(old.head, old.ud_rel, sud_rel=None)
        chains[w.id] = chain

    # a content word's chain top takes its old incoming arc; if the old head was itself
    # a content word with a chain, attachments are resolved in step 2 below.
    # 2. clause- and phrase-level dependents rise
    for cid, chain in chains.items():
        outer = chain[-1]
        clause = next(
            (fw for fw in reversed(chain)
             if _split(words[fw - 1].deprel)[0] in ("aux", "cop")),
            None,
        )
        for d in children[cid]:
            if d in chain:
                continue
            # the word now attached for d is the top of d's own chain, if it has one
            top = chains[d][-1] if d in chains else d
            main, _ = _split(words[d - 1].deprel)
            if main in _PHRASE_LEVEL:
                nodes[top].head = outer
            elif main in _CLAUSE_LEVEL and clause is not None:
                nodes[top].head = clause
            elif main in _SPAN_DEPENDENT and clause is not None:
                lo, hi = sorted((clause, cid))
                if not lo < d < hi:
                    nodes[top].head = clause

    # 3. rename relations
    content_of = {chain[-1]: cid for cid, chain in chains.items()}
    out: list[Word] = []
    for w in words:
        node = nodes[w.id]
        label = node.sud_rel or _rename(node.ud_rel, w, words, content_of)
        out.append(replace(w, head=node.head, deprel=label, feats=dict(w.feats), misc=dict(w.misc)))
    _chain_conjuncts(out)
    return replace(sentence, words=out, metadata=dict(sentence.metadata))


def _rename(ud_rel: str, w: Word, words: list[Word], content_of: dict[int, int]) -> str:
    """The SUD label for a UD relation on word ``w`` (which may now head a chain)."""
    main, sub = _split(ud_rel)
    ext = f"@{sub}" if sub else ""
    content = words[content_of[w.id] - 1] if w.id in content_of else w
    if main in ("nsubj", "csubj"):
        return "subj" + ext
    if main == "obj":
        return "comp:obj" + ext
    if main == "iobj":
        return "comp:obl" + ext
    if main == "ccomp":
        return ("comp:obl" if w.upos == "ADP" else "comp:obj") + ext
    if main == "xcomp":
        if content.upos in ("VERB", "AUX"):
            form = content.feats.get("VerbForm")
            if form == "Part":
                return "comp:pred@x"
            return "comp:obj@x"
        return "comp:pred" + ext
    if main in ("amod", "advmod", "nummod", "advcl"):
        return "mod" + ext
    if main in ("acl", "nmod"):
        return ("udep" if w.upos in _FUNCTION_HEADS else "mod") + ext
    if main == "obl":
        # UD subtypes that already say argument vs modifier (French GSD, ...) decide the SUD label
        if sub == "agent":
            return "comp:obl@agent"
        if sub == "arg":
            return "comp:obl"
        if sub == "mod":
            return "mod"
        return "udep" + ext
    if main == "dep":
        return "unk" + ext
    if main == "expl":
        if sub in ("impers", "subj"):
            return "subj@expl"
        if sub in ("comp", "pv", "pass"):
            return "comp@expl"
        return "unk@expl"
    if main == "fixed":
        return "unk@fixed"
    if main in _UNCHANGED:
        return main + ext
    return ud_rel


def _chain_conjuncts(words: list[Word]) -> None:
    """Make each conjunct depend on the previous one instead of all on the first."""
    by_head: dict[int, list[Word]] = {}
    for w in words:
        if base_relation(w.deprel) == "conj":
            by_head.setdefault(w.head, []).append(w)
    for head, conjuncts in by_head.items():
        conjuncts.sort(key=lambda w: w.id)
        prev = head
        for c in conjuncts:
            if c.id > head:  # only forward coordination chains
                c.head = prev
                prev = c.id
