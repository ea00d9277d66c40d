"""The Mentis engine: the board, the tile table, one module per rule group, the state.

``board`` (squares, Hills), ``tiles`` (the movement table), ``deploy``, ``movement``
and ``capture`` (the rulebook's three actions) and ``state`` (turns, draws, the end)
are compiled together with mypyc when the project is built with a compiler.
"""
