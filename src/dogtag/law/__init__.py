"""The rules core: the ordinance as pure Python functions returning cited findings.

No Django here (an import-linter contract enforces it). One module per ordinance section:
``licensing`` (3-2-2, 3-2-3), ``incorporation`` (3-2-8), ``clocks`` (every day count), with the
shared machinery ``findings``, ``params``, ``computation_of_time``, ``catalogue`` and ``questions``.
"""
