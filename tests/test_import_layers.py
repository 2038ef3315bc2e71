"""The package's layers (docs/architecture.md): the import contracts of ``pyproject.toml``
(import-linter: no cycles, the model and engine in layers, the web apart from the command
line), and what import-linter cannot say: nothing below the front ends imports them, and no
private name crosses a module boundary."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "analyzer"
FRONT_ENDS = ("analyzer.cli", "analyzer.web")


def _modules() -> list[tuple[str, ast.Module]]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out.append((name, ast.parse(path.read_text(), str(path))))
    return out


def _imports(tree: ast.Module) -> list[tuple[int, str, list[str]]]:
    """Every import (inside functions too): (line, module, names imported from it)."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append((node.lineno, node.module, [alias.name for alias in node.names]))
    return out


def test_the_import_contracts_hold() -> None:
    linter = Path(sys.executable).parent / "lint-imports"
    if not linter.exists():
        pytest.fail("import-linter is not installed (pip install -e '.[test]')")
    run = subprocess.run([str(linter), "--config", str(ROOT / "pyproject.toml")], cwd=ROOT, capture_output=True,
                         text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]


def test_nothing_below_the_front_ends_imports_them() -> None:
    bad = []
    for name, tree in _modules():
        for line, module, _ in _imports(tree):
            for front in FRONT_ENDS:
                above = name == "analyzer.__main__" or name.startswith(FRONT_ENDS[0])
                if module.startswith(front) and not name.startswith(front) and not above:
                    bad.append(f"{name}:{line} imports {module}")
    assert bad == []


def test_no_private_name_is_imported_from_another_module() -> None:
    """``from analyzer.x import _y`` reaches into another module's insides (a private module such
    as the C core ``analyzer._core`` is a module, not a name, and is allowed)."""
    bad = []
    for name, tree in _modules():
        for line, module, names in _imports(tree):
            if not module.startswith("analyzer") or module == name:
                continue
            folder = ROOT.joinpath(*module.split("."))
            for imported in names:
                private = imported.startswith("_") and not imported.startswith("__")
                is_module = folder.is_dir() and (any(folder.glob(imported + ".*")) or (folder / imported).is_dir())
                if private and not is_module:
                    bad.append(f"{name}:{line} imports {imported} from {module}")
    assert bad == [], "\n".join(bad)
