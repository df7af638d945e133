"""How work runs: progress out and cancel in (progress), work cut into batches
(batching), how many workers and when a pool pays (jobs), the process pool itself
(worker_pool) and how its workers start (worker_start), and the collector settings
of a simfind process (runtime).

Imported by module; this face loads nothing (a scan without a pool never loads
multiprocessing).
"""
