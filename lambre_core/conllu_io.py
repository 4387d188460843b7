"""CoNLL-U in and out, on top of the ``conllu`` library.

Reading keeps multiword tokens and character offsets (``start_char``/``end_char`` or ``TokenRange``
in MISC); where a file has none, offsets are recovered by aligning forms with ``# text``.
Malformed lines raise ``ConlluError`` naming file, line and column.
"""

from __future__ import annotations

import io
import os
import re
import stat
import sys
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from sys import intern

import conllu
from conllu.exceptions import ParseException
from conllu.parser import DEFAULT_FIELDS, parse_comment_line, parse_line

from .doc import MultiwordToken, Sentence, Word
from .errors import ConlluError, LambreError, TreeError
from .files import open_text
from .gcpause import collector_paused


def _offsets(misc: dict[str, str]) -> tuple[int | None, int | None]:
    if "start_char" in misc and "end_char" in misc:
        try:
            return int(misc["start_char"]), int(misc["end_char"])
        except ValueError:
            return None, None
    if "TokenRange" in misc:
        a, _, b = misc["TokenRange"].partition(":")
        if a.isdigit() and b.isdigit():
            return int(a), int(b)
    return None, None


def _column_of(line: str, field_index: int) -> int:
    """1-based column where tab-separated field ``field_index`` starts."""
    parts = line.split("\t")
    return sum(len(p) + 1 for p in parts[:field_index]) + 1


def _dict_field(value: str) -> dict[str, str]:
    """FEATS or MISC as ``conllu.parser.parse_dict_value`` reads it (then ``None`` -> ``""``):
    ``_`` is empty, a part's value is what lies between its first and second ``=``."""
    if not value or value == "_":
        return {}
    out: dict[str, str] = {}
    for part in value.split("|"):
        if "=" in part:
            bits = part.split("=")
            key, val = bits[0], bits[1]
            if val == "_":
                val = ""
        else:
            key, val = part, ""
        if key and key != "_":
            # names and values repeat on every line: one string each (a third of the memory)
            out[intern(key)] = intern(val)
    return out


#: FEATS strings already read, as dicts to copy: a treebank has a few thousand distinct ones
#: (3,903 in all the shared treebanks), and copying a dict is a fraction of parsing it
_FEATS_SEEN: dict[str, dict[str, str]] = {}
_FEATS_SEEN_MAX = 50_000


def _feats_field(value: str) -> dict[str, str]:
    """FEATS as ``_dict_field`` reads it, remembered per distinct string (a fresh dict each call)."""
    seen = _FEATS_SEEN.get(value)
    if seen is not None:
        return seen.copy()
    out = _dict_field(value)
    if len(_FEATS_SEEN) < _FEATS_SEEN_MAX:
        _FEATS_SEEN[value] = out.copy()  # a copy of its own: callers may change theirs
    return out


def _plain_int(value: str) -> bool:
    """Whether ``value`` is a non-negative integer as the ``conllu`` library reads one."""
    return value.isascii() and value.isdigit() and (value == "0" or value[0] != "0")


#: the IDs 1, 2, ... as strings, for comparing a line's ID without formatting a number per line
_IDS = [str(i) for i in range(256)]


def _fast_word(cols: list[str], expected_id: int, line: str) -> Word | None:
    """The word of an ordinary token line (the expected integer ID, an integer HEAD), read
    without the ``conllu`` library's regular expressions, which dominated reading time; None
    for anything else (multiword and empty nodes, odd fields, errors): ``_parse_block`` then
    reads the line the library's way, errors and all, so results never differ."""
    tid, head, deps = cols[0], cols[6], cols[8]
    if (tid != (_IDS[expected_id] if expected_id < 256 else str(expected_id))
            or not _plain_int(head)
            or ("-" in deps and deps != "_")):  # DEPS with ranges: the library may object
        return None
    if "  " in line:  # the library also splits fields at runs of spaces (no run spans a tab)
        return None
    if cols[9] == "_":  # most words: no MISC, so no offsets either
        misc: dict[str, str] = {}
        start = end = None
    else:
        misc = _dict_field(cols[9])
        start, end = _offsets(misc) if misc else (None, None)
    return Word(expected_id, cols[1], cols[2] or "_", intern(cols[3] or "_"), intern(cols[4] or "_"),
                _feats_field(cols[5]), int(head),
                intern(cols[7] or "_"), intern(deps), misc, start, end)


