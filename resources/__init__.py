"""simfind's data files, installed as the package ``simfind.resources``.

Icons, the desktop entry, the AppStream metainfo and the compiled translations;
the program finds them with importlib.resources (see simfind/gui/base/resources.py).
"""
