"""Check that simfind installs from wheels alone, with no compiler, on every platform it supports.

    python packaging/check_wheels.py [--only NAME] [--python 3.12,3.13] [--wheel dist/simfind-*.whl]
    python packaging/check_wheels.py --image-macos 15 [--image-python 3.11]
    # needs the network (PyPI)

For each supported platform and Python version, the dependencies that
pyproject.toml's environment markers give that platform (evaluated here for
it with ``packaging``, not for this machine) are handed to
``pip install --dry-run --only-binary :all: --platform … --python-version …``,
which resolves them from wheels' metadata alone and fails where some
dependency has no wheel for that platform (pip would then need to build it;
jieba, pure Python published only as source, is built without a compiler).
With ``--wheel`` the dependencies are those a built wheel declares (its
METADATA), and the wheel itself must be pure Python (``py3-none-any``): what
``pip install simfind`` would meet. The exit status is the number of platforms
that failed. ``--image-macos N`` says instead which macOS the app bundle built on
macOS N (Apple silicon, as the workflow's macos-latest) needs at least: the newest
macOS any wheel pip picks there was built for.

What this cannot see: pip evaluates the markers of the dependencies' own
dependencies for the machine it runs on (a Linux one here), so a Windows-only
dependency of a dependency (pywin32 through portalocker[win32]) is checked only
where pyproject.toml names it itself.
"""

from __future__ import annotations

import argparse
import functools
import json
import re
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]

if sys.version_info >= (3, 11):
    import tomllib

    def dependencies() -> list[str]:
        """pyproject.toml's dependencies, as written."""
        text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
        return list(tomllib.loads(text)["project"]["dependencies"])

else:

    def dependencies() -> list[str]:
        raise SystemExit("check_wheels.py needs Python 3.11 or later (tomllib)")


PIP = (sys.executable, "-m", "pip")
#: Resolve from wheels alone, installing nothing.
RESOLVE: tuple[str, ...] = ("install", "--dry-run", "--quiet", "--ignore-installed")
RESOLVE += ("--only-binary", ":all:", "--implementation", "cp")
#: Fetch a package's source alone.
SOURCE = ("download", "--quiet", "--no-deps", "--no-binary", ":all:")


#: Where Windows on ARM installs from wheels (README's table says the same): NumPy has
#: no wheel for it on 3.10.
WINDOWS_ARM_PYTHONS = ("3.11", "3.12", "3.13", "3.14")


@dataclass(frozen=True)
class Target:
    name: str
    #: pip's --platform values, most specific first (pip takes any of them).
    platforms: tuple[str, ...]
    #: What the environment markers see there.
    environment: dict[str, str] = field(default_factory=dict)
    #: The Python versions supported there.
    pythons: tuple[str, ...] = ("3.10", "3.11", "3.12", "3.13", "3.14")


def _macos(version: int, machine: str) -> tuple[str, ...]:
    """The wheel tags a macOS of this version on this machine accepts."""
    tags = []
    for major in range(version, 10, -1):
        tags += [f"macosx_{major}_0_{machine}", f"macosx_{major}_0_universal2"]
    return (*tags, f"macosx_10_16_{machine}", f"macosx_10_13_{machine}")


def _glibc(machine: str, newest: int = 28) -> tuple[str, ...]:
    """The wheel tags a Linux with glibc 2.``newest`` on this machine accepts (2.28: Debian
    10, RHEL 8; 2.39: Ubuntu 24.04; Debian 13 has 2.41)."""
    return (
        *(f"manylinux_2_{minor}_{machine}" for minor in range(newest, 16, -1)),
        f"manylinux2014_{machine}",
    )


TARGETS = (
    Target(
        "Windows x64",
        ("win_amd64",),
        {"sys_platform": "win32", "platform_system": "Windows", "platform_machine": "AMD64"},
    ),
    Target(
        "Windows on ARM",
        ("win_arm64",),
        {"sys_platform": "win32", "platform_system": "Windows", "platform_machine": "ARM64"},
        WINDOWS_ARM_PYTHONS,
    ),
    # google-re2's wheels, and so the oldest macOS simfind installs on from wheels alone.
    Target(
        "macOS 13 Intel",
        _macos(13, "x86_64"),
        {"sys_platform": "darwin", "platform_system": "Darwin", "platform_machine": "x86_64"},
    ),
    Target(
        "macOS 13 Apple silicon",
        _macos(13, "arm64"),
        {"sys_platform": "darwin", "platform_system": "Darwin", "platform_machine": "arm64"},
    ),
    Target(
        "Linux x86-64 (glibc 2.28)",
        _glibc("x86_64"),
        {"sys_platform": "linux", "platform_system": "Linux", "platform_machine": "x86_64"},
    ),
    # PySide6's aarch64 wheels are manylinux_2_39 (Ubuntu 24.04, Debian 13, Fedora 40).
    Target(
        "Linux ARM64 (glibc 2.39)",
        _glibc("aarch64", 39),
        {"sys_platform": "linux", "platform_system": "Linux", "platform_machine": "aarch64"},
    ),
)
#: Pure-Python packages published as source only: pip builds them without a compiler.
SOURCE_ONLY = ("jieba",)


#: A built wheel to take the dependencies from, instead of pyproject.toml (--wheel).
WHEEL: list[Path] = []


