"""Builds the C solver core and its thin Cython wrapper (analyzer._core).

MARIAS_DEBUG=1: -O0 -g with the C asserts on. MARIAS_PORTABLE=1: no BMI2 instructions.
"""
import os

from Cython.Build import cythonize
from setuptools import Extension, setup

DEBUG = os.environ.get("MARIAS_DEBUG") == "1"


def _has_bmi2() -> bool:
    try:
        with open("/proc/cpuinfo") as info:
            return any(line.startswith("flags") and " bmi2" in line for line in info)
    except OSError:
        return False


extra = ["-std=c11", "-O0", "-g", "-UNDEBUG"] if DEBUG else ["-std=c11", "-O3"]
# The table key squeezes card sets with BMI2's pext where the building machine has it (the
# extension is always built where it runs); elsewhere, or with MARIAS_PORTABLE=1 (to build
# for other machines), a portable loop does the same.
if _has_bmi2() and os.environ.get("MARIAS_PORTABLE") != "1":
    extra.append("-mbmi2")
macros = [] if DEBUG else [("NDEBUG", "1")]

core = Extension(
    "analyzer._core",
    sources=["cext/_core.pyx", "cext/solver.c"],
    include_dirs=["cext"],
    extra_compile_args=extra,
    define_macros=macros,
)

setup(ext_modules=cythonize([core], language_level=3, compiler_directives={"boundscheck": False}))
