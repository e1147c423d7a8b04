"""Image files for upload tests: a real small photo, and a decompression bomb (a PNG of a few
kilobytes that would take gigabytes to open)."""

from __future__ import annotations

import functools
import io
import struct
import zlib


def jpeg(width: int = 40, height: int = 30) -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (120, 90, 60)).save(buffer, format="JPEG")
    return buffer.getvalue()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


@functools.cache
def png_bomb(width: int = 20_000, height: int = 20_000) -> bytes:
    """A valid black-and-white PNG of ``width`` x ``height``, every pixel black: 1 bit a pixel
    compresses to almost nothing, yet Pillow would allocate a byte a pixel to decode it."""
    row = b"\x00" + bytes((width + 7) // 8)  # filter type 0, then the row's bits
    packer = zlib.compressobj(9)
    data = b"".join(packer.compress(row) for _ in range(height)) + packer.flush()
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)  # 1-bit greyscale
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", data)
        + _chunk(b"IEND", b"")
    )
