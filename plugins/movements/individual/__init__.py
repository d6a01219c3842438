"""Individual movements: every player changes partner from round to round (JCBL part 2 ch. 5)."""
