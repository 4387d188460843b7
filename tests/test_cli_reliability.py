"""``lambre-core`` with careless input: outputs that are inputs, existing outputs, unreadable files,
directories where files belong, byte-order marks, a FIFO as configuration. Every failure is one
line ``lambre-core: error: ...`` with exit code 2 and leaves the files it was given untouched."""

from __future__ import annotations

import codecs
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from lambre_core.errors import LambreError

REPO = Path(__file__).resolve().parents[1]
CONLLU = (Path(__file__).resolve().parent / "data" / "figure1.conllu").read_text(encoding="utf-8")


def run_cli(*args: str, cwd: Path | None = None, prefix: tuple[str, ...] = (),
            timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*prefix, sys.executable, "-m", "lambre_core.cli", *args],
                          capture_output=True, text=True, cwd=cwd, timeout=timeout)


def assert_one_line_error(res: subprocess.CompletedProcess[str], *needles: str) -> None:
    assert res.returncode == 2, (res.returncode, res.stderr)
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("lambre-core: error: "), res.stderr
    assert "Traceback" not in res.stderr
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])


@pytest.fixture
def treebank(tmp_path: Path) -> Path:
    tb = tmp_path / "tb.conllu"
    tb.write_text(CONLLU, encoding="utf-8")
    return tb


@pytest.mark.parametrize("command", [
    ["extract", "--lang", "de", "TB", "-o", "TB"],
    ["convert", "TB", "-o", "TB"],
    ["noise", "--lang", "de", "--no-external", "TB", "-o", "TB"],
    ["score", "--lang", "de", "--conllu", "TB", "-o", "TB"],
    ["parse", "--lang", "de", "TB", "-o", "TB"],
    ["convert", "TB", "-o", "LINK", "--force"],
])
def test_output_onto_an_input_is_refused_even_with_force(treebank: Path, command: list[str]) -> None:
    link = treebank.with_name("link.conllu")
    link.symlink_to(treebank)
    args = [str(treebank) if a == "TB" else str(link) if a == "LINK" else a for a in command]
    res = run_cli(*args, "--force")
    assert_one_line_error(res, "input file", str(treebank.name))
    assert treebank.read_text(encoding="utf-8") == CONLLU
    assert sorted(p.name for p in treebank.parent.iterdir()) == ["link.conllu", "tb.conllu"]


def test_check_report_never_replaces_a_checked_file(tmp_path: Path) -> None:
    text = tmp_path / "de.txt"
    text.write_text("Das ist gut.\n", encoding="utf-8")
    res = run_cli("check", "--lang", "de", str(text), "-o", str(text))
    assert_one_line_error(res, "input file", text.name)
    assert text.read_text(encoding="utf-8") == "Das ist gut.\n"


def test_existing_output_needs_force(treebank: Path) -> None:
    out = treebank.with_name("out.conllu")
    out.write_text("keep me\n", encoding="utf-8")
    res = run_cli("convert", str(treebank), "-o", str(out))
    assert_one_line_error(res, str(out), "--force")
    assert out.read_text(encoding="utf-8") == "keep me\n"
    res = run_cli("convert", str(treebank), "-o", str(out), "--force")
    assert res.returncode == 0, res.stderr
    assert out.read_text(encoding="utf-8").startswith("# sent_id")
    # an output that is a symbolic link stays one: the file it points to gets the text
    link = treebank.with_name("link.conllu")
    link.symlink_to(out)
    out.write_text("old\n", encoding="utf-8")
    out.chmod(0o640)
    res = run_cli("convert", str(treebank), "-o", str(link), "--force")
    assert res.returncode == 0, res.stderr
    assert link.is_symlink() and out.read_text(encoding="utf-8").startswith("# sent_id")
    assert stat.S_IMODE(out.stat().st_mode) == 0o640


