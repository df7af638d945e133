"""Where the tests' own files are, from whichever folder of tests/ a test is in."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