def _parse_block(lines: list[tuple[int, str]], source: str) -> Sentence:
    metadata: dict[str, str] = {}
    words: list[Word] = []
    mwts: list[MultiwordToken] = []
    for lineno, line in lines:
        if line[0] == "#":  # (no line is empty: blank lines end blocks)
            for key, value in parse_comment_line(line):
                metadata[str(key)] = "" if value is None else str(value)
            continue
        cols = line.split("\t")
        if len(cols) != 10:
            raise ConlluError(
                f"expected 10 tab-separated fields, found {len(cols)}", source, lineno, 1
            )
        fast = _fast_word(cols, len(words) + 1, line)
        if fast is not None:
            words.append(fast)
            continue
        try:
            tok = parse_line(line, DEFAULT_FIELDS)
        except (ParseException, ValueError) as exc:
            # name the field and point at its column ("Failed parsing field 'head': ...")
            found = re.search(r"field '(\w+)'", str(exc))
            if found and found.group(1) in DEFAULT_FIELDS:
                idx = list(DEFAULT_FIELDS).index(found.group(1))
                raise ConlluError(f"bad {found.group(1).upper()} value {cols[idx]!r}", source, lineno,
                                  _column_of(line, idx)) from None
            raise ConlluError(f"cannot parse token line: {exc}", source, lineno, 1) from None
        tid = tok["id"]
        misc = {k: ("" if v is None else str(v)) for k, v in (tok["misc"] or {}).items()}
        if isinstance(tid, tuple):
            if tid[1] == "-":
                start, end = _offsets(misc)
                mwts.append(MultiwordToken(tid[0], tid[2], tok["form"], misc, start, end))
            # empty nodes (n.1) carry enhanced deps only; basic trees ignore them
            continue
        if not isinstance(tid, int):
            raise ConlluError(f"bad ID {cols[0]!r}", source, lineno, 1)
        if tid != len(words) + 1:
            raise ConlluError(
                f"word ID {tid} out of sequence (expected {len(words) + 1})", source, lineno, 1
            )
        head = tok["head"]
        if head is None or not isinstance(head, int):
            if cols[6] == "_":
                head = -1  # missing head: a tree problem, reported per sentence
            else:
                raise ConlluError(f"HEAD {cols[6]!r} is not an integer", source, lineno,
                                  _column_of(line, 6))
        feats = {k: ("" if v is None else str(v)) for k, v in (tok["feats"] or {}).items()}
        start, end = _offsets(misc)
        words.append(
            Word(
                id=tid,
                form=tok["form"],
                lemma=tok["lemma"] or "_",
                upos=tok["upos"] or "_",
                xpos=tok["xpos"] or "_",
                feats=feats,
                head=head,
                deprel=tok["deprel"] or "_",
                deps=cols[8],
                misc=misc,
                start=start,
                end=end,
            )
        )
    if not words:
        raise ConlluError("sentence has comments but no words", source, lines[0][0], 1)
    for m in mwts:
        if not (1 <= m.first <= m.last <= len(words)):
            raise ConlluError(f"multiword token {m.first}-{m.last} outside the sentence",
                              source, lines[0][0], 1)
    sent = Sentence(words, mwts, metadata, source, lines[0][0])
    _fill_offsets(sent)
    return sent


