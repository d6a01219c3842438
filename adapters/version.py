"""Traveller's release number, in one place: the package's metadata reads it from here
(``[tool.setuptools.dynamic]`` in ``pyproject.toml``), and so do ``traveller --version``,
bug reports and the files Traveller writes, without parsing installed metadata at run time."""

VERSION = "0.1.0"
