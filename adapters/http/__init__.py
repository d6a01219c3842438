"""Traveller as a server: the HTTP API (:mod:`adapters.http.api`), the roles that may
write (:mod:`adapters.http.auth`) and the live public pages (:mod:`adapters.http.pages`),
built by :func:`adapters.http.app.create_app` and started by ``traveller serve``."""
