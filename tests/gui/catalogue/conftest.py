"""The command line's catalogue tests' drive and reference, for the window's."""

from tests.cli.test_catalogue import drive, reference  # noqa: F401
