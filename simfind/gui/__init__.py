"""The window: the only package that imports PySide6, in rooms as the core is.

shell (the app, the main window) · pages (base, and compare/, groups/, lines/: each page
with what only it uses) · scan · diff · groups_list · versions · cleanup · ignore ·
widgets (shared, saving themselves) · base (words, language, colours, data files) ·
work (the work lane). A room imports only rooms listed after it (docs/architecture.md).
"""
