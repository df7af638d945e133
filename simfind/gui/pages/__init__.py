"""The window's pages, one per mode: Compare (compare/), All Near-Duplicates (groups/)
and Lines (lines/), each behind the Page interface of base.py; scanning.py is the base of
the pages whose work is a scan; table_export, report_words and results_columns are what
the pages share."""
