"""The diff of two files side by side, as the Compare and Groups pages show it.

view.py (the widget) puts together summary.py (above the panes), options_bar.py,
panes.py with highlights.py (the panes and their painting) and navigation.py; what
they show is worked out off the GUI thread in rendering.py.
"""
