from __future__ import annotations

from django import forms


class CodeForm(forms.Form):
    code = forms.CharField(
        label="6-digit code",
        max_length=20,
        error_messages={"required": "Enter the 6-digit code from your authenticator app."},
    )


class UnlockForm(forms.Form):
    kind = forms.ChoiceField(choices=[("username", "username"), ("address", "address")])
    value = forms.CharField(max_length=255)
