"""The office pages' shared pieces: the sign-in and permission guard every page wears, the form
action every posting page runs (one form, one service), the form base that gives each widget its
USWDS class, the "as of" date, and the checked photo upload."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import PurePath
from typing import Any, NamedTuple

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from dogtag.records.bounds import PlausibleDateField
from dogtag.records.errors import ServiceError
from dogtag.records.uploads import image_problem

VIEW_RECORDS = "records.view_records"

PHOTO_TYPES = (".jpg", ".jpeg", ".png")
PHOTO_FORMATS = {"JPEG", "PNG"}
PHOTO_MAX_BYTES = 5 * 1024 * 1024

View = Callable[..., HttpResponse]


def office_page(*permissions: str) -> Callable[[View], View]:
    """Sign-in first (anonymous visitors go to the sign-in page), then ``records.view_records``
    and the page's own permissions: 403 without them."""

    def decorate(view: View) -> View:
        guarded = permission_required((VIEW_RECORDS, *permissions), raise_exception=True)(view)
        return login_required(guarded)

    return decorate


class Done(NamedTuple):
    """What a form action did: the message the page shows next, and where it goes."""

    message: str
    to: str


def form_action(
    request: HttpRequest,
    *,
    valid: bool,
    act: Callable[[], Done],
    again: Callable[[ServiceError | None], HttpResponse],
) -> HttpResponse:
    """One form, one service. With ``valid`` input, ``act`` calls the service and says what was
    done: its message is shown at the address it names. Otherwise, for invalid input or a refusal
    (a ``ServiceError``: the service wrote nothing), ``again`` answers with the page and its form,
    told of the refusal (None for invalid input). Anything else is no refusal and propagates."""
    if valid:
        try:
            done = act()
        except ServiceError as refused:
            return again(refused)
        messages.success(request, done.message)
        return redirect(done.to)
    return again(None)


class AsOfForm(forms.Form):
    on = PlausibleDateField(
        label="As of",
        help_text="The day the list is counted from; today unless you choose another day.",
        widget=forms.DateInput(attrs={"type": "date", "class": "usa-input"}),
    )


class DeskForm(forms.Form):
    """Gives each widget its USWDS class."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for bound in self.visible_fields():
            widget = bound.field.widget
            if isinstance(widget, forms.RadioSelect):
                css = "usa-radio__input"
            elif isinstance(widget, forms.CheckboxInput):
                css = "usa-checkbox__input"
            elif isinstance(widget, forms.Select):
                css = "usa-select"
            elif isinstance(widget, forms.Textarea):
                css = "usa-textarea"
            elif isinstance(widget, forms.FileInput):
                css = "dogtag-file-input"
            else:
                css = "usa-input"
            extra = widget.attrs.get("class", "")
            widget.attrs["class"] = f"{css} {extra}".strip()

    def apply(self, error: ValidationError) -> None:
        """Put a model's validation errors on the fields they name (the rest on the form)."""
        if hasattr(error, "error_dict"):
            for name, messages in error.message_dict.items():
                self.add_error(name if name in self.fields else None, messages)
        else:
            self.add_error(None, error.messages)


def checked_photo(upload: Any) -> Any:
    """A JPEG or PNG of at most 5 MB that really is an image (read by Pillow, not trusted by name)
    and not a decompression bomb (``records.uploads.image_problem``: header only, no decoding)."""
    if not upload:
        return upload
    if PurePath(upload.name).suffix.lower() not in PHOTO_TYPES:
        raise ValidationError("Upload the photo as a JPEG or PNG file.")
    if upload.size > PHOTO_MAX_BYTES:
        raise ValidationError("The photo is larger than 5 MB.")
    if problem := image_problem(upload, PHOTO_FORMATS):
        raise ValidationError(problem)
    return upload
