"""Dangerous dogs (City Code 3-2-9, Minn. Stat. 347.50-347.565 through 3-2-8): the case."""
