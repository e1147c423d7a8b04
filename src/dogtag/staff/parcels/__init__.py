"""The parcel page and what it gathers from every domain: dogs, kennels, enclosures, complaints,
cases (the dog limit, the enclosures); the county import pages; the enclosure notices on the due list."""
