"""Creepy Falls' engine: the state, the six rounds' phases and their rules, the run loop.

One module for now (``state``), compiled with mypyc when the project is installed
(pyproject.toml ``[tool.rules-tutor] compiled``, tutor/core/native.py); importing this
package imports nothing.
"""
