"""``dogtag backup`` and ``dogtag restore``: one archive holding the database, the uploaded
files and the parameter files, with a manifest of checksums and row counts
(``archive.py`` the file format, ``database.py`` SQLite and PostgreSQL, ``operations.py`` the two
commands)."""
