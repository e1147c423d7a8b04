"""Dangerous dogs (dangerous_dog.restrictions, Minn. Stat. 347.50-347.565 through
incorporation.state_statutes): the case."""
