"""The residents' pages for complaints (vehicle.animal_left, nuisance.acts) and hearing requests
(issue 12 items 4-5)."""
