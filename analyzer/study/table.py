"""Study tables on disk: the column types, reading and writing Parquet and CSV atomically."""
from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from analyzer.study.spec import Study, StudyError

if TYPE_CHECKING:
    import pandas as pd

FORMATS = (".parquet", ".csv")

# Columns by name pattern, so a table read back from CSV gets the same types.
_KINDS: tuple[tuple[str, str], ...] = (
    (r"deal|chain|step|seed|len\d_[hbla]|voids\d|fh_len_[hbla]|fh_partner|hra_[hbla]|partner_[hbla]", "int64"),
    (r"cut", "Int64"),
    (r"survival", "float64"),
    (r"hra_makes_[hbla]|betl|durch", "bool"),
    (r"sedma_[hbla]|laid5?_seven", "boolean"),
    (r"laid5?_(game|betl|durch)", "bool"),
)


def column_kind(name: str) -> str:
    """The type of a study column, from its name."""
    for pattern_, kind in _KINDS:
        if re.fullmatch(pattern_, name):
            return kind
    return "str"  # card tokens, patterns, suit letters, names


def with_dtypes(df: pd.DataFrame) -> pd.DataFrame:
    """The table with every column in its type (text read from CSV included); StudyError names a
    column whose values do not fit its type."""
    import pandas as pd

    out = {}
    for name in df.columns:
        try:
            out[name] = _typed_column(df[name], column_kind(name))
        except (ValueError, TypeError, OverflowError) as exc:
            raise StudyError(f"column {name!r} holds a value that is not a {column_kind(name)}: {exc}") from None
    typed = pd.DataFrame(out, index=df.index)
    typed.attrs = dict(df.attrs)
    return typed


def _typed_column(col: pd.Series, kind: str) -> pd.Series:
    import pandas as pd
    from pandas.api.types import is_string_dtype

    if kind == "str":
        return col.fillna("").astype(str)
    if kind in ("bool", "boolean"):
        if is_string_dtype(col) or col.dtype == object:  # read from CSV: "True", "False", ""
            col = col.map({"True": True, "False": False, True: True, False: False}).astype(object)
            col = col.where(col.notna(), None)
        return col.astype("boolean" if kind == "boolean" else bool)
    if is_string_dtype(col):
        col = col.replace("", None)
    return pd.to_numeric(col).astype(kind)


def read_table(path: str | os.PathLike[str]) -> pd.DataFrame:
    """A study table from a Parquet or CSV file (or a ``.parts`` directory), typed as written.

    Raises StudyError for a missing file, an unknown extension or a file that is not a study table.
    """
    import pandas as pd

    path = Path(path)
    if not path.exists():
        raise StudyError(f"no such study table: {str(path)!r}")
    if path.is_dir() or path.suffix == ".parquet":
        df = pd.read_parquet(path)
    elif path.suffix == ".csv":
        df = pd.read_csv(path, dtype=str, keep_default_na=False)
    else:
        raise StudyError(f"a study table ends in .parquet or .csv, not {path.name!r}")
    if "rules" in df.columns and "packets" not in df.columns:
        df = df.rename(columns={"rules": "packets"})  # a table written before the column was renamed
    if "deal" not in df.columns or "dealer" not in df.columns:
        raise StudyError(f"{str(path)!r} is not a study table (it has no deal and dealer columns)")
    df = with_dtypes(df)
    return df.sort_values("deal", kind="stable").reset_index(drop=True)


def write_atomic(path: Path, write: Callable[[Path], object]) -> None:
    """Write through a temporary name and rename: a reader never sees half a file."""
    tmp = path.with_name(path.name + ".tmp")
    write(tmp)
    os.replace(tmp, path)


def write_table(df: pd.DataFrame, output: Path, study: Study | None = None) -> None:
    """Write a study table, Parquet or CSV by the extension, atomically."""
    if study is not None:
        df.attrs["study"] = study.parameters()
    if output.suffix == ".parquet":
        write_atomic(output, lambda p: df.to_parquet(p, index=False))
    else:
        write_atomic(output, lambda p: df.to_csv(p, index=False))
