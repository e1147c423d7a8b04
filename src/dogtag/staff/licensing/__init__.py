"""The licensing desk's pages: search, owners, dogs (with their complaints and cases), licenses
and receipts (``license.section``, ``tag.section``)."""
