"""The printable pages (``/print/…``): the master sheet, guide cards, table cards and
pair slips of a section's movement with the pairs' names, and its travellers,
standings and score cards, on A4 or Letter, in Japanese and English (the ``print``
catalog)."""

from __future__ import annotations

from adapters.http.printing.routes import router

__all__ = ["router"]
