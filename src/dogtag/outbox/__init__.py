"""E-mail that never loses a message (issue 12 item 6).

Every notice that goes by e-mail is first a row of the outbox, written in the caller's
transaction with ``services.queue_message``; a background task sends it after commit through
Django's e-mail backend (``sending.send_message``), retrying with backoff while the server is
down, and marks it sent exactly once."""
