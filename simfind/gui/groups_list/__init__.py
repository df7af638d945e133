"""The list of groups, as the All Near-Duplicates and Lines pages show it: the model
(model) with its columns (columns), the groups shown (shown_groups), flat rows
(flat_groups), the tree view (tree), and marks by rule (rule_marks).

Imported by module; this face loads nothing.
"""
