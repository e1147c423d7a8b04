"""The rules core: the ordinance as pure Python functions returning cited findings.

No Django here (an import-linter contract enforces it, and a layers contract the order of its
modules, see docs/ARCHITECTURE.md). One module per part of the ordinance, each provision named by
a concept its jurisdiction package cites (``provisions``): ``licensing`` (licenses and tags),
``kennels``, ``enclosures``, ``nuisance``, ``incorporation`` (the conflict rule),
``dangerous_dogs``, ``clocks`` (every day count), on the shared machinery ``jsonable``,
``params``, ``computation_of_time``, ``findings``, ``registry`` and ``facts``; ``questions`` and
``catalogue`` on top.
"""
