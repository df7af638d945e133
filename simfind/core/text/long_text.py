"""Long texts in pieces: where a text is cut so that its pieces' tokens are the whole text's.

A text longer than PIECE_CHARS is tokenised, counted and traced a piece at a
time, so that working memory grows with a piece, not with the text. PIECE_CHARS
is read at each call (tests lower it to make many pieces).
"""

from __future__ import annotations

from collections.abc import Iterator

#: A text longer than this (characters) is tokenised piece by piece.
PIECE_CHARS = 1 << 18


def cut_pieces(text: str) -> Iterator[str]:
    """A long text cut before a line break (else a space, else anywhere) every PIECE_CHARS.

    A cut before a line break or space splits no token and no NFKC composition, so
    the pieces' tokens are the whole text's.
    """
    start = 0
    while len(text) - start > PIECE_CHARS:
        limit = start + PIECE_CHARS
        cut = -1
        for separator in ("\n", " ", "\u3002", "\uff0c"):
            cut = text.rfind(separator, start + PIECE_CHARS // 2, limit)
            if cut > start:
                break
        if cut <= start:
            cut = limit
        yield text[start:cut]
        start = cut
    yield text[start:]


def is_long(text: str) -> bool:
    """Whether ``text`` is done in pieces (it is longer than PIECE_CHARS)."""
    return len(text) > PIECE_CHARS
