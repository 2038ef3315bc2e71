"""Runs that survive: finished chunks kept as part files, resumed, combined into the table."""
from __future__ import annotations

import functools
import json
import re
import shutil
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from analyzer.study.spec import MARKERS, Study, StudyError
from analyzer.study.table import (
    FORMATS,
    read_table,
    with_dtypes,
    write_atomic,
    write_table,
)

if TYPE_CHECKING:
    import pandas as pd
    import pyarrow as pa

BATCH = 8192  # rows the streaming combine reads and writes at a time (a default part is one batch)
_PART = re.compile(r"(\d+)-(\d+)\.parquet")


def check_output(output: Path) -> None:
    """An output a study can write: a known extension, in a directory that exists (never made for it)."""
    if output.suffix not in FORMATS:
        raise StudyError(f"the output must end in .parquet or .csv, not {output.name!r}")
    parent = output.parent
    if not parent.is_dir():
        raise StudyError(f"no directory {str(parent)!r} for the output {output.name!r}: create it first")
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise StudyError("writing a study table needs pyarrow (pip install pyarrow)") from None


class Parts:
    """The finished chunks of a study written to ``FILE.parts/``, one Parquet file each."""

    def __init__(self, output: Path, study: Study) -> None:
        self.output = output
        self.dir = output.with_name(output.name + ".parts")
        self.study = study
        self.created = False  # made by this run (removed again if the run keeps nothing)

    def open(self) -> list[tuple[int, int]]:
        """Make or reopen the directory; return the ranges done. Raises StudyError on a mismatch."""
        params = self.study.parameters()
        meta = self.dir / "study.json"
        if meta.exists():
            old = json.loads(meta.read_text())
            if old != params:
                diff = next(k for k in params if old.get(k) != params[k])
                raise StudyError(f"{str(self.dir)!r} holds another study ({diff} {old.get(diff)!r}, not "
                                 f"{params[diff]!r}); remove it or choose another output")
        else:
            self.dir.mkdir(exist_ok=True)  # its parent was checked: never a tree of directories
            self.created = True
            write_atomic(meta, lambda p: p.write_text(json.dumps(params, indent=1)))
        for stray in self.dir.glob("*.tmp"):
            stray.unlink()  # a part cut off while being written
        return self.done()

    def done(self) -> list[tuple[int, int]]:
        """The ranges of deals whose part files exist."""
        out = []
        for part in self.dir.glob("*.parquet"):
            m = _PART.fullmatch(part.name)
            if m:
                out.append((int(m[1]), int(m[2])))
        return sorted(out)

    def write(self, start: int, stop: int, rows: pd.DataFrame) -> None:
        write_atomic(self.dir / f"{start:010d}-{stop:010d}.parquet", lambda p: rows.to_parquet(p, index=False))

    def discard_if_empty(self) -> bool:
        """Remove a directory this run made and filled with no chunk; True if it did."""
        if self.created and self.dir.exists() and not self.done():
            shutil.rmtree(self.dir)
            return True
        return False

    def combine(self, n: int, table: bool = True) -> pd.DataFrame | None:
        """Rows 0 … n-1 from the parts (each exactly once), written to the output; the parts removed.

        ``table=False``: the parts are copied into the output one at a time and None is returned,
        so that the memory used does not grow with n (the command line's way); parts that do not
        tile 0 … n-1 in order (left by runs with other chunk sizes) are combined in memory."""
        if not table and self._stream(n):
            shutil.rmtree(self.dir)
            return None
        import pandas as pd

        frames = [pd.read_parquet(p) for p in sorted(self.dir.glob("*.parquet"))]
        df = pd.concat(frames, ignore_index=True)
        df = df[df["deal"] < n].sort_values("deal", kind="stable").drop_duplicates("deal")
        df = with_dtypes(df.reset_index(drop=True))
        if list(df["deal"]) != list(range(n)):
            raise AssertionError(f"the parts in {self.dir} do not hold deals 0..{n - 1} exactly once")
        write_table(df, self.output, self.study)
        shutil.rmtree(self.dir)
        return df


    def _stream(self, n: int) -> bool:
        """Write the output part by part if the parts tile 0 … n-1 in order; False if they do not."""
        spans, end = [], 0
        for a, b in self.done():
            if a != end or b > n:
                return False
            spans.append((a, b))
            end = b
        if end != n:
            return False
        params = self.study.parameters()
        if self.output.suffix == ".parquet":
            write_atomic(self.output, lambda p: self._stream_parquet(p, spans, params))
        else:
            write_atomic(self.output, lambda p: self._stream_csv(p, spans))
        return True

    def _part(self, a: int, b: int) -> pd.DataFrame:
        """One part's rows, typed, checked to be deals a … b-1."""
        import pandas as pd

        df = pd.read_parquet(self._path(a, b))
        df = with_dtypes(df.sort_values("deal", kind="stable").reset_index(drop=True))
        if list(df["deal"]) != list(range(a, b)):
            raise AssertionError(f"the part {a}-{b} in {self.dir} does not hold deals {a}..{b - 1} exactly once")
        return df

    def _path(self, a: int, b: int) -> Path:
        return self.dir / f"{a:010d}-{b:010d}.parquet"

    def _batches(self, a: int, b: int, schema: pa.Schema | None) -> Iterator[pa.RecordBatch] | None:
        """The part's rows BATCH at a time as they lie in its file, never the whole part: only if
        they are already deals a … b-1 in order and of the column types ``schema`` has (the first
        part's when None; a part comes from ``analyse_chunk``, typed and in order). None otherwise:
        the caller then takes the part whole (``_part``: sorted, typed, checked)."""
        import numpy as np
        import pyarrow.parquet as pq

        with pq.ParquetFile(self._path(a, b)) as file:
            types = file.schema_arrow
            if schema is not None and not types.remove_metadata().equals(schema.remove_metadata()):
                return None
            # (no threads: each would keep its own pages of Arrow's allocator)
            deals = file.read(columns=["deal"], use_threads=False)["deal"].to_numpy() if "deal" in types.names else None
        if deals is None or len(deals) != b - a or not np.array_equal(deals, np.arange(a, b)):
            return None

        def read() -> Iterator[pa.RecordBatch]:
            with pq.ParquetFile(self._path(a, b)) as file:
                yield from file.iter_batches(batch_size=BATCH, use_threads=False)
        return read()

    def _stream_parquet(self, path: Path, spans: list[tuple[int, int]], params: dict) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        writer = schema = None
        give_back()  # what the chunks left free, before the combine adds its own
        try:
            for a, b in spans:
                batches = self._batches(a, b, schema)
                if batches is None:  # not as analyse_chunk writes it: the part whole, typed
                    table = pa.Table.from_pandas(self._part(a, b), preserve_index=False)
                    batches = iter(table.cast(schema).to_batches() if schema is not None else table.to_batches())
                for batch in batches:
                    if writer is None:
                        # the study's parameters where pandas keeps ``df.attrs`` (as write_table does)
                        metadata = {**(batch.schema.metadata or {}),
                                    b"PANDAS_ATTRS": json.dumps({"study": params}).encode()}
                        schema = batch.schema.with_metadata(metadata)
                        writer = pq.ParquetWriter(path, schema, compression="snappy")
                    writer.write_batch(batch)
                    del batch
                    give_back()
        finally:
            if writer is not None:
                writer.close()

    def _stream_csv(self, path: Path, spans: list[tuple[int, int]]) -> None:
        with open(path, "w", newline="") as out:
            for i, (a, b) in enumerate(spans):
                batches = self._batches(a, b, None)
                if batches is None:
                    self._part(a, b).to_csv(out, index=False, header=i == 0)
                    continue
                for j, batch in enumerate(batches):
                    with_dtypes(batch.to_pandas()).to_csv(out, index=False, header=i == 0 and j == 0)


