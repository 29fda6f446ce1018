"""Build hook for the optional compiled modules; everything else is in pyproject.toml.

`FELTCHECK_COMPILE=1 python setup.py build_ext --inplace` (what `make accel` runs) compiles the
modules listed in checker/native.py with mypyc, in place; `FELTCHECK_COMPILE=1 pip install .`
builds a compiled installation. Either way the build records its sources' digests beside the
compiled library (checker/native.py checks them at import). Without the variable this is a
plain pure-Python package.
"""

import json
import os
import runpy
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
NATIVE = runpy.run_path(str(ROOT / "checker" / "native.py"))
COMPILE = os.environ.get("FELTCHECK_COMPILE") == "1"


class BuildWithManifest(build_ext):
    """Writes the digests of the compiled sources once the extensions are built, where the
    package is built (the source tree for --inplace, the build folder for a wheel)."""

    def run(self) -> None:
        super().run()
        if not COMPILE:
            return
        package = ROOT / "checker" if self.inplace else Path(self.build_lib) / "checker"
        package.mkdir(parents=True, exist_ok=True)
        digests = NATIVE["source_digests"](ROOT)
        (package / NATIVE["MANIFEST"]).write_text(
            json.dumps(digests, indent=1, sort_keys=True) + "\n", encoding="utf-8")


extensions = []
if COMPILE:
    from mypyc.build import mypycify

    modules = list(NATIVE["compiled_modules"](ROOT))
    # One group whose shared library lives inside the package (checker/_native__mypyc), so
    # the compiled modules import wherever the package does.
    extensions = mypycify(modules, opt_level="3", separate=[(modules, NATIVE["GROUP"])])

setup(ext_modules=extensions, cmdclass={"build_ext": BuildWithManifest})
