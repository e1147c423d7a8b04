"""The dangerous-dog tests' roles, owner and dog (Rex), frozen at 10:00 in Nowthen on Sunday
2026-11-29; a real SMTP server."""

from tests.dangerous_dogs.conftest import (
    clerk,
    dog,
    frozen_today,
    hearing_officer,
    officer,
    owner,
)

__all__ = ["clerk", "dog", "frozen_today", "hearing_officer", "officer", "owner"]
