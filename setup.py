"""Builds the C solver core and its thin Cython wrapper (analyzer._core).

MARIAS_DEBUG=1: -O0 -g with the C asserts on. The core picks BMI2's pext for its
table keys at run time, where the processor has it and it is fast, so a build
runs on any x86-64 (or other) machine.
"""
import os

from Cython.Build import cythonize
from setuptools import Extension, setup

DEBUG = os.environ.get("MARIAS_DEBUG") == "1"

core = Extension(
    "analyzer._core",
    sources=["cext/_core.pyx", "cext/solver.c", "cext/stock.c"],
    include_dirs=["cext"],
    extra_compile_args=["-std=c11", "-O0", "-g", "-UNDEBUG"] if DEBUG else ["-std=c11", "-O3"],
    define_macros=[] if DEBUG else [("NDEBUG", "1")],
)

setup(ext_modules=cythonize([core], language_level=3, compiler_directives={"boundscheck": False}))
