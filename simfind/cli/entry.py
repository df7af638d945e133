"""Where every launch begins: ``simfind``, ``simfind-gui``, ``python -m simfind``, the bundle.

The command line owns every flag. The window, the self-test and the desktop
entry come from simfind.gui, imported only when asked for, so the headless
commands never load Qt.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from simfind.cli.base.arguments import EXIT_FAILURE, EXIT_USAGE
from simfind.cli.base.terminal import terminal_text
from simfind.cli.base.words import cluster_problem, input_problem
from simfind.cli.commands import run_cache, run_groups, run_scan
from simfind.cli.completion import run_completion
from simfind.cli.logs import start_log
from simfind.cli.parser import build_parser
from simfind.cli.signals import stop_on_signals
from simfind.cluster.errors import ClusterError
from simfind.core.base.errors import InputError
from simfind.core.cache.catalogue_errors import CatalogueError
from simfind.core.runs.runtime import tune_collector
from simfind.core.scan.inputs import window_inputs


def _run_report(args: argparse.Namespace) -> int:
    from simfind.cli.report import run_report  # only for this command

    return run_report(args)


def _run_catalogue(args: argparse.Namespace) -> int:
    from simfind.cli.catalogue.command import run_catalogue  # only for this command

    return run_catalogue(args)


def _run_folders(args: argparse.Namespace) -> int:
    from simfind.cli.folders.command import run_folders  # only for this command

    return run_folders(args)


def _run_diff(args: argparse.Namespace) -> int:
    from simfind.cli.pair import run_diff  # only for this command

    return run_diff(args)


def _run_clean(args: argparse.Namespace) -> int:
    from simfind.cli.clean.run import run_clean  # only for this command

    return run_clean(args)


def _run_ignore(args: argparse.Namespace) -> int:
    from simfind.cli.ignore.command import run_ignore  # only for this command

    return run_ignore(args)


def _run_versions(args: argparse.Namespace) -> int:
    from simfind.cli.versions import run_versions  # a scan never loads the versions room

    return run_versions(args)


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "cache": run_cache,
    "catalogue": _run_catalogue,
    "clean": _run_clean,
    "completion": run_completion,
    "diff": _run_diff,
    "folders": _run_folders,
    "groups": run_groups,
    "ignore": _run_ignore,
    "report": _run_report,
    "scan": run_scan,
    "versions": _run_versions,
}


def usable_streams() -> None:
    """Standard streams that never fail a command.

    A windowed executable (the bundle's simfind-gui, pythonw) starts with
    sys.stdout and sys.stderr set to None: writes then go nowhere instead of
    raising. A console that cannot show a character (a Chinese Windows console
    and an emoji in a file name) gets an escape instead of UnicodeEncodeError.
    """
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115, PTH123
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            stream.reconfigure(errors="backslashreplace")


def run(argv: Sequence[str] | None = None) -> int:
    """What ``simfind.cli.main`` runs, once this module has loaded (it handles Ctrl+C)."""
    usable_streams()
    tune_collector()
    args = build_parser().parse_args(argv)
    if args.app_flag is not None or getattr(args, "gui_app_flag", None) is not None:
        return _app_action(args)
    if args.command in (None, "gui"):
        from simfind.core.results.reading import is_result_file
        from simfind.gui.shell.app import run_gui

        paths: list[Path] = getattr(args, "paths", [])
        result = next((p for p in paths if is_result_file(p)), None)
        reference, folder, unused = window_inputs([p for p in paths if p is not result])
        for path in unused:
            print(f"simfind: not used (one file and one folder at most): {path}", file=sys.stderr)
        return run_gui(reference, folder, getattr(args, "scan", False), result)
    start_log(
        getattr(args, "verbose", 0),
        getattr(args, "debug", False),
        sys.argv[1:] if argv is None else argv,
    )
    try:
        with stop_on_signals():
            return COMMANDS[args.command](args)
    except InputError as exc:
        exc.path = _as_given(exc.path, args)
        print(f"simfind: {terminal_text(input_problem(exc))}", file=sys.stderr)
        return EXIT_USAGE
    except ClusterError as exc:
        print(f"simfind: {terminal_text(cluster_problem(exc))}", file=sys.stderr)
        return EXIT_USAGE
    except CatalogueError as exc:
        from simfind.cli.catalogue.words import catalogue_problem

        print(f"simfind: {terminal_text(catalogue_problem(exc))}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): not an error worth a traceback.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except Exception as exc:  # a bug: one line, the traceback for --debug
        if args.debug:
            import traceback  # only for a bug's report

            traceback.print_exc()
        hint = "" if args.debug else " (run it again with --debug for the traceback to report)"
        print(
            f"simfind: unexpected error: {terminal_text(f'{type(exc).__name__}: {exc}')}{hint}",
            file=sys.stderr,
        )
        # diff(1)'s statuses: 1 means "they differ", so a failure is 2 there.
        return EXIT_USAGE if args.command == "diff" else EXIT_FAILURE


def _as_given(path: Path | None, args: argparse.Namespace) -> Path | None:
    """A path the core made absolute, as the user wrote it where it is one given."""
    if path is None:
        return None
    directory = getattr(args, "directory", [])
    given = [*(directory if isinstance(directory, list) else [directory])]
    given += [getattr(args, side) for side in ("left", "right") if hasattr(args, side)]
    if isinstance(getattr(args, "reference", None), str):
        given.append(Path(args.reference))
    return next((g for g in given if Path(os.path.abspath(g)) == path), path)


def _app_action(args: argparse.Namespace) -> int:
    """--self-test, --install-desktop or --uninstall-desktop, which go alone."""
    if args.app_flag is not None:
        if args.command is not None:
            print(f"simfind: {args.app_flag} goes alone", file=sys.stderr)
            return EXIT_USAGE
        flag = args.app_flag
    else:
        flag = args.gui_app_flag
        if args.paths or args.scan:
            print(f"simfind: {flag} takes no other argument", file=sys.stderr)
            return EXIT_USAGE
    if flag == "--self-test":
        from simfind.gui.shell.selftest import run_self_test

        return run_self_test()
    from simfind.gui.shell import desktop

    return desktop.main(remove=flag == "--uninstall-desktop")
