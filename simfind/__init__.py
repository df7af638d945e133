"""simfind: find the near-duplicates of a file in a folder and see how they differ."""

__version__ = "0.1.0"
