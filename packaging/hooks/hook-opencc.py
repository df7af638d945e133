"""OpenCC in the bundle: its conversion configurations and phrase tables only.

pyinstaller-hooks-contrib's hook takes every data file of the package (7 MB, with
the command-line tools, static libraries and headers of the C++ library, which
simfind never uses); simfind.core.text.scripts needs the JSON configurations and
the .ocd2 tables they name (1.4 MB).
"""

from PyInstaller.utils.hooks import collect_data_files  # type: ignore[import-untyped]

datas = collect_data_files("opencc", includes=["clib/share/opencc/*"])
