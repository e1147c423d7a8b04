"""Kennel licenses (City Code 3-2-5): private kennels (A) and commercial kennels (B)."""
