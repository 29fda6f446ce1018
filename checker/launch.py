"""The `feltcheck` command as installed: the program imported with the collector held off.

Importing the program builds some hundred thousand objects that live as long as it does
(modules, classes, functions, the readers' and the rules language's tables) and are never
garbage. With the collector's defaults their import ran ~110 collections that walked them
again and again, ~0.03 s of a 0.35 s start (docs/performance.md, "Start-up"). They are
imported with the collector off, then frozen (moved where no collection walks them, and left
unshared pages alone in `--jobs` workers forked after), and the collector is on again before
any command runs. `checker.cli:main` stays the same command for callers in Python.
"""

import gc


def main() -> int:
    enabled = gc.isenabled()
    gc.disable()
    try:
        from checker.cli import main as run
    finally:
        gc.freeze()
        if enabled:
            gc.enable()
    return run()


if __name__ == "__main__":
    raise SystemExit(main())
