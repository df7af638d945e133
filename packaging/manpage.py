"""Write simfind's manual page, made from the command line's own parser.

    python packaging/manpage.py [OUTPUT]     # default: dist/simfind.1

argparse-manpage turns the parser (every command, option, choice and the
epilogs: the JSON contract, the exit statuses) into roff, so the page says
what ``simfind --help`` says and never lags behind it. Read it with
``man -l dist/simfind.1``; install it as ``~/.local/share/man/man1/simfind.1``.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def manual_page() -> str:
    """The page, in roff."""
    from argparse_manpage.manpage import Manpage  # type: ignore[import-untyped]

    from simfind import __version__
    from simfind.cli.parser import build_parser

    page = Manpage(
        build_parser(),
        _data={
            "project_name": "simfind",
            "version": __version__,
            "manual_title": "simfind",
            "description": "find the near-duplicates of a file in a folder and how they differ",
        },
    )
    return str(page)


def main(argv: list[str]) -> int:
    target = Path(argv[0]) if argv else ROOT / "dist" / "simfind.1"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(manual_page(), encoding="utf-8")
    print(target)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
