"""Records, the items of a file compared instead of whole files: names in source code
(identifiers), a file cut into records (cutting), records collected from many files and
fingerprinted (collect), and every group of near-duplicate records or those nearest a
query (search).

Imported by module; this face loads nothing.
"""
