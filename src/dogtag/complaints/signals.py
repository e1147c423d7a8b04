"""What the complaints app tells whoever listens, without knowing who listens.

``status_changed`` is sent inside the service's transaction each time a complaint's status is
set (``received`` when it is taken, then ``assigned``, ``investigating``, ``closed``), with
``complaint``, ``before`` (None when it was just received) and ``after``. The residents' site
(``dogtag.public_cases``) connects to it to e-mail a complainant who wrote online: the layers keep
the complaints app from importing the apps above it, so it calls out through this signal. A
receiver runs in the service's transaction: what it stores (an outbox message) commits or rolls
back with the change itself.
"""

from __future__ import annotations

from django.dispatch import Signal

status_changed = Signal()
