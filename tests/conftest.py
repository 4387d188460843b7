"""Shared fixtures: paths to the test data and to ``../shared`` (skipped cleanly when absent)."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
DATA = Path(__file__).resolve().parent / "data"
SHARED = REPO.parent / "shared"


@pytest.fixture
def data_dir() -> Path:
    return DATA


@pytest.fixture
def shared() -> Path:
    if not (SHARED / "treebanks").is_dir():
        pytest.skip(f"shared data not found at {SHARED}")
    return SHARED


@pytest.fixture(autouse=True, scope="session")
def _private_parse_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Tests (and the CLI runs they start) use a parse cache of their own, never the user's."""
    import os

    os.environ.setdefault("LAMBRE_CACHE_DIR", str(tmp_path_factory.mktemp("parse-cache")))
