"""Ways to damage a backup archive, each producing a new file beside the original."""

from __future__ import annotations

import hashlib
import io
import json
import tarfile
from collections.abc import Callable
from pathlib import Path

Members = list[tuple[tarfile.TarInfo, bytes]]


def read_members(archive: Path) -> Members:
    with tarfile.open(archive) as tar:
        return [(info, tar.extractfile(info).read()) for info in tar]  # type: ignore[union-attr]


def write_members(members: Members, dest: Path) -> Path:
    with tarfile.open(dest, "w:gz", format=tarfile.PAX_FORMAT) as tar:
        for info, data in members:
            if info.isreg():
                info.size = len(data)
                tar.addfile(info, io.BytesIO(data))
            else:
                tar.addfile(info)
    return dest


def repack(edit: Callable[[Members], Members]) -> Callable[[Path, Path], Path]:
    def damage(archive: Path, dest: Path) -> Path:
        return write_members(edit(read_members(archive)), dest)

    return damage


def first(members: Members, prefix: str) -> int:
    return next(i for i, (info, _) in enumerate(members) if info.name.startswith(prefix))


def flip_member_byte(members: Members) -> Members:
    i = first(members, "media/evidence/")
    info, data = members[i]
    middle = len(data) // 2
    members[i] = (info, data[:middle] + bytes([data[middle] ^ 0x01]) + data[middle + 1 :])
    return members


def drop_fee_file(members: Members) -> Members:
    return [(i, d) for i, d in members if i.name != "params/nowthen/fees.yaml"]


def drop_manifest(members: Members) -> Members:
    return [(i, d) for i, d in members if i.name != "manifest.json"]


def _edit_manifest(members: Members, edit: Callable[[dict], None]) -> Members:
    i = first(members, "manifest.json")
    info, data = members[i]
    manifest = json.loads(data)
    edit(manifest)
    members[i] = (info, json.dumps(manifest).encode())
    return members


def wrong_database_checksum(members: Members) -> Members:
    def edit(manifest: dict) -> None:
        manifest["members"]["database/dogtag.sqlite3"]["sha256"] = "0" * 64

    return _edit_manifest(members, edit)


def _add_listed(members: Members, name: str, data: bytes) -> Members:
    """Add a member and list it in the manifest with its true size and checksum, so that only
    its name is wrong."""
    info = tarfile.TarInfo(name)
    members.insert(1, (info, data))

    def edit(manifest: dict) -> None:
        manifest["members"][name] = {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}

    return _edit_manifest(members, edit)


def path_traversal(members: Members) -> Members:
    return _add_listed(members, "media/../../escaped.txt", b"outside MEDIA_ROOT\n")


def absolute_path(members: Members) -> Members:
    return _add_listed(members, "/tmp/dogtag-escaped.txt", b"outside MEDIA_ROOT\n")


def symbolic_link(members: Members) -> Members:
    info = tarfile.TarInfo("media/dogs/passwd")
    info.type = tarfile.SYMTYPE
    info.linkname = "/etc/passwd"
    members.insert(1, (info, b""))
    return members


def unlisted_member(members: Members) -> Members:
    members.insert(1, (tarfile.TarInfo("media/unlisted.txt"), b"not in the manifest\n"))
    return members


def truncate(archive: Path, dest: Path) -> Path:
    data = archive.read_bytes()
    dest.write_bytes(data[: len(data) // 2])
    return dest


def flip_compressed_byte(archive: Path, dest: Path) -> Path:
    data = bytearray(archive.read_bytes())
    data[len(data) // 3] ^= 0xFF
    dest.write_bytes(bytes(data))
    return dest
