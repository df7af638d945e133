"""``python -m simfind``: the same as the ``simfind`` command."""

if __name__ == "__main__":
    try:
        import multiprocessing

        multiprocessing.freeze_support()  # a frozen bundle re-enters here in pool workers
        from simfind.cli import main
    except KeyboardInterrupt:  # Ctrl+C at once: no traceback for it
        from simfind.cli.signals import interrupted

        raise SystemExit(interrupted()) from None
    raise SystemExit(main())
