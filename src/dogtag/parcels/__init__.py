"""Parcels: the county's parcel map in feet, dwellings, dog enclosures (3-2-5, 3-2-6)."""
