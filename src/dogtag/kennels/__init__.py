"""Kennel licenses (the kennel license): private kennels (``private_kennel.license``) and
commercial kennels (``commercial_kennel.license``)."""
