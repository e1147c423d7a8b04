"""The residents' pages for complaints (3-2-4, 3-2-7) and hearing requests (issue 12 items 4-5)."""
