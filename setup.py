"""Builds the C solver core and its thin Cython wrapper (analyzer._core).

MARIAS_DEBUG=1: -O0 -g with the C asserts on. The core picks BMI2's pext for its
table keys at run time, where the processor has it and it is fast. It counts cards
at every node: on an x86-64 whose processor has popcnt (every one since 2008–2009)
the build uses the instruction; MARIAS_PORTABLE=1 leaves it out, for a build that
must run on any x86-64 (or other) machine.
"""
import os
import platform

from Cython.Build import cythonize
from setuptools import Extension, setup

DEBUG = os.environ.get("MARIAS_DEBUG") == "1"


def popcnt_flags() -> list[str]:
    """-mpopcnt where this machine, which builds and runs the core, has the instruction
    (measured: the strict check's plan proofs 15 % faster, docs/benchmarks.md)."""
    if os.environ.get("MARIAS_PORTABLE") == "1" or platform.machine().lower() not in ("x86_64", "amd64"):
        return []
    try:
        with open("/proc/cpuinfo") as f:
            return ["-mpopcnt"] if " popcnt" in f.read() else []
    except OSError:
        return ["-mpopcnt"]  # no /proc/cpuinfo (macOS): every Mac it still runs on has it


core = Extension(
    "analyzer._core",
    sources=["cext/_core.pyx", "cext/solver.c", "cext/stock.c", "cext/tysiacha.c"],
    include_dirs=["cext"],
    extra_compile_args=["-std=c11", "-O0", "-g", "-UNDEBUG"] if DEBUG else ["-std=c11", "-O3", *popcnt_flags()],
    define_macros=[] if DEBUG else [("NDEBUG", "1")],
)

# Mustamaija's state graph and attractor (issue 35): its own module, sharing nothing with the core.
mustamaija = Extension(
    "analyzer.mustamaija._mustamaija",
    sources=["cext/_mustamaija.pyx", "cext/mustamaija.c"],
    include_dirs=["cext"],
    extra_compile_args=["-std=c11", "-O0", "-g", "-UNDEBUG"] if DEBUG else ["-std=c11", "-O3", *popcnt_flags()],
    define_macros=[] if DEBUG else [("NDEBUG", "1")],
)

setup(ext_modules=cythonize([core, mustamaija], language_level=3, compiler_directives={"boundscheck": False}))
