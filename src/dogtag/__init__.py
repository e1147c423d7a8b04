"""Dogtag: a Minnesota city's dog ordinance as executable, cited law over a records system."""

__version__ = "0.1.0"
