"""Build the app bundle with PyInstaller and prove it works.

    python packaging/build.py [--dist DIR] [--work DIR] [--no-self-test]

Produces DIR/simfind/ (default dist/simfind/; on macOS also dist/simfind.app)
with two programs, simfind (console) and simfind-gui (windowed), then runs
each one's --self-test: the window offscreen, a scan
of a small generated folder through the process pool, the translations. Prints
the build time, the bundle's size and the self-test's time.

Needs the ``test`` extra (``pip install ".[test]"``), which brings PyInstaller.
Build on the system you target: Windows builds Windows bundles, and so on.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "packaging" / "simfind.spec"


def executable(dist: Path, name: str = "simfind") -> Path:
    """One of the bundle's programs: simfind (console) or simfind-gui (windowed)."""
    return dist / "simfind" / (f"{name}.exe" if sys.platform == "win32" else name)


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


#: Qt's X11 libraries a fresh desktop may lack (Debian 12): the bundle must carry them.
X11_LIBRARIES = ("libxcb-cursor.so.0", "libxcb-icccm.so.4", "libxcb-keysyms.so.1")


def missing_x11_libraries(bundle: Path) -> list[str]:
    """Those of X11_LIBRARIES that a Linux bundle lacks (the build machine lacked them)."""
    if not sys.platform.startswith("linux"):
        return []
    return [name for name in X11_LIBRARIES if not (bundle / "_internal" / name).exists()]


_GLIBC = re.compile(rb"GLIBC_(\d+)\.(\d+)(?:\.(\d+))?\x00")


def newest_glibc(bundle: Path) -> tuple[tuple[int, ...], str]:
    """The newest glibc symbol version any program or library of a Linux bundle asks for,
    and the file asking: the oldest glibc the bundle runs on."""
    newest: tuple[tuple[int, ...], str] = ((0,), "")
    for path in bundle.rglob("*"):
        if not path.is_file() or path.is_symlink():
            continue
        with path.open("rb") as file:
            if file.read(4) != b"\x7fELF":
                continue
            data = file.read()
        for match in _GLIBC.finditer(data):
            version = tuple(int(part) for part in match.groups() if part is not None)
            if version > newest[0]:
                newest = (version, str(path.relative_to(bundle)))
    return newest


def build(dist: Path, work: Path) -> float:
    started = time.monotonic()
    subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--clean",
            "--log-level",
            "WARN",
            "--distpath",
            str(dist),
            "--workpath",
            str(work),
            str(SPEC),
        ],
        check=True,
        cwd=ROOT,
    )
    return time.monotonic() - started


def self_test(program: Path, timeout: float = 300) -> tuple[int, str, float]:
    """Run the bundle's --self-test offscreen; returns exit status, its output and the time."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    started = time.monotonic()
    done = subprocess.run(
        [str(program), "--self-test"],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        check=False,
    )
    return done.returncode, (done.stdout + done.stderr).strip(), time.monotonic() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder")
    parser.add_argument("--work", type=Path, default=ROOT / "build", help="PyInstaller's work")
    parser.add_argument("--no-self-test", action="store_true", help="build only")
    parser.add_argument(
        "--max-glibc",
        metavar="X.Y",
        help="fail if the Linux bundle needs a newer glibc than this (the oldest supported)",
    )
    args = parser.parse_args(argv)

    seconds = build(args.dist.resolve(), args.work.resolve())
    bundle = args.dist.resolve() / "simfind"
    size = folder_size(bundle)
    print(f"build: {bundle} in {seconds:.0f} s, {size / 2**20:.1f} MiB ({size / 1e6:.1f} MB)")
    missing = missing_x11_libraries(bundle)
    if missing:
        print(
            f"build: warning: the bundle lacks {', '.join(missing)}; install them where you "
            "build (README, Quick start), or a desktop without them cannot open the window"
        )
    if sys.platform.startswith("linux"):
        version, asking = newest_glibc(bundle)
        shown = ".".join(map(str, version))
        print(f"build: the bundle needs glibc {shown} or newer ({asking})")
        if args.max_glibc and version > tuple(int(p) for p in args.max_glibc.split(".")):
            print(f"build: error: newer than glibc {args.max_glibc}, the oldest supported")
            return 1
    licences = bundle / "_internal" / "licenses" / "index.json"
    if not licences.is_file():
        print(f"build: error: the bundle lacks its licences ({licences})")
        return 1
    textless = [e["name"] for e in json.loads(licences.read_text("utf-8")) if not e["files"]]
    if textless:
        print(f"build: error: no licence text for {', '.join(textless)} (simfind/notices.py)")
        return 1
    if args.no_self_test:
        return 0
    failed = False
    for name in ("simfind", "simfind-gui"):
        # The windowed one has no console on Windows: its exit status is its whole report.
        status, output, elapsed = self_test(executable(args.dist.resolve(), name))
        print(f"{name} --self-test ({elapsed:.1f} s, exit status {status}): {output}")
        failed = failed or status != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
