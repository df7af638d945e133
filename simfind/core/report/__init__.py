"""What leaves simfind as files: results as rows, and the CSV, JSON and Excel writers that
save them whole (export); the evidence that two files, or a group's, are near-duplicates
(evidence) and its self-contained HTML report (html_report).

Imported by module; this face loads nothing.
"""
