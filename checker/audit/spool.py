"""What an audit keeps that grows with its input — findings, rejections, read warnings — held
in memory up to a bound and past it on disk, and read back in the reports' order.

A million hands may carry a million warnings (HandHQ's PHH states no payouts) or tens of
thousands of findings; kept as objects they would grow the audit's memory without bound
(docs/performance.md, "Memory"). A `Spool` keeps up to `SPOOL_ITEMS` items in memory; past
that it sorts them and writes them as one run to an anonymous temporary file. `in_order()`
merges the runs and what is still in memory (`heapq.merge`), a chunk of each run in memory at
a time. Equal items keep the order they were added in (sorting and merging are both stable), so
the order is the one a stable sort of everything added would give: the same for one process,
many, or a cluster.
"""

import heapq
import pickle
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import IO, Any, Generic, Protocol, TypeVar

T = TypeVar("T")
T_contra = TypeVar("T_contra", contravariant=True)

# Items kept in memory before a run goes to disk: a finding is about 1 KB, a warning 330 bytes.
SPOOL_ITEMS = 16_384
# Items per pickle within a run: what a run's reader holds at a time.
_CHUNK = 512


class Sink(Protocol[T_contra]):
    """Where a judge puts what it finds: a Spool, or a list."""

    def append(self, item: T_contra, /) -> None: ...


class Spool(Generic[T]):
    """Items of one kind, to be read back ordered by `key` (a module-level function, so that a
    spool pickles). Pickled, a spool carries its items in-band (a worker's part goes back to
    the parent, maybe on another machine), in order; the receiving side spools them again."""

    __slots__ = ("_file", "_memory", "_runs", "_spilled", "key", "limit")

    def __init__(self, key: Callable[[T], Any], items: Iterable[T] = (),
                 limit: int | None = None) -> None:
        self.key = key
        self.limit = SPOOL_ITEMS if limit is None else max(1, limit)
        self._memory: list[T] = []
        self._file: IO[bytes] | None = None
        # Each run on disk: where it starts and how many chunks it has.
        self._runs: list[tuple[int, int]] = []
        self._spilled = 0
        self.extend(items)

    def append(self, item: T) -> None:
        self._memory.append(item)
        if len(self._memory) >= self.limit:
            self._spill()

    def extend(self, items: Iterable[T]) -> None:
        """`append` of each item, a run spilled each time `limit` are held, as `append` does,
        without a call per item (a worker's part brings the parent some thousand)."""
        pending = iter(items)
        memory = self._memory
        while True:
            memory.extend(islice(pending, self.limit - len(memory)))
            if len(memory) < self.limit:
                return
            self._spill()
            memory = self._memory

    def __iadd__(self, other: "Spool[T]") -> "Spool[T]":
        """Add everything of `other` (the partial of later files), in its order."""
        self.extend(other.in_order())
        return self

    def __len__(self) -> int:
        return self._spilled + len(self._memory)

    @property
    def in_memory(self) -> int:
        """Items held as objects (fewer than `limit`)."""
        return len(self._memory)

    @property
    def on_disk(self) -> int:
        return self._spilled

    def __bool__(self) -> bool:
        return len(self) > 0

    def __iter__(self) -> Iterator[T]:
        """Every item, in the reports' order."""
        return self.in_order()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Spool | list):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, as a list

    def __repr__(self) -> str:
        return f"Spool({len(self)} items, {len(self._runs)} runs on disk)"

    def in_order(self) -> Iterator[T]:
        """Every item ordered by `key`, equal ones in the order they were added."""
        memory = sorted(self._memory, key=self.key)
        if not self._runs:
            return iter(memory)
        runs = [self._read_run(start, chunks) for start, chunks in self._runs]
        return heapq.merge(*runs, memory, key=self.key)

    def _spill(self) -> None:
        if self._file is None:
            import tempfile  # only runs that spill pay for it

            self._file = tempfile.TemporaryFile()  # noqa: SIM115  (closed with the spool)
        run = sorted(self._memory, key=self.key)
        file = self._file
        file.seek(0, 2)
        start, chunks = file.tell(), 0
        items = iter(run)
        while chunk := list(islice(items, _CHUNK)):
            pickle.dump(chunk, file, pickle.HIGHEST_PROTOCOL)
            chunks += 1
        self._runs.append((start, chunks))
        self._spilled += len(run)
        self._memory = []

    def _read_run(self, start: int, chunks: int) -> Iterator[T]:
        file = self._file
        assert file is not None
        at = start
        for _ in range(chunks):
            file.seek(at)  # the runs are read in turns, each from where it was left
            chunk: list[T] = pickle.load(file)
            at = file.tell()
            yield from chunk

    def __getstate__(self) -> tuple[Callable[[T], Any], int, list[T]]:
        return self.key, self.limit, list(self.in_order())

    def __setstate__(self, state: tuple[Callable[[T], Any], int, list[T]]) -> None:
        key, limit, items = state
        self.__init__(key, items, limit)  # type: ignore[misc]

    def __del__(self) -> None:
        file = getattr(self, "_file", None)  # (None too if __init__ never ran)
        if file is not None:
            file.close()
