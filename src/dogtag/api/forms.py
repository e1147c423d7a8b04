"""The administrator's form to issue an API key."""

from __future__ import annotations

from typing import Any

from django import forms

from dogtag.records.office import DeskForm
from dogtag.records.roles import ROLE_PERMISSIONS


class IssueKeyForm(DeskForm):
    name = forms.CharField(
        label="Who will use the key",
        max_length=100,
        help_text="A system or an organization: “City web site”, “Rum River Animal Hospital”.",
    )
    scope = forms.ChoiceField(
        label="The key is for",
        choices=[("role", "A role (acts with its permissions)"), ("clinic", "A clinic")],
        widget=forms.RadioSelect,
        initial="role",
    )
    role = forms.ChoiceField(
        label="Role",
        required=False,
        choices=[("", "—")] + [(r, r) for r in ROLE_PERMISSIONS],
    )
    clinic = forms.CharField(
        label="Clinic",
        required=False,
        max_length=200,
        help_text="For a clinic's key: the clinic's name as it prints on its certificates.",
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("scope") == "role" and not data.get("role"):
            self.add_error("role", "Choose the role the key acts in.")
        if data.get("scope") == "clinic" and not (data.get("clinic") or "").strip():
            self.add_error("clinic", "Name the clinic.")
        return data

    def service_fields(self) -> dict[str, str]:
        data = self.cleaned_data
        if data["scope"] == "role":
            return {"name": data["name"], "role": data["role"]}
        return {"name": data["name"], "clinic": data["clinic"]}
