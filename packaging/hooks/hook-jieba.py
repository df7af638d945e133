"""jieba in the bundle: its word dictionary and HMM model only.

pyinstaller-hooks-contrib's hook takes every data file (about 30 MB, most of it
for keyword extraction and the paddle model, which simfind never uses).
"""

from PyInstaller.utils.hooks import collect_data_files  # type: ignore[import-untyped]

datas = collect_data_files("jieba", includes=["dict.txt", "finalseg/*.p"])
