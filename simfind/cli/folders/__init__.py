"""``simfind folders``: folders that are near-copies of each other (core.folders): its
grammar and run (command), its rows and JSON (output), its English (words)."""
