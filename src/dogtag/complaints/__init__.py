"""Complaints and incidents: nuisances (3-2-7), dogs and cats in motor vehicles (3-2-4)."""