def test_directories_where_files_belong(tmp_path: Path, treebank: Path) -> None:
    d = tmp_path / "adir"
    d.mkdir()
    assert_one_line_error(run_cli("score", "--lang", "de", "--conllu", str(d)), str(d))
    assert_one_line_error(run_cli("convert", str(d)), str(d), "is a directory")
    assert_one_line_error(run_cli("convert", str(treebank), "-o", str(d)), str(d), "directory")


def _without_dac() -> tuple[str, ...]:
    """A command prefix under which file permissions apply (root ignores them otherwise)."""
    if os.geteuid() != 0:
        return ()
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: permissions cannot be made to apply")
    return (setpriv, "--bounding-set=-dac_override,-dac_read_search")


def test_permission_errors_are_one_line(tmp_path: Path, treebank: Path) -> None:
    prefix = _without_dac()
    treebank.chmod(0)
    try:
        res = run_cli("convert", str(treebank), prefix=prefix)
        assert_one_line_error(res, f"{treebank}: permission denied")
    finally:
        treebank.chmod(0o644)
    ro = tmp_path / "readonly"
    ro.mkdir()
    ro.chmod(0o555)
    try:
        res = run_cli("convert", str(treebank), "-o", str(ro / "out.conllu"), prefix=prefix)
        assert_one_line_error(res, str(ro), "permission denied")
        assert list(ro.iterdir()) == []
    finally:
        ro.chmod(0o755)


def test_conllu_with_byte_order_marks(tmp_path: Path, data_dir: Path) -> None:
    plain = run_cli("score", "--lang", "de", "--conllu", str(data_dir / "figure1.conllu"),
                    "--format", "json", "--per-sentence")
    assert plain.returncode == 0, plain.stderr
    bom = tmp_path / "bom.conllu"
    bom.write_bytes(codecs.BOM_UTF8 + CONLLU.encode("utf-8"))
    res = run_cli("score", "--lang", "de", "--conllu", str(bom), "--format", "json",
                  "--per-sentence")
    assert res.returncode == 0, res.stderr
    assert res.stdout == plain.stdout
    for codec, name in (("utf-16", "UTF-16 LE"), ("utf-16-be", "UTF-16 BE"), ("utf-32", "UTF-32 LE")):
        other = tmp_path / f"{codec}.conllu"
        data = CONLLU.encode(codec)
        if codec == "utf-16-be":
            data = codecs.BOM_UTF16_BE + data
        other.write_bytes(data)
        res = run_cli("score", "--lang", "de", "--conllu", str(other))
        assert_one_line_error(res, f"{other}:1:1:", name, "UTF-8")


