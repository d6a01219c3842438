"""Howell families: every pair meets the others, pairs numbered in one series (JCBL part 2 ch. 2).

:mod:`.full` builds the cyclic Howell every other module here reuses: the three-quarter
Howell, the Howell with appendix (A/B) tables, the interwoven Howell of a two-session
game (with the group movements of :mod:`.two_session_bases`), and the team of pairs
that four or five pairs play instead of a Howell.
"""
