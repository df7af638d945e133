"""Check that simfind installs from wheels alone, with no compiler, on every platform it supports.

    python packaging/check_wheels.py [--only NAME] [--wheel dist/simfind-*.whl]
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
that failed.

What this cannot see: pip evaluates the markers of the dependencies' own
dependencies for the machine it runs on (a Linux one here), so a Windows-only
dependency of a dependency (pywin32 through portalocker[win32]) is checked only
where pyproject.toml names it itself.
"""

from __future__ import annotations

import argparse
import functools
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


@dataclass(frozen=True)
class Target:
    name: str
    #: pip's --platform values, most specific first (pip takes any of them).
    platforms: tuple[str, ...]
    #: What the environment markers see there.
    environment: dict[str, str] = field(default_factory=dict)
    #: The Python versions supported there.
    pythons: tuple[str, ...] = ("3.10", "3.13")


def _macos(version: int, machine: str) -> tuple[str, ...]:
    """The wheel tags a macOS of this version on this machine accepts."""
    tags = []
    for major in range(version, 10, -1):
        tags += [f"macosx_{major}_0_{machine}", f"macosx_{major}_0_universal2"]
    return (*tags, f"macosx_10_16_{machine}", f"macosx_10_13_{machine}")


def _glibc(machine: str) -> tuple[str, ...]:
    """The wheel tags a Linux with glibc 2.28 (Debian 10, RHEL 8) on this machine accepts."""
    return (
        *(f"manylinux_2_{minor}_{machine}" for minor in range(28, 16, -1)),
        f"manylinux2014_{machine}",
    )


TARGETS = (
    Target(
        "Windows x64",
        ("win_amd64",),
        {"sys_platform": "win32", "platform_system": "Windows", "platform_machine": "AMD64"},
    ),
    # NumPy's wheels for Windows on ARM begin with Python 3.11, PySide6's with 6.12,
    # which Python 3.10 and 3.11 do not take (pyproject.toml): from 3.12 on.
    Target(
        "Windows on ARM",
        ("win_arm64",),
        {"sys_platform": "win32", "platform_system": "Windows", "platform_machine": "ARM64"},
        ("3.12", "3.13"),
    ),
    Target(
        "macOS 12 Intel",
        _macos(12, "x86_64"),
        {
            "sys_platform": "darwin",
            "platform_system": "Darwin",
            "platform_machine": "x86_64",
        },
    ),
    Target(
        "macOS 14 Apple silicon",
        _macos(14, "arm64"),
        {
            "sys_platform": "darwin",
            "platform_system": "Darwin",
            "platform_machine": "arm64",
        },
    ),
    Target(
        "Linux x86-64 (glibc 2.28)",
        _glibc("x86_64"),
        {"sys_platform": "linux", "platform_system": "Linux", "platform_machine": "x86_64"},
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="targets whose name contains this")
    parser.add_argument("--wheel", type=Path, help="a built simfind wheel to check instead")
    args = parser.parse_args()
    failed = 0
    if args.wheel is not None:
        if not args.wheel.name.endswith("-py3-none-any.whl"):
            print(f"{args.wheel.name}: not a pure-Python wheel (py3-none-any)")
            return 1
        WHEEL.append(args.wheel)
    for target in TARGETS:
        if args.only and args.only not in target.name:
            continue
        for python in target.pythons:
            ok, words = check(target, python)
            failed += not ok
            print(f"{target.name:28} Python {python}: {'wheels only' if ok else 'FAILS: ' + words}")
            sys.stdout.flush()
    return failed


if __name__ == "__main__":
    sys.exit(main())
