"""The built-in Swiss pairing methods: JCBL's three federation methods, the club
guide's top-down draw and an optimal draw (a maximum-weight matching).

All five share one pipeline (:mod:`plugins.pairing.swiss`): what the round is drawn
from (:mod:`~plugins.pairing.plan`), who plays the triangle or has the bye
(:mod:`~plugins.pairing.odd`), and the legality of a pairing
(:mod:`~plugins.pairing.graph`); they differ in their defaults and in how they pair
the rest (top down, or the whole field at once).
"""
