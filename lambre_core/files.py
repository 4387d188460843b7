"""Reading user files safely: text encodings, byte-order marks, and workspace files that may be
anything (a FIFO, a link to ``/dev/zero``, a huge file).

Text input is UTF-8; a UTF-8 byte-order mark is dropped (editors on Windows write one, and left
glued to the first word it changes the parse). UTF-16 and UTF-32 input is refused with an error
that names the encoding its byte-order mark shows, rather than decoded: every column the project
reports counts characters of UTF-8 text, and one encoding keeps those columns unambiguous.
"""

from __future__ import annotations

import codecs
import io
import os
import stat
import sys
from typing import BinaryIO, TextIO

from .errors import LambreError

#: byte-order marks that are not UTF-8, longest first (UTF-32 LE begins with UTF-16 LE's)
_FOREIGN_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF32_LE, "UTF-32 LE"),
    (codecs.BOM_UTF32_BE, "UTF-32 BE"),
    (codecs.BOM_UTF16_LE, "UTF-16 LE"),
    (codecs.BOM_UTF16_BE, "UTF-16 BE"),
)

#: the largest workspace configuration file read (a larger one is refused, not read)
CONFIG_MAX_BYTES = 1_000_000


def foreign_bom(head: bytes) -> str | None:
    """The encoding a UTF-16/UTF-32 byte-order mark at the start of ``head`` names, else None."""
    for bom, name in _FOREIGN_BOMS:
        if head.startswith(bom):
            return name
    return None


def _bom_error(name: str, path: str) -> LambreError:
    return LambreError(f"{name} text (byte-order mark); lambre reads UTF-8: save the file as UTF-8",
                       path, 1, 1)


#: formats whose files may be UTF-16 with a byte-order mark (Apple ``.strings`` are by
#: tradition; XML declares its encoding), by file suffix
UTF16_SUFFIXES = (".strings", ".xml", ".xlf", ".xliff", ".ts")
#: formats whose files are ISO-8859-1 unless they are UTF-8 (Java ``.properties`` before Java 9)
LATIN1_SUFFIXES = (".properties",)


def decode_text(data: bytes, path: str) -> str:
    """``data`` as text without a leading byte-order mark: UTF-8; UTF-16 with a byte-order mark
    for the formats that allow it (``UTF16_SUFFIXES``); ISO-8859-1 for a ``.properties`` file
    that is not UTF-8. Any other byte-order mark, or bytes that are not UTF-8, raise
    ``LambreError`` with file, line and column. ``check`` and ``score`` read through this, so
    both accept and refuse the same files."""
    name = foreign_bom(data[:4])
    low = path.lower()
    if name is not None:
        if name.startswith("UTF-16") and low.endswith(UTF16_SUFFIXES):
            return data.decode("utf-16")
        raise _bom_error(name, path)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if low.endswith(LATIN1_SUFFIXES):
            return data.decode("latin-1")
        # exc.start counts from after a stripped BOM
        pos = exc.start + (3 if data.startswith(codecs.BOM_UTF8) else 0)
        line = data[:pos].count(b"\n") + 1
        col = pos - (data.rfind(b"\n", 0, pos) + 1) + 1
        raise LambreError(f"not UTF-8 text (byte 0x{data[pos]:02x})", path, line, col) from None


def open_text(path: str | os.PathLike[str]) -> TextIO:
    """Open a UTF-8 text file for reading line by line (a UTF-8 byte-order mark is skipped, a
    UTF-16/32 one is an error naming it). ``OSError`` passes through for the caller to report."""
    raw: BinaryIO = open(path, "rb")  # returned inside the wrapper: the caller closes it
    try:
        name = foreign_bom(raw.peek(4)[:4] if isinstance(raw, io.BufferedReader) else b"")
        if name is not None:
            raise _bom_error(name, str(path))
        return io.TextIOWrapper(raw, encoding="utf-8-sig")
    except BaseException:
        raw.close()
        raise


def read_regular_file(path: str | os.PathLike[str], max_bytes: int) -> bytes:
    """The bytes of ``path`` when it is a regular file (a symbolic link to one is fine) of at
    most ``max_bytes``; ``LambreError`` otherwise, without blocking or reading on.

    The file is opened non-blocking (a FIFO would otherwise wait for a writer forever) and
    checked on the open descriptor, so a file swapped after a check cannot slip through."""
    name = str(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(name, flags)
    except FileNotFoundError:
        raise LambreError("no such file", name) from None
    except OSError as exc:
        raise LambreError(f"cannot read: {exc.strerror}", name) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = "a directory" if stat.S_ISDIR(st.st_mode) else "not a regular file"
            raise LambreError(f"{kind}; not read", name)
        if st.st_size > max_bytes:
            raise LambreError(f"{st.st_size:,} bytes, over the limit of {max_bytes:,}; not read",
                              name)
        chunks: list[bytes] = []
        left = max_bytes + 1  # a file that grows after fstat is still cut off here
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
        if len(data) > max_bytes:
            raise LambreError(f"over the limit of {max_bytes:,} bytes; not read", name)
        return data
    except OSError as exc:
        raise LambreError(f"cannot read: {exc.strerror}", name) from None
    finally:
        os.close(fd)


def read_input(path: str, max_bytes: int | None = None) -> bytes:
    """The bytes of an input file, or of stdin for ``-``, refused (``LambreError``, before
    reading a file) when over ``max_bytes`` (default: ``limits.max_input_bytes()``).
    ``FileNotFoundError``, ``IsADirectoryError`` and other ``OSError``s pass through for the
    caller to word."""
    from .limits import max_input_bytes, too_large

    if max_bytes is None:
        max_bytes = max_input_bytes()
    if path == "-":
        data = sys.stdin.buffer.read(max_bytes + 1)
        if len(data) > max_bytes:
            raise too_large(len(data), max_bytes, "<stdin>")
        return data
    with open(path, "rb") as fh:
        size = os.fstat(fh.fileno()).st_size
        if size > max_bytes:
            raise too_large(size, max_bytes, path)
        data = fh.read(max_bytes + 1)  # a file growing meanwhile is cut off here
    if len(data) > max_bytes:
        raise too_large(len(data), max_bytes, path)
    return data


def read_regular_text(path: str | os.PathLike[str], max_bytes: int) -> str:
    """``read_regular_file`` decoded as UTF-8 text (see ``decode_text``)."""
    return decode_text(read_regular_file(path, max_bytes), str(path))

