"""A complaint a resident sent online: which complaint, which resident account (if signed in),
and the language they wrote in (their e-mails are in it).

The complaint itself is an ordinary ``complaints.Complaint``, taken by the same service the desk
uses; this row only links it to the residents' site. The complainant's identity stays private
(Minn. Stat. 13.44 subd. 1): the account is known only here, and the complaint's ``received_by``
is the site's own account (``services.site_actor``), never the resident's.
"""

from __future__ import annotations

from django.db import models
from django.utils import timezone


class ResidentComplaint(models.Model):
    complaint = models.OneToOneField(
        "complaints.Complaint", on_delete=models.PROTECT, related_name="resident_complaint"
    )
    account = models.ForeignKey(
        "residents.ResidentAccount",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="complaints",
    )
    language = models.CharField(max_length=8, default="en")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"Online complaint {self.complaint.number}"
