"""The archive reader on its own (no database): what it refuses, in-process and fast."""

from __future__ import annotations

from pathlib import Path

import pytest

from dogtag.backup.archive import ArchiveError, Writer, check_name, unpack
from tests.backup import damage


def small_archive(path: Path, tmp_path: Path) -> Path:
    """A tiny well-formed archive: a database member, one upload, the manifest."""
    db = tmp_path / "db"
    db.write_bytes(b"SQLite format 3\x00" + bytes(100))
    upload = tmp_path / "photo.jpg"
    upload.write_bytes(b"\xff\xd8 a dog")
    with path.open("wb") as handle:
        writer = Writer(handle)
        writer.add_file("database/dogtag.sqlite3", db)
        writer.add_file("media/dogs/photo.jpg", upload)
        manifest = {
            "format": "dogtag-backup",
            "format_version": 1,
            "database": {"engine": "sqlite"},
            "migrations": ["licensing.0001_initial"],
            "tables": {"licensing_dog": 0},
            "members": {m.path: m.to_json() for m in writer.members.values()},
        }
        writer.add_manifest(manifest, 0)
        writer.close()
    return path


def test_good_archive_unpacks_with_its_checksums(tmp_path: Path) -> None:
    # given a well-formed archive
    archive = small_archive(tmp_path / "a.tar.gz", tmp_path)
    # when it is unpacked into an empty staging folder
    staging = tmp_path / "staging"
    staging.mkdir()
    unpacked = unpack(archive, staging)
    # then every member is there, byte for byte
    assert (staging / "media/dogs/photo.jpg").read_bytes() == b"\xff\xd8 a dog"
    assert list(unpacked.folder("media")) == ["dogs/photo.jpg"]
    assert unpacked.engine == "sqlite"


@pytest.mark.parametrize(
    "edit, problem",
    [
        (
            damage.drop_manifest,
            "the archive has no manifest.json: it is not a complete Dogtag backup",
        ),
        (damage.absolute_path, "the archive holds an unexpected member '/tmp/dogtag-escaped.txt'"),
        (damage.unlisted_member, "the member 'media/unlisted.txt' is not listed in the manifest"),
    ],
    ids=["no manifest", "absolute path", "unlisted member"],
)
def test_bad_archive_is_refused_and_only_staging_written(
    tmp_path: Path, edit, problem: str
) -> None:
    # given a damaged archive
    archive = damage.repack(edit)(
        small_archive(tmp_path / "a.tar.gz", tmp_path), tmp_path / "b.tar.gz"
    )
    staging = tmp_path / "staging"
    staging.mkdir()
    # when it is unpacked, then it is refused with the reason
    with pytest.raises(ArchiveError) as refused:
        unpack(archive, staging)
    assert str(refused.value) == problem
    assert not Path("/tmp/dogtag-escaped.txt").exists()


def test_duplicate_member_is_refused(tmp_path: Path) -> None:
    # given an archive where a member appears twice (the second could replace the first)
    members = damage.read_members(small_archive(tmp_path / "a.tar.gz", tmp_path))
    members.insert(2, members[1])
    archive = damage.write_members(members, tmp_path / "b.tar.gz")
    (tmp_path / "staging").mkdir()
    # then unpacking refuses it
    with pytest.raises(ArchiveError, match=r"^the member 'media/dogs/photo.jpg' appears twice$"):
        unpack(archive, tmp_path / "staging")


def test_manifest_that_is_not_json_is_refused(tmp_path: Path) -> None:
    # given an archive whose manifest is not JSON
    members = damage.read_members(small_archive(tmp_path / "a.tar.gz", tmp_path))
    members[-1] = (members[-1][0], b"{not json")
    archive = damage.write_members(members, tmp_path / "b.tar.gz")
    (tmp_path / "staging").mkdir()
    with pytest.raises(ArchiveError, match=r"^the manifest is not valid JSON"):
        unpack(archive, tmp_path / "staging")


@pytest.mark.parametrize(
    "name",
    [
        "media",
        "media/",
        "media/./a",
        "media//a",
        "media/a/../../b",
        "params\\..\\x",
        "other/a",
        "database/x",
    ],
)
def test_names_outside_the_layout_are_refused(name: str) -> None:
    with pytest.raises(ArchiveError):
        check_name(name)


def test_names_inside_the_layout_are_accepted() -> None:
    for name in [
        "manifest.json",
        "database/dogtag.pgdump",
        "media/dogs/ö photo.jpg",
        "params/nowthen/fees.yaml",
    ]:
        check_name(name)


def test_not_an_archive_is_refused(tmp_path: Path) -> None:
    junk = tmp_path / "junk.tar.gz"
    junk.write_bytes(b"this is not a gzip file")
    (tmp_path / "staging").mkdir()
    with pytest.raises(ArchiveError, match=r"^the archive is damaged"):
        unpack(junk, tmp_path / "staging")
