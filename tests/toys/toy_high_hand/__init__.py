"""Toy High Hand: a test-only game (see tests/toys/__init__.py)."""
