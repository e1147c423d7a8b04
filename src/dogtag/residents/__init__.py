"""The residents' site (issue 12): what the ordinance asks of dog owners and neighbours, online.

A public site under ``/residents/`` (or a host of its own, ``DOGTAG_PUBLIC_HOST``), separate from
the staff site: a resident signs in with a single-use link sent by e-mail (django-sesame), never
with a password, and is never signed in to the staff site (``session.py``). Pages are
server-rendered with USWDS, mobile first, plain language, in English and Spanish.
"""
