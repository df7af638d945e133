"""``python -m simfind``: the same as the ``simfind`` command."""

if __name__ == "__main__":
    try:
        import sys

        if getattr(sys, "frozen", False):  # a frozen bundle re-enters here in pool workers
            import multiprocessing  # (12 ms, which a scan without a pool need not pay)

            multiprocessing.freeze_support()
        from simfind.cli import main
    except KeyboardInterrupt:  # Ctrl+C at once: no traceback for it
        from simfind.cli.signals import interrupted

        raise SystemExit(interrupted()) from None
    raise SystemExit(main())
