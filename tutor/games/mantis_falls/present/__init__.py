"""How Mantis Falls looks: the SVG picture, card faces and hands, terminal text.

The modules here are the game's presentation hooks (see ``SPEC.hooks`` in
:mod:`tutor.games.mantis_falls`): :mod:`.picture` draws a view as SVG,
:mod:`.cards` renders card faces and hands as HTML, :mod:`.cli` writes a view as
terminal text.  Shared tools reach them only through the spec, so importing this
package imports nothing else.
"""