def test_config_fifo_does_not_hang_the_cli(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    text = tmp_path / "a.txt"
    text.write_text("Text.\n", encoding="utf-8")
    res = run_cli("check", "--lang", "de", "--config", str(fifo), str(text), timeout=60)
    assert_one_line_error(res, str(fifo), "not a regular file")


def _headings(markdown: str) -> list[str]:
    out, fenced = [], False
    for ln in markdown.splitlines():
        fenced ^= ln.startswith("```")
        if not fenced and ln.startswith("## "):
            out.append(ln)
    return out


def test_model_card_update_replaces_exactly_one_section(tmp_path: Path) -> None:
    from lambre_core.train import append_card_section

    card_dir = tmp_path / "de"
    card_dir.mkdir()
    src = REPO / "models" / "de" / "README.md"
    if not src.is_file():
        pytest.skip("no shipped German model card (models/de/README.md)")
    original = src.read_text(encoding="utf-8")
    headings = _headings(original)
    assert len(headings) > 3
    (card_dir / "README.md").write_text(original, encoding="utf-8")
    title = headings[-3].removeprefix("## ")  # a section with others after it
    append_card_section(card_dir, title, "```\nnew table\n## not a heading\n```")
    text = (card_dir / "README.md").read_text(encoding="utf-8")
    assert _headings(text) == headings
    assert "new table" in text
    # everything outside the replaced section is byte for byte the same
    i, j = original.index(f"## {title}\n"), text.index(f"## {title}\n")
    assert text[:j] == original[:i]
    nxt = headings[-2]
    assert text[text.index(nxt + "\n"):] == original[original.index(nxt + "\n"):]
    append_card_section(card_dir, "Brand new section", "body")
    assert (card_dir / "README.md").read_text(encoding="utf-8").endswith(
        "\n\n## Brand new section\n\nbody\n")


class _Planted:
    """Unpickling this would create a file (what a hostile checkpoint could do, and worse)."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (open, (str(self.marker), "w"))


def test_half_precision_refuses_to_unpickle_code(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")
    from lambre_core.train import half_precision

    marker = tmp_path / "pwned"
    src = tmp_path / "model.pt"
    torch.save({"model": {"w": torch.ones(3)}, "x": _Planted(marker)}, src)
    marker.unlink(missing_ok=True)  # torch.save pickled it; nothing ran yet
    with pytest.raises(LambreError, match="refused to unpickle"):
        half_precision(src, tmp_path / "half.pt")
    assert not marker.exists() and not (tmp_path / "half.pt").exists()


@pytest.mark.slow
def test_check_with_a_byte_order_mark_finds_the_same(tmp_path: Path) -> None:
    """The shipped German model: with a BOM glued to "Ich", the parse changed and the error on
    "werden" was missed; now the findings and their columns are the same."""
    if not (REPO / "models" / "de" / "pos.pt").is_file():
        pytest.skip("no shipped German model (models/de/)")
    text = "Ich werden langen Bücher lesen.\nDie Kinder spielt im Garten.\n"
    plain = tmp_path / "plain.txt"
    plain.write_text(text, encoding="utf-8")
    bom = tmp_path / "bom.txt"
    bom.write_bytes(codecs.BOM_UTF8 + text.encode("utf-8"))
    both = run_cli("check", "--lang", "de", "--fail-on", "hint", str(plain), str(bom), cwd=tmp_path)
    assert both.returncode == 1, both.stderr
    lines = both.stdout.splitlines()
    found = {"plain": [ln.split(":", 1)[1] for ln in lines if ln.startswith(str(plain))],
             "bom": [ln.split(":", 1)[1] for ln in lines if ln.startswith(str(bom))]}
    assert found["plain"] and found["plain"] == found["bom"], both.stdout
    assert any(":1:5: error:" in ln for ln in lines if ln.startswith(str(bom))), both.stdout


def test_only_the_named_subcommand_is_imported() -> None:
    """``lambre-core check`` imports no other subcommand's module; a mistyped command still
    lists every command; ``--help`` lists them all."""
    from lambre_core.cli import COMMANDS

    code = ("import sys\n"
            "from lambre_core import cli\n"
            "try:\n"
            "    cli.main(['check', '--help'])\n"
            "except SystemExit:\n"
            "    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('lambre_core.commands.')))\n")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO,
                         timeout=120)
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip().splitlines()[-1] == "['lambre_core.commands.check']"
    typo = run_cli("chek", "x.po", cwd=REPO)
    assert typo.returncode == 2 and "invalid choice: 'chek'" in typo.stderr
    every = run_cli("--help", cwd=REPO)
    for name in COMMANDS:
        assert name.replace("_", "-") in typo.stderr and name.replace("_", "-") in every.stdout


def test_a_damaged_model_file_is_one_line_naming_it(tmp_path: Path) -> None:
    models = tmp_path / "de"
    shutil.copytree(REPO / "models" / "de", models)
    (models / "depparse.pt").write_bytes(b"garbage\n")
    text = tmp_path / "de.txt"
    text.write_text("Das ist gut.\n", encoding="utf-8")
    res = run_cli("score", "--lang", "de", "--models", str(models), str(text))
    assert_one_line_error(res, str(models / "depparse.pt"), "cannot load the 'de' models")
