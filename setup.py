"""Builds the C solver core and its thin Cython wrapper (analyzer._core)."""
import os

from Cython.Build import cythonize
from setuptools import Extension, setup

DEBUG = os.environ.get("MARIAS_DEBUG") == "1"

extra = ["-std=c11", "-O0", "-g"] if DEBUG else ["-std=c11", "-O3"]
macros = [] if DEBUG else [("NDEBUG", "1")]

core = Extension(
    "analyzer._core",
    sources=["cext/_core.pyx", "cext/solver.c"],
    include_dirs=["cext"],
    extra_compile_args=extra,
    define_macros=macros,
)

setup(ext_modules=cythonize([core], language_level=3, compiler_directives={"boundscheck": False}))