def _fill_offsets(sent: Sentence) -> None:
    """Give words offsets: from their multiword token, else by aligning forms with ``# text``."""
    for m in sent.multiword:
        for wid in range(m.first, m.last + 1):
            w = sent.word(wid)
            if w.start is None and m.start is not None:
                w.start, w.end = m.start, m.end
    if all(w.start is not None for w in sent.words) or "text" not in sent.metadata:
        return
    text = sent.metadata["text"]
    words = sent.words
    if not sent.multiword:  # the common case: one word a token, aligned in one pass
        cursor = 0
        for w in words:
            form = w.form
            pos = text.find(form, cursor)
            if pos < 0:
                return  # text and forms disagree: leave the rest without offsets
            cursor = pos + len(form)
            if w.start is None:
                w.start, w.end = pos, cursor
        return
    mwt_at = {m.first: m for m in sent.multiword}
    cursor = 0
    i = 1
    while i <= len(words):
        unit = mwt_at.get(i)
        form = unit.form if unit else words[i - 1].form
        last = unit.last if unit else i
        pos = text.find(form, cursor)
        if pos < 0:
            return  # text and forms disagree: leave the rest without offsets
        if unit:
            unit.start, unit.end = pos, pos + len(form)
        for wid in range(i, last + 1):
            w = words[wid - 1]
            if w.start is None:
                w.start, w.end = pos, pos + len(form)
        cursor = pos + len(form)
        i = last + 1


def iter_conllu(handle: Iterable[str], source: str = "<stdin>") -> Iterator[Sentence]:
    """Parse CoNLL-U from an iterable of lines, one ``Sentence`` at a time."""
    block: list[tuple[int, str]] = []
    lineno = 0
    for lineno, raw in enumerate(handle, start=1):
        line = raw.rstrip("\r\n")
        if "\x00" in line:
            raise ConlluError("binary data (NUL byte)", source, lineno, line.index("\x00") + 1)
        if not line or line.isspace():
            if block:
                yield _parse_block(block, source)
                block = []
            continue
        block.append((lineno, line))
    if block:
        yield _parse_block(block, source)


def read_conllu(path: str | os.PathLike[str]) -> list[Sentence]:
    """Read a whole CoNLL-U file (``-`` for stdin; UTF-8, a byte-order mark is dropped).
    An empty file is an error."""
    name = str(path)
    try:
        if name == "-":
            with collector_paused():
                sentences = list(iter_conllu(sys.stdin, "<stdin>"))
        else:
            with open_text(name) as fh, collector_paused():
                sentences = list(iter_conllu(fh, name))
    except FileNotFoundError:
        raise ConlluError("no such file", name) from None
    except UnicodeDecodeError as exc:
        raise ConlluError(f"not UTF-8 text (byte {exc.start})", name) from None
    if not sentences:
        raise ConlluError("empty file: no sentences", name, 1, 1)
    return sentences


def read_conllu_string(text: str, source: str = "<string>") -> list[Sentence]:
    """Parse CoNLL-U held in a string."""
    return list(iter_conllu(io.StringIO(text), source))


def tree_error(sent: Sentence) -> TreeError | None:
    """Why the sentence's basic tree is not a tree (missing head, bad head, cycle, no root), or None."""
    words = sent.words
    n = len(words)
    roots = 0
    for w in words:
        h = w.head
        if 0 < h <= n and h != w.id:
            continue
        if h == 0:
            roots += 1
            continue
        line = (sent.line or 0) + len(sent.metadata) + w.id - 1 if sent.line else None
        if h < 0:
            return TreeError(f"word {w.id} ({w.form!r}) has no head", sent.source, line)
        if h > n:
            return TreeError(f"word {w.id} ({w.form!r}) has head {h} outside the sentence",
                             sent.source, line)
        return TreeError(f"word {w.id} ({w.form!r}) is its own head", sent.source, line)
    if roots == 0:
        return TreeError("sentence has no root", sent.source, sent.line)
    # each word's path up must reach the root; a word whose path has been walked is known to,
    # so every head is followed once (the first word whose path loops is named, as before)
    rooted = [False] * (n + 1)
    rooted[0] = True
    walker = [0] * (n + 1)  # which word's walk last passed here
    for w in words:
        path = []
        i = w.id
        while not rooted[i]:
            if walker[i] == w.id:
                return TreeError(f"cycle through word {w.id} ({w.form!r})", sent.source, sent.line)
            walker[i] = w.id
            path.append(i)
            i = words[i - 1].head
        for i in path:
            rooted[i] = True
    return None


