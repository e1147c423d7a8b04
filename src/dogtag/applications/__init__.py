"""Apply and renew a dog license online (issue 12 item 2): the resident's application, the
clerk's queue, and the e-mails that follow it."""
