"""The backup archive: one tar.gz of the database, the uploaded files, the parameter files and
a manifest of every member's size and SHA-256 (no Django here).

Layout::

    database/dogtag.sqlite3  or  database/dogtag.pgdump   the database snapshot
    media/<path>                                           MEDIA_ROOT's files
    params/<path>                                          the parameter files in force
    manifest.json                                          last, once every checksum is known

Reading is strict, because an archive is restored into a city's records: only regular files
under those three folders plus the manifest, no links, no absolute or ``..`` paths, no duplicates,
and every member listed in the manifest with its size and checksum, and nothing unlisted.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import tarfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any, BinaryIO

FORMAT = "dogtag-backup"
FORMAT_VERSION = 1
MANIFEST = "manifest.json"
DATABASE_MEMBERS = {"sqlite": "database/dogtag.sqlite3", "postgresql": "database/dogtag.pgdump"}
FOLDERS = ("media", "params")
# A manifest lists members and table counts; anything near this size is not one of ours.
MANIFEST_MAX_BYTES = 10 * 1024 * 1024
CHUNK = 1024 * 1024


class BackupError(Exception):
    """A backup or restore that cannot go on; printed as ``dogtag: error: ...`` (exit 2)."""


class ArchiveError(BackupError):
    """The archive cannot be trusted; the message says why, in terms a clerk can act on."""


@dataclass(frozen=True)
class Member:
    path: str  # the name inside the archive, e.g. "media/evidence/2026/yard.wav"
    size: int
    sha256: str

    def to_json(self) -> dict[str, Any]:
        return {"size": self.size, "sha256": self.sha256}


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def files_under(root: Path) -> Iterator[tuple[str, Path]]:
    """(relative POSIX path, path) of every regular file under ``root``, sorted; links are
    not followed, so a backup never reaches outside the folder."""
    if not root.is_dir():
        return
    found: list[tuple[str, Path]] = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        for name in filenames:
            path = Path(dirpath) / name
            if path.is_file() and not path.is_symlink():
                found.append((path.relative_to(root).as_posix(), path))
    # sorted by the whole relative path: a folder's files and its subfolders' interleave by name
    # (a package's ordinance/ between its other files), as the manifest lists them
    yield from sorted(found)


class _HashingReader(io.RawIOBase):
    """Reads a file into the tar while hashing exactly the bytes written."""

    def __init__(self, handle: BinaryIO) -> None:
        self.handle = handle
        self.digest = hashlib.sha256()
        self.size = 0

    def readable(self) -> bool:
        return True

    def read(self, n: int = -1) -> bytes:
        data = self.handle.read(n)
        self.digest.update(data)
        self.size += len(data)
        return data


class Writer:
    """Adds members to a tar.gz and remembers their sizes and checksums for the manifest."""

    def __init__(self, fileobj: BinaryIO) -> None:
        # Closed by close(), after the manifest, which must come last.
        self.tar = tarfile.open(fileobj=fileobj, mode="w:gz", format=tarfile.PAX_FORMAT)  # noqa: SIM115
        self.members: dict[str, Member] = {}

    def add_file(self, name: str, path: Path) -> Member:
        check_name(name)
        with path.open("rb") as handle:
            info = tarfile.TarInfo(name)
            info.size = os.fstat(handle.fileno()).st_size
            info.mode = 0o600
            info.mtime = int(os.fstat(handle.fileno()).st_mtime)
            reader = _HashingReader(handle)
            self.tar.addfile(info, reader)
        member = Member(name, reader.size, reader.digest.hexdigest())
        self.members[name] = member
        return member

    def add_manifest(self, manifest: dict[str, Any], mtime: float) -> None:
        data = json.dumps(manifest, indent=2, ensure_ascii=False).encode()
        info = tarfile.TarInfo(MANIFEST)
        info.size = len(data)
        info.mode = 0o600
        info.mtime = int(mtime)
        self.tar.addfile(info, io.BytesIO(data))

    def close(self) -> None:
        self.tar.close()


def check_name(name: str) -> None:
    """Refuse any member name but the manifest, a database file, or a plain relative path under
    media/ or params/ (no absolute path, no ``..``, no empty or ``.`` part, no backslash)."""
    if name == MANIFEST or name in DATABASE_MEMBERS.values():
        return
    parts = PurePosixPath(name).parts
    if (
        len(parts) < 2
        or parts[0] not in FOLDERS
        or name.startswith("/")
        or "\\" in name
        or "\x00" in name
        or any(p in ("", ".", "..") for p in name.split("/"))
    ):
        raise ArchiveError(f"the archive holds an unexpected member {name!r}")


@dataclass(frozen=True)
class Unpacked:
    """A verified archive unpacked into a staging folder: its manifest and where each member is."""

    manifest: dict[str, Any]
    root: Path

    def path(self, name: str) -> Path:
        return self.root / name

    def folder(self, folder: str) -> dict[str, Member]:
        """The members under ``folder`` by their path relative to it."""
        return {
            name[len(folder) + 1 :]: Member(name, m["size"], m["sha256"])
            for name, m in self.manifest["members"].items()
            if name.startswith(folder + "/")
        }

    @property
    def engine(self) -> str:
        return str(self.manifest["database"]["engine"])


def unpack(archive: Path, staging: Path) -> Unpacked:
    """Unpack ``archive`` into the empty folder ``staging``, checking everything on the way;
    raise ArchiveError at the first thing wrong. Only ``staging`` is written."""
    seen: dict[str, Member] = {}
    manifest_bytes: bytes | None = None
    try:
        with tarfile.open(archive, mode="r:gz") as tar:
            for info in tar:
                name = info.name
                check_name(name)
                if not info.isreg():
                    raise ArchiveError(
                        f"the member {name!r} is not a plain file (a link or device)"
                    )
                if name in seen or (name == MANIFEST and manifest_bytes is not None):
                    raise ArchiveError(f"the member {name!r} appears twice")
                source = tar.extractfile(info)
                assert source is not None
                if name == MANIFEST:
                    if info.size > MANIFEST_MAX_BYTES:
                        raise ArchiveError("the manifest is implausibly large")
                    manifest_bytes = source.read()
                    continue
                target = staging / name
                target.parent.mkdir(parents=True, exist_ok=True)
                digest = hashlib.sha256()
                size = 0
                with target.open("xb") as out:
                    while chunk := source.read(CHUNK):
                        digest.update(chunk)
                        size += len(chunk)
                        out.write(chunk)
                seen[name] = Member(name, size, digest.hexdigest())
    except FileNotFoundError:
        raise ArchiveError(f"there is no file {archive}") from None
    except (EOFError, zlib.error, gzip.BadGzipFile) as exc:
        raise ArchiveError(f"the archive is damaged or cut short ({exc})") from None
    except tarfile.TarError as exc:
        raise ArchiveError(f"the archive is damaged or not a Dogtag backup ({exc})") from None
    except OSError as exc:  # e.g. a file and a folder of the same name; or the disk is full
        raise ArchiveError(f"the archive cannot be unpacked ({exc})") from None
    if manifest_bytes is None:
        raise ArchiveError(f"the archive has no {MANIFEST}: it is not a complete Dogtag backup")
    manifest = parse_manifest(manifest_bytes)
    listed: dict[str, dict[str, Any]] = manifest["members"]
    for name, expected in listed.items():
        got = seen.get(name)
        if got is None:
            raise ArchiveError(f"the member {name!r} listed in the manifest is missing")
        if got.size != expected["size"]:
            raise ArchiveError(
                f"the member {name!r} has {got.size} bytes; the manifest says {expected['size']}"
            )
        if got.sha256 != expected["sha256"]:
            raise ArchiveError(f"the member {name!r} does not match its checksum in the manifest")
    if extra := sorted(set(seen) - set(listed)):
        raise ArchiveError(f"the member {extra[0]!r} is not listed in the manifest")
    return Unpacked(manifest, staging)


def parse_manifest(data: bytes) -> dict[str, Any]:
    """The manifest, checked for the shape restore relies on."""
    try:
        manifest = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ArchiveError(f"the manifest is not valid JSON ({exc})") from None

    def need(ok: bool, what: str) -> None:
        if not ok:
            raise ArchiveError(f"the manifest is malformed: {what}")

    need(isinstance(manifest, dict), "it is not an object")
    need(manifest.get("format") == FORMAT, f"format is not {FORMAT!r}")
    version = manifest.get("format_version")
    if version != FORMAT_VERSION:
        raise ArchiveError(
            f"the archive's format version is {version!r}; this Dogtag reads version "
            f"{FORMAT_VERSION}"
        )
    database = manifest.get("database")
    need(isinstance(database, dict), "no database section")
    need(database.get("engine") in DATABASE_MEMBERS, "unknown database engine")
    members = manifest.get("members")
    need(isinstance(members, dict), "no list of members")
    need(DATABASE_MEMBERS[database["engine"]] in members, "the database is not listed")
    need(
        not any(m in members for e, m in DATABASE_MEMBERS.items() if e != database["engine"]),
        "it lists a database of another engine",
    )
    for name, m in members.items():
        check_name(name)
        need(name != MANIFEST, "it lists itself")
        need(
            isinstance(m, dict)
            and isinstance(m.get("size"), int)
            and m["size"] >= 0
            and isinstance(m.get("sha256"), str)
            and len(m["sha256"]) == 64,
            f"member {name!r} has no size or checksum",
        )
    tables = manifest.get("tables")
    need(
        isinstance(tables, dict)
        and all(isinstance(k, str) and isinstance(v, int) for k, v in tables.items()),
        "no row count per table",
    )
    migrations = manifest.get("migrations")
    need(
        isinstance(migrations, list) and all(isinstance(m, str) for m in migrations),
        "no list of applied migrations",
    )
    checked: dict[str, Any] = manifest
    return checked
