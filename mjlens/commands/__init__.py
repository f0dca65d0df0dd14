"""One module per subcommand. Each defines `register(subparsers)`, which adds its parser and
sets `func=run`, where `run(args) -> int` returns the exit status."""
