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
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
NATIVE = runpy.run_path(str(ROOT / "checker" / "native.py"))
COMPILE = os.environ.get("FELTCHECK_COMPILE") == "1"


class BuildWithManifest(build_ext):
    """Compiles an extension's C files on every core, and writes the digests of the compiled
    sources once the extensions are built, where the package is built (the source tree for
    --inplace, the build folder for a wheel)."""

    def build_extension(self, ext: Extension) -> None:
        compiler = self.compiler
        serial = compiler.compile
        compiler.compile = lambda sources, *args, **kwargs: compile_on_every_core(
            compiler, sources, *args, **kwargs)
        try:
            super().build_extension(ext)
        finally:
            compiler.compile = serial

    def run(self) -> None:
        super().run()
        if not COMPILE:
            return
        package = ROOT / "checker" if self.inplace else Path(self.build_lib) / "checker"
        package.mkdir(parents=True, exist_ok=True)
        digests = NATIVE["source_digests"](ROOT)
        (package / NATIVE["MANIFEST"]).write_text(
            json.dumps(digests, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def compile_on_every_core(compiler: Any, sources: list[str], output_dir: str | None = None,
                          macros: Any = None, include_dirs: Any = None, debug: bool = False,
                          extra_preargs: Any = None, extra_postargs: Any = None,
                          depends: Any = None) -> list[str]:
    """distutils' `CCompiler.compile`, its files compiled side by side, the largest first
    (mypyc writes a C file per module: `multi_file` below)."""
    macros, objects, extra_postargs, pp_opts, build = compiler._setup_compile(
        output_dir, macros, include_dirs, sources, depends, extra_postargs)
    cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)
    todo = sorted((obj for obj in objects if obj in build),
                  key=lambda obj: os.path.getsize(build[obj][0]), reverse=True)

    def one(obj: str) -> None:
        source, suffix = build[obj]
        compiler._compile(obj, source, suffix, cc_args, extra_postargs, pp_opts)

    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    with ThreadPoolExecutor(cores or 1) as pool:
        list(pool.map(one, todo))
    return objects


extensions = []
if COMPILE:
    from mypyc.build import mypycify

    modules = list(NATIVE["compiled_modules"](ROOT))
    # One group whose shared library lives inside the package (checker/_native__mypyc), so
    # the compiled modules import wherever the package does. A C file per module
    # (`multi_file`), compiled on every core: as one 50 MB file, gcc took ~6 minutes on one
    # core, `make test`'s longest step; the code runs as fast (docs/performance.md).
    extensions = mypycify(modules, opt_level="3", multi_file=True,
                          separate=[(modules, NATIVE["GROUP"])])
    for extension in extensions:
        # The modules' files, in build/, include the group's header, which mypyc writes in
        # the group's package folder (build/checker).
        extension.include_dirs.append(os.path.join("build", *NATIVE["GROUP"].split(".")[:-1]))
    # Hand-written C: phevaluator's evaluators with METH_FASTCALL arguments (the file says
    # why); found in phevaluator's library with dlopen/dlsym (POSIX; libdl before glibc 2.34).
    # Elsewhere phevaluator's own functions are called (checker/replay/ph_evaluators.py).
    for source in NATIVE["C_EXTENSIONS"] if os.name == "posix" else ():
        name = source.removesuffix(".c").replace("/", ".")
        extensions.append(Extension(name, [source], extra_compile_args=["-O2"],
                                    libraries=["dl"] if sys.platform.startswith("linux")
                                    else []))

setup(ext_modules=extensions, cmdclass={"build_ext": BuildWithManifest})
