"""Documents generated from records (never typed): receipts, license certificates, tag sheets,
renewal reminder letters. Each shows the sections that require it."""
