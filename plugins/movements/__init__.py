"""The built-in movement families, a package a family: :mod:`.mitchell`, :mod:`.howell`,
:mod:`.individual` and :mod:`.teams`.

Each module registers its families through the ``traveller`` entry-point group
(``pyproject.toml``), as a third-party plugin would. A family module may build on a
sibling in the same package (decision 0007); what every family shares lives in the
engine (``from engine import BoardOptions, relays_of, …``).
"""
