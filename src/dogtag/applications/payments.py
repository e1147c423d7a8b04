"""Where a card-payment provider would plug in (issue 12 item 2). None is offered.

``license.fee_with_application``: the fee is paid with the application. Today the resident pays at
City Hall or by mail, and the clerk records that payment (cash, check or card at the counter) when
issuing. A city that contracts a card processor adds a ``CardPaymentProvider`` and registers it
with ``set_card_provider`` in its AppConfig; until then ``card_provider()`` is None and the
application page says card payment online is not offered. Nothing here pretends to take money.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from dogtag.applications.models import OnlineApplication


class CardPaymentProvider(Protocol):
    def checkout_url(self, application: OnlineApplication, amount: Decimal, return_url: str) -> str:
        """Where to send the resident to pay ``amount`` for ``application``."""
        ...

    def confirmed_payment(self, application: OnlineApplication) -> tuple[Decimal, str] | None:
        """The amount paid and the processor's reference once paid, else None. The clerk then
        records it as a card payment with that reference, through the same issue service."""
        ...


_provider: CardPaymentProvider | None = None


def set_card_provider(provider: CardPaymentProvider | None) -> None:
    global _provider
    _provider = provider


def card_provider() -> CardPaymentProvider | None:
    return _provider
