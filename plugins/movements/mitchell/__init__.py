"""Mitchell families: NS pairs stay, EW pairs move up, boards move down (JCBL part 2 ch. 3).

:mod:`.basic` is the straight, skip and relay Mitchell the others build on: the
arrow-switch (scrambled) Mitchell, the rover and 1½ appendix Mitchells for a half table,
the appendix, twin, web and mirror Mitchells, and the recovery of a misplaced bye stand.
"""
