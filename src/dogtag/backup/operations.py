"""The two commands: write a backup archive, and restore one into an empty database.

Both run with Django's settings loaded (the database, MEDIA_ROOT, DOGTAG_VAR_DIR) but write no
record through the ORM: a restore puts back the records exactly as they were, so no service,
rule or Decision is involved — it is the database's own copy coming home.
"""

from __future__ import annotations

import datetime as dt
import os
import shutil
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO
from zoneinfo import ZoneInfo

from django.conf import settings

import dogtag
from dogtag.backup.archive import (
    DATABASE_MEMBERS,
    FORMAT,
    FORMAT_VERSION,
    BackupError,
    Member,
    Unpacked,
    Writer,
    files_under,
    sha256_of,
    unpack,
)
from dogtag.backup.database import Database
from dogtag.law import params

CITY_TIME_ZONE = ZoneInfo("America/Chicago")


class RestoreRefused(BackupError):
    """The target is not one a backup may be restored into; nothing was written."""


@dataclass(frozen=True)
class Site:
    """Where a site keeps what a backup holds: by default, what the settings say."""

    database: Database
    media_root: Path
    var_dir: Path
    params_root: Path  # the parameter files in force
    jurisdiction: str

    @classmethod
    def from_settings(cls) -> Site:
        return cls(
            database=Database.from_settings(settings.DATABASES["default"]),
            media_root=Path(settings.MEDIA_ROOT),
            var_dir=Path(settings.VAR_DIR),
            params_root=Path(os.environ.get("DOGTAG_PARAMS_DIR") or params.DEFAULT_ROOT),
            jurisdiction=os.environ.get("DOGTAG_JURISDICTION") or params.DEFAULT_JURISDICTION,
        )


def default_output() -> Path:
    return Path(settings.VAR_DIR) / "backups"


def backup(
    output: Path, out: TextIO, now: dt.datetime | None = None, site: Site | None = None
) -> Path:
    """Write ``dogtag-backup-<date>T<time>.tar.gz`` into ``output`` (mode 0600, written under a
    temporary name and renamed, so a half-written archive never carries the final name)."""
    now = (now or dt.datetime.now(CITY_TIME_ZONE)).astimezone(CITY_TIME_ZONE)
    site = site or Site.from_settings()
    database, media_root, params_root = site.database, site.media_root, site.params_root
    if output.resolve().is_relative_to(media_root.resolve()):
        raise BackupError(
            f"the output folder {output} is inside MEDIA_ROOT ({media_root}): every backup would "
            f"hold the ones before it. Choose another folder."
        )
    output.mkdir(parents=True, exist_ok=True, mode=0o700)
    final = output / f"dogtag-backup-{now:%Y-%m-%dT%H%M%S}.tar.gz"
    if final.exists():
        raise BackupError(f"{final} already exists; not overwriting it")
    fd, partial_name = tempfile.mkstemp(dir=output, prefix=".dogtag-backup-", suffix=".partial")
    partial = Path(partial_name)  # mkstemp creates it 0600: the archive holds private data
    try:
        with (
            os.fdopen(fd, "wb") as handle,
            tempfile.TemporaryDirectory(dir=output, prefix=".dogtag-backup-") as work,
        ):
            member = DATABASE_MEMBERS[database.engine]
            dump = Path(work) / Path(member).name
            snapshot = database.snapshot(dump)
            writer = Writer(handle)
            writer.add_file(member, dump)
            media = [writer.add_file(f"media/{rel}", p) for rel, p in files_under(media_root)]
            param_files = [
                writer.add_file(f"params/{rel}", p) for rel, p in files_under(params_root)
            ]
            manifest = {
                "format": FORMAT,
                "format_version": FORMAT_VERSION,
                "dogtag_version": dogtag.__version__,
                "created_at": now.isoformat(timespec="seconds"),
                "database": {"engine": database.engine, "member": member, **snapshot.details},
                "media_root": str(media_root),
                "params_dir": str(params_root),
                "jurisdiction": site.jurisdiction,
                "migrations": snapshot.migrations,
                "tables": snapshot.tables,
                "members": {m.path: m.to_json() for m in writer.members.values()},
            }
            writer.add_manifest(manifest, now.timestamp())
            writer.close()
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.link(partial, final)  # unlike a rename, never replaces an archive of that name
        except FileExistsError:
            raise BackupError(f"{final} already exists; not overwriting it") from None
        except OSError:  # a file system without hard links: the check above must do
            os.replace(partial, final)
        _fsync_dir(output)
    finally:
        partial.unlink(missing_ok=True)
    rows = sum(snapshot.tables.values())
    out.write(
        f"Backup written: {final} ({final.stat().st_size:,} bytes, private: mode 0600)\n"
        f"  database: {database.describe()}, {len(snapshot.tables)} tables, {rows:,} rows\n"
        f"  uploaded files: {len(media)} from {media_root}\n"
        f"  parameter files: {len(param_files)} from {params_root}\n"
    )
    return final


@dataclass(frozen=True)
class _Plan:
    """What a restore will write, decided before anything is written."""

    media: list[tuple[Member, Path]]  # (member, destination) for files not already there
    media_present: int
    params_to: Path | None  # where the parameter files go, None if those in force are the same
    params_written: bool  # False when params_to already holds the same files


