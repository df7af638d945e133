"""Clean-up: the confirmation and its checks (clean_up), the move dialogs and the bar after
a move (move_dialogs), replacing files by hard links (link_dialogs).

Imported by module; this face loads nothing.
"""
