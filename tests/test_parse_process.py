"""The parser's child process (the language server's): the same trees as in-process parsing,
errors said in the parent, a killed child replaced with its models reloaded."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lambre_core.errors import LambreError
from lambre_core.parse import load_parser
from lambre_core.parse_process import ParserProcess

MODELS = Path(__file__).resolve().parents[1] / "models"

pytestmark = pytest.mark.skipif(not (MODELS / "de" / "pos.pt").is_file(),
                                reason="models/de not shipped in this checkout")

TEXTS = ["Die Kinder spielt im Garten.", "Ich habe das Buch gestern gelesen.",
         "Wir unterschreibt den Vertrag zum Schule."]


@pytest.fixture(scope="module")
def process():  # type: ignore[no-untyped-def]
    proc = ParserProcess()
    yield proc
    proc.close()


def test_child_parses_as_this_process_does(process: ParserProcess) -> None:
    remote = process.load("de")
    assert remote.source.path == MODELS / "de"
    assert remote.lexicon is not None and remote.lexicon.analyses("Kinder")
    assert remote.parse_sentences(TEXTS) == load_parser("de").parse_sentences(TEXTS)
    assert remote.parse_sentences([]) == []


def test_the_parent_never_imports_torch() -> None:
    code = ("import sys\n"
            "from lambre_core.parse_process import ParserProcess\n"
            "p = ParserProcess()\n"
            "words = p.load('de').parse_sentences(['Er geht.'])[0].words\n"
            "p.close()\n"
            "print(len(words), 'torch' in sys.modules, 'stanza' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=300, check=True).stdout.split()
    assert out == ["3", "False", "False"]


def test_missing_model_is_said_at_once(process: ParserProcess, tmp_path: Path) -> None:
    with pytest.raises(LambreError, match="no parser model for language 'xx'"):
        process.load("xx", str(tmp_path))
    assert process.pid is not None  # the child is untouched


def test_a_broken_model_file_is_the_childs_error_said_here(process: ParserProcess,
                                                           tmp_path: Path) -> None:
    bad = tmp_path / "de"
    bad.mkdir()
    for f in (MODELS / "de").iterdir():
        if f.is_file():
            (bad / f.name).write_bytes(b"not a model" if f.name == "pos.pt" else f.read_bytes())
    with pytest.raises(LambreError) as err:
        process.load("de", str(tmp_path))
    assert "pos.pt" in str(err.value) or "'de' models" in str(err.value)
    # the child survives its own load error and still parses with the good model
    assert process.load("de").parse_sentences(["Er geht."])[0].words[0].form == "Er"


def test_a_killed_child_is_replaced_with_its_models(process: ParserProcess) -> None:
    remote = process.load("de")
    first = remote.parse_sentences(TEXTS[:1])
    old = process.pid
    assert old is not None
    os.kill(old, signal.SIGKILL)
    time.sleep(0.2)
    assert remote.parse_sentences(TEXTS[:1]) == first
    assert process.pid not in (None, old)


def test_close_ends_the_child() -> None:
    proc = ParserProcess()
    pid = proc.pid
    assert pid is not None
    proc.close()
    assert proc.pid is None
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_stanza_imports_without_networkx_until_it_is_used() -> None:
    """The child's start skips networkx (only Stanza's enhanced-dependency graphs use it),
    requests (downloads) and the validator ``udtools``'s ``__init__`` imports with ``regex``
    (Stanza imports only its scorer), and each still works when something asks for it."""
    code = ("import sys\n"
            "from lambre_core.parse import import_stanza\n"
            "import_stanza()\n"
            "import stanza.models.common.doc as doc\n"
            "print('networkx.classes' in sys.modules)\n"
            "print(type(doc.nx.MultiDiGraph()).__name__)\n"
            "print('regex' in sys.modules, 'requests.sessions' in sys.modules)\n"
            "from stanza.models.common.utils import udeval, UDError\n"
            "print(udeval.__name__, issubclass(UDError, Exception))\n"
            "import udtools, requests\n"
            "print(udtools.Validator.__name__, 'regex' in sys.modules)\n"
            "print(callable(requests.get), 'requests.sessions' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=300, check=True).stdout.split()
    assert out == ["False", "MultiDiGraph", "False", "False", "udtools.udeval", "True",
                   "Validator", "True", "True", "True"]


def test_trim_gives_memory_back() -> None:
    from lambre_core.parse_process import trim

    def rss_kb() -> int:
        status = Path("/proc/self/status")
        if not status.is_file():
            pytest.skip("no /proc on this system")
        return int(next(ln.split()[1] for ln in status.read_text().splitlines()
                        if ln.startswith("VmRSS:")))

    # many small blocks freed in the middle of the heap: glibc keeps them until trimmed
    blocks = [bytearray(4000) for _ in range(50_000)]
    keep = blocks[-1]
    before = rss_kb()
    del blocks
    trim()
    assert rss_kb() < before - 50_000, "200 MB freed, less than 50 MB given back"
    assert len(keep) == 4000