def restore(archive: Path, out: TextIO, site: Site | None = None) -> None:
    """Verify ``archive`` whole, check the target, then restore the database, the uploaded
    files and (if they differ from those in force) the parameter files; finally compare the
    row counts with the manifest. Any refusal comes before the first write."""
    site = site or Site.from_settings()
    database = site.database
    site.var_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=site.var_dir, prefix=".dogtag-restore-") as staging:
        try:
            unpacked = unpack(archive, Path(staging))
        except BackupError as exc:
            raise BackupError(f"cannot restore {archive}: {exc}. Nothing was written.") from None
        plan = _check_target(unpacked, site)
        database.load(
            unpacked.path(DATABASE_MEMBERS[unpacked.engine]), unpacked.manifest["database"]
        )
        for member, dest in plan.media:
            _place(unpacked.path(member.path), dest)
        if plan.params_to is not None and plan.params_written:
            for rel, member in unpacked.folder("params").items():
                _place(unpacked.path(member.path), plan.params_to / rel)
    _report(unpacked.manifest, site, plan, out)


def _check_target(unpacked: Unpacked, site: Site) -> _Plan:
    manifest, database = unpacked.manifest, site.database
    if unpacked.engine != database.engine:
        names = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}
        raise RestoreRefused(
            f"the archive holds a {names[unpacked.engine]} database but DATABASE_URL names a "
            f"{names[database.engine]} database ({database.describe()}): restore into an empty "
            f"{names[unpacked.engine]} database. Nothing was written."
        )
    if filled := database.data_rows():
        listed = ", ".join(f"{t} ({n} rows)" for t, n in sorted(filled.items())[:5])
        raise RestoreRefused(
            f"the target {database.describe()} is not empty: {listed}"
            f"{f' and {len(filled) - 5} more tables' if len(filled) > 5 else ''}. Restore only "
            f"into a new, empty database. "
            f"Nothing was written."
        )
    if database.engine == "postgresql":
        # pg_restore replaces the tables the dump has; tables of later migrations would remain.
        newer = set(database.applied_migrations()) - set(manifest["migrations"])
        if newer:
            first = sorted(newer)[0]
            raise RestoreRefused(
                f"the target {database.describe()} has migrations the archive lacks (e.g. "
                f"{first}): restore into a database that was never migrated, then run "
                f"`dogtag manage migrate`. Nothing was written."
            )
    media_root = site.media_root
    media: list[tuple[Member, Path]] = []
    present = 0
    for rel, member in unpacked.folder("media").items():
        dest = media_root / rel
        if not dest.exists() and not dest.is_symlink():
            media.append((member, dest))
        elif dest.is_file() and not dest.is_symlink() and sha256_of(dest) == member.sha256:
            present += 1
        else:
            raise RestoreRefused(
                f"{dest} exists and differs from the archive's copy: move it aside, or restore "
                f"into an empty MEDIA_ROOT. Nothing was written."
            )
    archived = {rel: m.sha256 for rel, m in unpacked.folder("params").items()}
    params_root = site.params_root
    if _checksums(params_root) == archived:
        return _Plan(media, present, None, False)
    params_to = site.var_dir / "params"
    if params_to.exists():
        if _checksums(params_to) == archived:
            return _Plan(media, present, params_to, False)
        raise RestoreRefused(
            f"the archive's parameter files differ from those in force ({params_root}) and "
            f"{params_to} already holds other files: move it aside. Nothing was written."
        )
    return _Plan(media, present, params_to, True)


def _checksums(root: Path) -> dict[str, str]:
    return {rel: sha256_of(path) for rel, path in files_under(root)}


def _place(source: Path, dest: Path) -> None:
    """Copy under a temporary name beside ``dest``, then rename: no half-written file."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd, partial = tempfile.mkstemp(dir=dest.parent, prefix=".restoring-")
    os.close(fd)
    try:
        shutil.copyfile(source, partial)
        os.chmod(partial, 0o644 & ~_umask())
        os.replace(partial, dest)
    except BaseException:
        Path(partial).unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _report(manifest: Mapping[str, Any], site: Site, plan: _Plan, out: TextIO) -> None:
    database = site.database
    expected: dict[str, int] = manifest["tables"]
    counts = database.row_counts()
    wrong = {t: (n, counts.get(t)) for t, n in expected.items() if counts.get(t) != n}
    if wrong:
        table, (n, got) = sorted(wrong.items())[0]
        raise BackupError(
            f"the database was restored but {len(wrong)} table(s) differ from the manifest, e.g. "
            f"{table}: {got} rows, the archive had {n}. Do not use it; restore again into a new "
            f"empty database."
        )
    out.write(
        f"Restored the backup of {manifest['created_at']} (Dogtag {manifest['dogtag_version']}).\n"
        f"  database: {database.describe()}, {len(expected)} tables, "
        f"{sum(expected.values()):,} rows, every table's count as in the manifest\n"
        f"  uploaded files: {len(plan.media)} written to {site.media_root}"
        f"{f', {plan.media_present} already there and identical' if plan.media_present else ''}\n"
    )
    if plan.params_to is None:
        out.write("  parameter files: the same as those in force; nothing to restore\n")
    else:
        out.write(
            f"  parameter files: they differ from those in force, so they are in "
            f"{plan.params_to}{'' if plan.params_written else ' (already there)'}; to use "
            f"them, set DOGTAG_PARAMS_DIR={plan.params_to}\n"
        )
    out.write("Next: `dogtag manage migrate` if this Dogtag is newer than the backup's.\n")
