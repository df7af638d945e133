"""The licences of the system libraries a Linux bundle carries (Qt's X11 libraries, the
libraries Python was linked with), from the Debian or Ubuntu packages they came from.

PyInstaller copies every shared library the program loads that is not part of the
base system. On a Debian-family build machine each one belongs to a package, whose
``/usr/share/doc/PACKAGE/copyright`` states its licence: the bundle carries that file.
Elsewhere (no dpkg, or a library no package owns) the library is reported as
unaccounted for, and the build says so.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from simfind.notices import LicenceText, Notice  # noqa: E402


def _owner(path: Path) -> str | None:
    """The package that installed ``path``, e.g. "libxcb-cursor0:amd64", or None."""
    for candidate in dict.fromkeys((str(path), os.path.realpath(path))):
        done = subprocess.run(
            ["dpkg-query", "-S", candidate], capture_output=True, text=True, check=False
        )
        if done.returncode == 0:  # "libxcb-cursor0:amd64: /usr/lib/.../libxcb-cursor.so.0"
            return done.stdout.splitlines()[0].split(": ", 1)[0]
    return None


def _licence(copyright_text: str) -> str:
    """The licences a machine-readable copyright file names (DEP-5), else ""."""
    names = re.findall(r"^License:\s*(\S.*)$", copyright_text, re.MULTILINE)
    return " AND ".join(dict.fromkeys(name.strip() for name in names))


def system_notices(binaries: Iterable[str]) -> tuple[list[Notice], list[str]]:
    """The packages owning those of ``binaries`` that lie outside Python's own folders,
    with their copyright files; and the libraries no package accounts for."""
    if shutil.which("dpkg-query") is None:
        return [], []
    python_folders = {os.path.realpath(p) for p in (sys.prefix, sys.base_prefix)}
    packages: dict[str, list[str]] = {}
    unaccounted = []
    for source in sorted(set(binaries)):
        real = os.path.realpath(source)
        if any(real.startswith(folder + os.sep) for folder in python_folders):
            continue
        owner = _owner(Path(source))
        if owner is None:
            unaccounted.append(source)
        else:
            packages.setdefault(owner, []).append(Path(source).name)
    found = []
    for owner, libraries in sorted(packages.items()):
        package = owner.split(":", 1)[0]
        copyright_file = Path("/usr/share/doc") / package / "copyright"
        if not copyright_file.is_file():
            unaccounted.extend(libraries)
            continue
        text = copyright_file.read_text(encoding="utf-8", errors="replace")
        version = subprocess.run(
            ["dpkg-query", "-W", "-f", "${Version}", owner],
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
        carried = LicenceText("libraries.txt", "Carried: " + ", ".join(sorted(libraries)) + "\n")
        found.append(
            Notice(
                name=package,
                version=version,
                licence=_licence(text) or "see copyright",
                homepage=f"https://packages.debian.org/{package}",
                texts=(LicenceText("copyright", text), carried),
            )
        )
    return found, unaccounted
