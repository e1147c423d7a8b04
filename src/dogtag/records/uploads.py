"""Bounded uploads: every file the staff site accepts (evidence, photos, certificates, imports).

- **Size** (``DOGTAG_MAX_UPLOAD_MB``, default 50): ``BoundedUploadHandler`` stands first in
  ``FILE_UPLOAD_HANDLERS``. It compares the request's Content-Length with the limit before any
  byte is kept, and counts each file's bytes as they stream in; past the limit it passes nothing
  on, so the file is never held whole, in memory or on disk. The form's ``UploadField`` then
  shows "The file is 73.4 MB; the limit is 50 MB." and the view writes nothing.
- **Images**: ``image_problem`` opens the header only (Pillow's ``Image.open`` + ``verify``, no
  pixel is decoded) and refuses a decompression bomb: an image over Pillow's pixel limit
  (``Image.MAX_IMAGE_PIXELS``, about 89.5 megapixels), its warning treated as an error.
- **No file without its row**: ``files_removed_on_failure`` deletes the files a service stored
  if its transaction does not commit.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from typing import IO, Any

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.base import File
from django.core.files.storage import Storage
from django.core.files.uploadedfile import UploadedFile
from django.core.files.uploadhandler import FileUploadHandler
from django.db.models.fields.files import FieldFile
from django.utils.translation import gettext

MB = 1024 * 1024


def max_upload_bytes() -> int:
    return int(settings.DOGTAG_MAX_UPLOAD_MB * MB)


def megabytes(size: int) -> str:
    """73.4 MB; a whole number without its decimal (50 MB)."""
    value = size / MB
    return f"{value:,.0f} MB" if value == int(value) else f"{value:,.1f} MB"


def too_large(size: int) -> str:
    # gettext when the message is shown: in the resident's language on the residents' site.
    return gettext("The file is %(size)s; the limit is %(limit)s.") % {
        "size": megabytes(size),
        "limit": megabytes(max_upload_bytes()),
    }


class RefusedUpload(UploadedFile):
    """Stands in request.FILES for a file refused while it streamed in: its name, the bytes
    counted, the refusal; no content was kept."""

    def __init__(self, name: str, size: int, refusal: str) -> None:
        super().__init__(file=None, name=name, content_type=None, size=size)
        self.refusal = refusal

    def open(self, mode: str | None = None) -> RefusedUpload:
        raise ValueError(self.refusal)

    def chunks(self, chunk_size: int | None = None) -> Iterator[bytes]:
        raise ValueError(self.refusal)


class BoundedUploadHandler(FileUploadHandler):
    """First upload handler: refuses a file over ``DOGTAG_MAX_UPLOAD_MB`` while it streams in."""

    def handle_raw_input(
        self,
        input_data: Any,
        META: dict[str, Any],
        content_length: int,
        boundary: bytes,
        encoding: str | None = None,
    ) -> None:
        # Content-Length first: a body longer than the limit plus the most form text Django
        # accepts beside files (DATA_UPLOAD_MAX_MEMORY_SIZE) must carry a file over the limit,
        # so none of its bytes is kept at all.
        self.limit = max_upload_bytes()
        room = settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0
        self.body_too_long = bool(content_length) and content_length > self.limit + room

    def new_file(self, *args: Any, **kwargs: Any) -> None:
        super().new_file(*args, **kwargs)
        self.received = 0
        self.refusing = getattr(self, "body_too_long", False)
        if not hasattr(self, "limit"):  # handle_raw_input is skipped for non-multipart bodies
            self.limit = max_upload_bytes()

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes | None:
        self.received += len(raw_data)
        if self.received > self.limit:
            self.refusing = True
        # None stops the chain: the handlers after this one never see the refused bytes.
        return None if self.refusing else raw_data

    def file_complete(self, file_size: int) -> UploadedFile | None:
        if not self.refusing:
            return None  # the next handler (memory or temporary file) gives the file
        for handler in getattr(self.request, "upload_handlers", ()):
            partial = getattr(handler, "file", None)
            if handler is not self and partial is not None:
                partial.close()  # a temporary file is deleted on close
        return RefusedUpload(self.file_name or "upload", self.received, too_large(self.received))


class UploadField(forms.FileField):
    """A file field that shows why the upload handler refused the file."""

    def to_python(self, data: Any) -> Any:
        if isinstance(data, RefusedUpload):
            # said now, in the language of the page (the refusal was made as the file came in)
            raise ValidationError(too_large(int(data.size or 0)), code="too_large")
        return super().to_python(data)


def size_of(upload: IO[bytes] | File) -> int:
    """The size in bytes of an uploaded file or a binary stream, without reading it."""
    if isinstance(upload, File):
        return int(upload.size or 0)
    here = upload.tell()
    size = upload.seek(0, 2)
    upload.seek(here)
    return size


def check_size(upload: IO[bytes] | File) -> str | None:
    """What is wrong with the upload's size (empty, or over the limit), or None."""
    size = size_of(upload)
    if size == 0:
        return gettext("The file is empty.")
    if size > max_upload_bytes():
        return too_large(size)
    return None


_BOMB = re.compile(r"\((\d+) pixels\)")


def image_problem(upload: IO[bytes] | File, formats: Collection[str]) -> str | None:
    """What is wrong with an image upload, from its header only, or None. Pillow's decompression
    bomb check (over ``Image.MAX_IMAGE_PIXELS``) is an error here, not a warning."""
    from PIL import Image, UnidentifiedImageError

    names = gettext(" or ").join(sorted(formats))
    upload.seek(0)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(upload) as image:
                image.verify()  # checks the structure; decodes no pixel
                found = image.format
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        limit = gettext("%(count)s megapixels") % {
            "count": f"{(Image.MAX_IMAGE_PIXELS or 0) / 1e6:.1f}"
        }
        pixels = _BOMB.search(str(exc))
        size = (
            gettext("%(count)s megapixels") % {"count": f"{int(pixels.group(1)) / 1e6:,.1f}"}
            if pixels
            else gettext("too many pixels")
        )
        return gettext(
            "The image is %(size)s; the limit is %(limit)s. An image that large is refused: it "
            "could take gigabytes of memory to open (a decompression bomb)."
        ) % {"size": size, "limit": limit}
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError):
        return gettext("The file is not a readable %(formats)s image.") % {"formats": names}
    finally:
        upload.seek(0)
    if found not in formats:
        return gettext("The file is a %(found)s image; upload a %(formats)s image.") % {
            "found": found,
            "formats": names,
        }
    return None


@contextmanager
def files_removed_on_failure() -> Iterator[Callable[[FieldFile, str, IO[bytes] | File], None]]:
    """Yield ``keep(field_file, name, upload)``, which stores the upload in chunks (or moves its
    temporary file into place); every file kept is deleted again if the block fails. Enter it
    before ``transaction.atomic()``, so a failed commit is seen too."""
    kept: list[tuple[Storage, str]] = []

    def keep(field: FieldFile, name: str, upload: IO[bytes] | File) -> None:
        content = upload if isinstance(upload, File) else File(upload, name=name)
        content.seek(0)
        field.save(name, content, save=False)
        kept.append((field.storage, field.name or ""))

    try:
        yield keep
    except BaseException:
        for storage, name in kept:
            storage.delete(name)
        raise
