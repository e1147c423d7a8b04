"""The rules core: the ordinance as pure Python functions returning cited findings.

No Django here (an import-linter contract enforces it, and a layers contract the order of its
modules, see docs/ARCHITECTURE.md). One module per ordinance section: ``licensing`` (3-2-2, 3-2-3),
``kennels`` (3-2-5), ``enclosures`` (3-2-6), ``nuisance`` (3-2-7), ``incorporation`` (3-2-8),
``dangerous_dogs`` (3-2-9), ``clocks`` (every day count), on the shared machinery ``jsonable``,
``params``, ``computation_of_time``, ``findings``, ``registry`` and ``facts``; ``questions`` and
``catalogue`` on top.
"""
