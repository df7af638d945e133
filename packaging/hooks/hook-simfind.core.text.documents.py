"""PyInstaller: simfind.core.text.documents loads each format's reader by name, on first use."""

from PyInstaller.utils.hooks import collect_submodules  # type: ignore[import-untyped]

hiddenimports = collect_submodules("simfind.core.text.documents")
