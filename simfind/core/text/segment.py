"""Chinese word segmentation: which characters are CJK, and jieba to cut their runs.

rjieba (jieba-rs) runs jieba's own algorithm on jieba's dictionary about 40
times faster than the pure-Python package and cuts the same words (measured in
benchmarks/bench_speed.py); the pure-Python jieba is the fallback where
no rjieba wheel exists.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import cache

Segmenter = Callable[[str], list[str]]

#: CJK ideographs (unified, extension A, compatibility, extensions B and later), as the
#: inside of a regular expression's character class: the runs jieba cuts.
CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"


@cache
def _segmenter(name: str) -> Segmenter:
    if name == "rjieba":
        import rjieba

        return lambda text: rjieba.cut(text, True)  # a list already: not copied
    import jieba

    jieba.setLogLevel(logging.WARNING)
    return lambda text: jieba.lcut(text, HMM=True)


@cache
def available_segmenter() -> str:
    """'rjieba' when the compiled segmenter imports, else 'jieba'."""
    try:
        import rjieba  # noqa: F401
    except ImportError:
        return "jieba"
    return "rjieba"


def cut_cjk(text: str, segmenter: str | None = None) -> list[str]:
    """jieba words of a run of CJK characters (HMM on, as jieba's default)."""
    return _segmenter(segmenter or available_segmenter())(text)


def warm_up() -> None:
    """Load the segmenter and its dictionary now (rjieba: ~0.2 s, jieba: ~1 s).

    The load holds the GIL all along, so a window calls this once at start,
    before anyone clicks, rather than let the first Chinese diff freeze it.
    """
    cut_cjk("预热")
