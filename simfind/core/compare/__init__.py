"""The exact measure and what is built on it: the share two texts have in common
(verify, over blocks), text many files carry (boilerplate), containment both ways
(containment), many short texts at once (pair_table), the passages two texts share
(passages), a side-by-side diff as data (diff), and how a scan read its files, for
the diff to read them so again (reading).

Imported by module; this face loads nothing.
"""