def wheel_dependencies(wheel: Path) -> list[str]:
    """The Requires-Dist lines of a built wheel's METADATA, extras' own left out."""
    with zipfile.ZipFile(wheel) as archive:
        (name,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        text = archive.read(name).decode("utf-8")
    lines = [
        line.split(":", 1)[1].strip()
        for line in text.splitlines()
        if line.startswith("Requires-Dist:")
    ]
    return [line for line in lines if "extra ==" not in line]


def requirements(environment: dict[str, str]) -> list[str]:
    """The dependencies that apply in ``environment``, without their markers."""
    wanted = []
    for line in wheel_dependencies(WHEEL[0]) if WHEEL else dependencies():
        requirement = Requirement(line)
        if requirement.marker is None or requirement.marker.evaluate(environment):
            requirement.marker = None
            wanted.append(str(requirement))
    return wanted


def check(target: Target, python: str) -> tuple[bool, str]:
    """Whether pip resolves the target's dependencies from wheels alone (the pure-Python
    source-only ones apart: ``pure_source``); pip's last words."""
    environment: dict[str, str] = {k: str(v) for k, v in default_environment().items()}
    environment.update(target.environment)
    environment["python_version"] = python
    environment["python_full_version"] = f"{python}.0"
    platforms = [arg for tag in target.platforms for arg in ("--platform", tag)]
    wanted = requirements(environment)
    for requirement in wanted:
        name = Requirement(requirement).name
        if name in SOURCE_ONLY and not pure_source(requirement):
            return False, f"{name}: its source has code to compile"
    binary = [r for r in wanted if Requirement(r).name not in SOURCE_ONLY]
    with tempfile.TemporaryDirectory() as where:
        done = subprocess.run(
            [*PIP, *RESOLVE, "--target", where, "--python-version", python, *platforms, *binary],
            capture_output=True,
            text=True,
            check=False,
        )
    words = (done.stderr or done.stdout).strip().splitlines()
    return done.returncode == 0, words[-1] if words else ""


@functools.cache
def pure_source(requirement: str) -> bool:
    """Whether the newest source of ``requirement`` holds no C, C++, Cython or Rust code."""
    with tempfile.TemporaryDirectory() as where:
        subprocess.run(
            [*PIP, *SOURCE, "-d", where, requirement],
            check=True,
            capture_output=True,
        )
        (archive,) = Path(where).iterdir()
        with tarfile.open(archive) as tar:
            names = tar.getnames()
    return not any(n.endswith((".c", ".cc", ".cpp", ".pyx", ".rs")) for n in names)


_MACOS_TAG = re.compile(r"macosx_(\d+)_(\d+)_")


def newest_macos(filenames: list[str]) -> tuple[int, int]:
    """The newest macOS any of these wheels was built for ((0, 0) where none says)."""
    found = [tuple(map(int, m.groups())) for f in filenames for m in _MACOS_TAG.finditer(f)]
    return max(((m[0], m[1]) for m in found), default=(0, 0))


def image_needs(macos: int, python: str) -> tuple[tuple[int, int], list[str]]:
    """The oldest macOS an app bundle built on macOS ``macos`` (Apple silicon) with this
    Python runs on, as the wheels pip picks there say; and those wheels' names."""
    target = next(t for t in TARGETS if t.name.endswith("Apple silicon"))
    environment: dict[str, str] = {k: str(v) for k, v in default_environment().items()}
    environment.update(target.environment, python_version=python)
    platforms = [arg for tag in _macos(macos, "arm64") for arg in ("--platform", tag)]
    wanted = [r for r in requirements(environment) if Requirement(r).name not in SOURCE_ONLY]
    with tempfile.TemporaryDirectory() as where:
        command = [*PIP, *RESOLVE, "--report", "-", "--target", where, *platforms, *wanted]
        done = subprocess.run(
            [*command, "--python-version", python],
            capture_output=True,
            text=True,
            check=True,
        )
    report = json.loads(done.stdout)
    names = [item["download_info"]["url"].rsplit("/", 1)[-1] for item in report["install"]]
    return newest_macos(names), names


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="targets whose name contains this")
    parser.add_argument(
        "--python", help="only these of each target's Python versions (comma-separated)"
    )
    parser.add_argument("--wheel", type=Path, help="a built simfind wheel to check instead")
    parser.add_argument("--image-macos", type=int, help="the macOS the image is built on")
    parser.add_argument("--image-python", default="3.11", help="the image's Python")
    args = parser.parse_args()
    if args.image_macos is not None:
        (major, minor), names = image_needs(args.image_macos, args.image_python)
        newest = [n for n in names if newest_macos([n]) == (major, minor)]
        print(
            f"built on macOS {args.image_macos} with Python {args.image_python}: "
            f"needs macOS {major}.{minor} or later ({', '.join(newest)})"
        )
        return 0
    failed = 0
    if args.wheel is not None:
        if not args.wheel.name.endswith("-py3-none-any.whl"):
            print(f"{args.wheel.name}: not a pure-Python wheel (py3-none-any)")
            return 1
        WHEEL.append(args.wheel)
    wanted = args.python.split(",") if args.python else None
    for target in TARGETS:
        if args.only and args.only not in target.name:
            continue
        for python in target.pythons:
            if wanted is not None and python not in wanted:
                continue
            ok, words = check(target, python)
            failed += not ok
            print(f"{target.name:28} Python {python}: {'wheels only' if ok else 'FAILS: ' + words}")
            sys.stdout.flush()
    return failed


if __name__ == "__main__":
    sys.exit(main())
