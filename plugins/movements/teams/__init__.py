"""Team movements: a home table a team, its NS pair NS ``n`` and its EW pair EW ``n``.

:mod:`.common` holds what they share (home tables on a circle, board-a-match plans, the
teams rule). The families: round robin, American Whist, short round robins (SRR),
board-a-match, the standard movement, New England relay and stagger, Mitchell teams
and the mirror Mitchell for teams (its pairs game is :mod:`plugins.movements.mitchell.mirror`).
"""
