"""Complaints and incidents: nuisances (``nuisance.owner_duty``), dogs and cats in motor vehicles
(``vehicle.animal_left``)."""
