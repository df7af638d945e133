"""Results that last: the groups a search found, written to a file (a result file, the
groups' JSON with its inputs and settings) and read back later to show and clean them
again without a new search.

* document: what a result file holds (SavedResult), its format's name and version;
* writing: a search's groups as a result file (``simfind groups --format json`` and the
  window's File → Save Results…);
* reading: a result file back, or a typed error (damaged, newer, not simfind's);
* reopening: a saved result as groups to show and clean (the ignore list applied);
* cleaning: a rule's clean-up of a saved result, checked file by file (``simfind clean``).

Imported by module; this face loads nothing.
"""
