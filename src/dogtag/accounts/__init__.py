"""Staff accounts: sign-in lockout, password change, idle sign-out and two-step verification."""
