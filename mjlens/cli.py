"""The `mjlens` console command: a thin shell that dispatches to one module per subcommand."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys

from mjlens import commands
from mjlens.parser import Parser, reader_lang
from mjlens.terminal import wrapped_output
from scoring.messages import Catalog

M = Catalog("mjlens_cli", {
    "description": ("Photograph a revealed mahjong hand, get its score.",
                    "给摊开的一手麻将牌拍照，算出它的分数。"),
})


def build_parser(lang: str | None = None) -> argparse.ArgumentParser:
    """The parser of `mjlens` and every command, its help in `lang` (default: the
    environment's)."""
    parser = Parser(prog="mjlens", description=M("description"), lang=lang or reader_lang([]))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"mjlens.commands.{info.name}")
        module.register(sub)
    return parser


def _machine_output(args) -> bool:
    """Output a program reads (JSON, CSV) is never wrapped, even on a terminal."""
    return bool(getattr(args, "json", False) or getattr(args, "machine_output", False))


def main(argv: list[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    parser = build_parser(reader_lang(argv))
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()  # the help of `mjlens` alone, in the reader's language
        return 2
    try:
        with wrapped_output(stdout=not _machine_output(args)):
            return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
