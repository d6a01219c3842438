"""Swiss draws: what a pairing method is given, what it decides, and the rules it keeps.

JCBL manual part 2 ch. 6 §8 (スイス戦) and part 3 ch. 4 §3-2 (スイス); the club
director's guide, SWISS PAIRS. The modules:

- :mod:`engine.pairing.field` — the field a round is drawn from (standings as the draw
  sees them), the history of earlier draws, and the draw itself;
- :mod:`engine.pairing.rules` — the rematch rule as data and the conditions every
  Swiss draw honours (odd numbers, limits, tables);
- :mod:`engine.pairing.method` — the protocol a pairing method follows, and the check
  the engine makes of every draw a method returns;
- :mod:`engine.pairing.advice` — the warnings shown when a Swiss event is set up.

Each module is imported by its own name; this package re-exports nothing.
"""
