"""The movement advisor: an application service proposing movements for a field.

- :mod:`.service` — :func:`~engine.advisor.service.advise`, the proposals ranked.
- :mod:`.proposals` — what it proposes (:class:`~engine.advisor.proposals.Advice`,
  :class:`~engine.advisor.proposals.Proposal` …) and the manual's timings.
- :mod:`.building` — building each proposal through the registry's movement families,
  reached by name only.
- :mod:`.lists` and :mod:`.srr_lists` — the JCBL quick-reference lists it reads (manual
  appendix 1), as data.

Nothing here registers a plugin or imports one; the CLI imports it only for
``traveller movement advise``.
"""
