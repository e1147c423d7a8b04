"""Two-step devices are kept out of the Django admin: there a superuser could read another
person's secret key or add a device for them. Devices change only through the person's own
two-step pages (and ``dogtag manage addstatictoken`` for a recovery code)."""

from django.contrib import admin
from django_otp.plugins.otp_static.models import StaticDevice
from django_otp.plugins.otp_totp.models import TOTPDevice

for model in (TOTPDevice, StaticDevice):
    if admin.site.is_registered(model):
        admin.site.unregister(model)