def _word_misc(w: Word) -> dict[str, str] | None:
    return dict(w.misc) if w.misc else None


def to_conllu(sentences: Iterable[Sentence]) -> str:
    """Serialize sentences as CoNLL-U text (multiword token lines before their first word)."""
    out: list[str] = []
    for sent in sentences:
        tokens: list[conllu.Token] = []
        mwt_at = {m.first: m for m in sent.multiword}
        for w in sent.words:
            m = mwt_at.get(w.id)
            if m is not None:
                tokens.append(conllu.Token({
                    "id": (m.first, "-", m.last), "form": m.form, "lemma": None, "upos": None,
                    "xpos": None, "feats": None, "head": None, "deprel": None, "deps": None,
                    "misc": dict(m.misc) if m.misc else None,
                }))
            tokens.append(conllu.Token({
                "id": w.id, "form": w.form, "lemma": w.lemma, "upos": w.upos, "xpos": w.xpos,
                "feats": dict(w.feats) if w.feats else None, "head": w.head, "deprel": w.deprel,
                "deps": None if w.deps == "_" else w.deps, "misc": _word_misc(w),
            }))
        # a comment is one line: a sentence that ran over a line break keeps a space there
        # (as UD's "# text" does), or the output would not read back
        metadata = {k: " ".join(v.splitlines()) if isinstance(v, str) else v
                    for k, v in sent.metadata.items()}
        out.append(conllu.TokenList(tokens, conllu.models.Metadata(metadata)).serialize())
    return "".join(out)


#: paths that name a stream of this process (``/dev/stdout``), never a file to replace
_STREAM_PREFIXES = ("/dev/std", "/dev/fd/", "/proc/")


def special_kind(path: str | os.PathLike[str]) -> str | None:
    """What ``path`` is when it is not a regular file to replace: "socket", "device" (character
    or block), "fifo", "stream" (``/dev/stdout``, ``/dev/fd/N``, ``/proc/...``); None for a
    regular file or a path that does not exist."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    if stat.S_ISSOCK(mode):
        return "socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    if stat.S_ISFIFO(mode):
        return "fifo"
    if os.path.abspath(path).startswith(_STREAM_PREFIXES) and not stat.S_ISDIR(mode):
        return "stream"
    return None


def _read_umask() -> int:
    # os.umask can only be read by setting it: done once, at import, before any thread exists
    mask = os.umask(0)
    os.umask(mask)
    return mask


_UMASK = _read_umask()


def atomic_write(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` via a temporary file and rename, so a failure leaves no half file.

    A file replaced keeps its permission bits; a symbolic link stays a link and its target gets
    the new text (the rename happens beside the target). Only a regular file or a new path is
    replaced: ``-`` is stdout, and a character or block device, a FIFO, or a stream of the
    process (``/dev/stdout``, ``/dev/fd/N``) is written in place, so ``/dev/null`` stays a device;
    a socket is refused (``LambreError``)."""
    if str(path) == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    kind = special_kind(path)
    if kind == "socket":
        raise LambreError("is a socket; not writing to it", str(path))
    if kind is not None:
        with open(path, "w", encoding="utf-8") as fh:  # a device or FIFO: nothing to replace
            fh.write(text)
        return
    target = Path(path)
    if target.is_symlink():
        target = Path(os.path.realpath(target))
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = target.stat().st_mode & 0o7777
    except FileNotFoundError:
        mode = 0o666 & ~_UMASK  # what a plain open() would give a new file
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=str(target.parent))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
