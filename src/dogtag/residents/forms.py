from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from dogtag.residents.abuse import HoneypotForm


class SignInForm(HoneypotForm):
    email = forms.EmailField(
        label=_("Your e-mail address"),
        max_length=254,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["email"].help_text = gettext(
            "We send a link to this address. It signs you in once, within %(minutes)s minutes."
        ) % {"minutes": settings.SESAME_MAX_AGE // 60}