def give_back() -> None:
    """Hand memory freed since to the system: Arrow's allocator keeps the pages of the batches it
    held, glibc's heap those of the parts' footers and the encoders' buffers (malloc_trim, glibc
    only); otherwise each stays counted in the process's size."""
    import pyarrow as pa

    pa.default_memory_pool().release_unused()
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        return ctypes.CDLL("libc.so.6").malloc_trim  # glibc; musl has none
    except (OSError, AttributeError):
        return None


def missing(done: Sequence[tuple[int, int]], n: int) -> list[tuple[int, int]]:
    """The ranges of [0, n) no part covers (in time and memory by the parts, not by n)."""
    out: list[tuple[int, int]] = []
    i = 0
    for a, b in sorted(done):
        a, b = max(a, 0), min(b, n)
        if a > i:
            out.append((i, min(a, n)))
        i = max(i, b)
        if i >= n:
            break
    if i < n:
        out.append((i, n))
    return [(a, b) for a, b in out if a < b]


def finished(output: Path, study: Study) -> pd.DataFrame | None:
    """The existing output if it holds exactly this study, None if there is none; StudyError otherwise."""
    if not output.exists():
        return None
    df = read_table(output)
    present = {a for a, columns in MARKERS.items() if any(c in df.columns for c in columns)}
    same = (
        "packets" in df.columns and list(df["deal"]) == list(range(study.n))
        and set(df["dealer"]) == {study.dealer.name} and set(df["seed"]) == {study.seed}
        and set(df["packets"]) == {study.dealer.packets}
        and present == set(study.analyses)
        # Parquet keeps the full parameters (chain options included); CSV cannot
        and df.attrs.get("study", study.parameters()) == study.parameters()
    )
    if not same:
        raise StudyError(f"{str(output)!r} already holds another study; remove it or choose another output")
    return df
