"""The licensing desk's pages: search, owners, dogs (with their complaints and cases), licenses
and receipts (3-2-2, 3-2-3)."""
