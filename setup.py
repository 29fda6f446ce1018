"""Build hook for the optional compiled modules; everything else is in pyproject.toml.

`FELTCHECK_COMPILE=1 python setup.py build_ext --inplace` (what `make accel` runs) compiles the
modules listed in checker/native.py with mypyc and records their sources' digests; without
the variable this is a plain pure-Python package.
"""

import json
import os
import runpy
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent
NATIVE = runpy.run_path(str(ROOT / "checker" / "native.py"))
COMPILE = os.environ.get("FELTCHECK_COMPILE") == "1"

extensions = []
if COMPILE:
    from mypyc.build import mypycify

    modules = list(NATIVE["COMPILED_MODULES"])
    # One group whose shared library lives inside the package (checker/_native__mypyc), so
    # the compiled modules import wherever the package does.
    extensions = mypycify(modules, opt_level="3", separate=[(modules, NATIVE["GROUP"])])

setup(ext_modules=extensions)

if COMPILE:
    digests = NATIVE["source_digests"](ROOT)
    (ROOT / "checker" / NATIVE["MANIFEST"]).write_text(
        json.dumps(digests, indent=1, sort_keys=True) + "\n", encoding="utf-8")
