"""Parcels: the county's parcel map in feet, dwellings, dog enclosures (``kennel.section``,
``enclosure.purpose``)."""
