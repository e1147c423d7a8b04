"""The parcel page and what it gathers from every domain: dogs, kennels, enclosures, complaints,
cases (3-2-5, 3-2-6); the county import pages; the enclosure notices on the due list."""
