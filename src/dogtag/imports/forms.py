"""The import page's form: the legacy file, an optional mapping, and whether to only check it."""

from __future__ import annotations

from typing import Any

from django import forms

from dogtag.imports.layout import ColumnMapping, LayoutError, load_mapping
from dogtag.records.uploads import UploadField


class LegacyFileForm(forms.Form):
    legacy_file = UploadField(
        label="Legacy file (CSV)",
        help_text=(
            "One row a license, with its owner, dog and rabies vaccination, in the layout of "
            "the import guide; UTF-8 text."
        ),
        widget=forms.ClearableFileInput(
            attrs={"class": "usa-file-input", "accept": ".csv,text/csv"}
        ),
    )
    mapping_file = UploadField(
        label="Mapping file (TOML or JSON)",
        required=False,
        help_text="Names the file's own columns and date format, when they are not Dogtag's.",
        widget=forms.ClearableFileInput(
            attrs={"class": "usa-file-input", "accept": ".toml,.json,application/json"}
        ),
    )
    mode = forms.ChoiceField(
        label="What to do",
        choices=[
            ("dry_run", "Check only (dry run): report every row that would be refused"),
            ("import", "Import: write the rows not refused"),
        ],
        initial="dry_run",
        widget=forms.RadioSelect(attrs={"class": "usa-radio__input"}),
    )

    def clean_mapping_file(self) -> Any:
        upload = self.cleaned_data.get("mapping_file")
        if upload:
            try:
                self.mapping: ColumnMapping | None = load_mapping(upload.read(), upload.name)
            except LayoutError as exc:
                raise forms.ValidationError(str(exc)) from None
            upload.seek(0)
        return upload
