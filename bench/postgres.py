"""A throwaway PostgreSQL server, started from the machine's own binaries: for the
tests (``tests/adapters/conftest.py``) and the server's load benchmark
(``bench/serve_load.py``).

The project rule: PostgreSQL is never mocked. :func:`start_server` runs ``initdb``
and ``pg_ctl`` in a temporary directory, listening on a free TCP port on 127.0.0.1
only (its Unix socket stays in that directory), with trust authentication for one
role. One server serves a whole pytest session (one per xdist worker), or one
benchmark run; each test gets a database of its own from
:meth:`PostgresServer.create_database`, so no test ever sees another's events.

PostgreSQL refuses to run as root: when the tests run as root, every server
command runs as the ``postgres`` system user (``runuser -u postgres``) and the
directory is handed to that user.

Set ``TRAVELLER_PG_BIN`` to use binaries from somewhere else.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import pwd
import re
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

BIN_ENV_VAR = "TRAVELLER_PG_BIN"
SYSTEM_USER = "postgres"
ROLE = "traveller"
PASSWORD = "not needed: trust"  # sent by the client, ignored by trust authentication
INSTALL_HINT = (
    "install them with `apt-get install postgresql` (Debian/Ubuntu), or point "
    f"{BIN_ENV_VAR} at the folder holding initdb and pg_ctl"
)
START_ATTEMPTS = 3
START_TIMEOUT = 60  # seconds


class PostgresUnavailableError(Exception):
    """This machine has no PostgreSQL to run (a reason to skip); the message says why."""


class PostgresStartError(RuntimeError):
    """PostgreSQL is installed but would not start (a reason to fail, not to skip)."""


def find_binaries() -> Path:
    """The folder holding ``initdb``, ``pg_ctl`` and ``postgres``, newest version first."""
    candidates: list[Path] = []
    explicit = os.environ.get(BIN_ENV_VAR)
    if explicit:
        candidates.append(Path(explicit))
    installed = Path("/usr/lib/postgresql").glob("*/bin")
    candidates += sorted(installed, key=_major_version, reverse=True)
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(Path(on_path).parent)
    for folder in candidates:
        if all(os.access(folder / tool, os.X_OK) for tool in ("initdb", "pg_ctl", "postgres")):
            return folder
    looked = ", ".join(str(c) for c in candidates) or "/usr/lib/postgresql/*/bin and PATH"
    raise PostgresUnavailableError(
        f"PostgreSQL server binaries not found (looked in {looked}): {INSTALL_HINT}."
    )


def _major_version(bin_folder: Path) -> int:
    found = re.match(r"\d+", bin_folder.parent.name)
    return int(found.group()) if found else 0


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _server_user() -> pwd.struct_passwd | None:
    """The user to run the server as: ``postgres`` when we are root, else ourselves."""
    if os.geteuid() != 0:
        return None
    try:
        return pwd.getpwnam(SYSTEM_USER)
    except KeyError:
        raise PostgresUnavailableError(
            f"The tests run as root, PostgreSQL refuses to, and there is no {SYSTEM_USER!r} "
            f"system user to run it as: {INSTALL_HINT} (the package creates the user), or run "
            "the tests as an ordinary user."
        ) from None


@dataclass
class PostgresServer:
    """A running server; :meth:`stop` shuts it down and deletes its files."""

    bin: Path
    root: Path
    port: int
    user: pwd.struct_passwd | None
    host: str = "127.0.0.1"
    _databases: int = field(default=0, init=False)

    @property
    def data(self) -> Path:
        return self.root / "data"

    @property
    def log(self) -> Path:
        return self.root / "server.log"

    def url(self, dbname: str) -> str:
        """A store URL for Traveller (``adapters.storage.env_for``)."""
        return f"postgresql://{ROLE}:{quote(PASSWORD, safe='')}@{self.host}:{self.port}/{dbname}"

    def create_database(self, hint: str = "test") -> str:
        """A new, empty database; returns its store URL."""
        import psycopg
        from psycopg import sql

        self._databases += 1
        slug = re.sub(r"[^a-z0-9]+", "_", hint.lower()).strip("_")[:40] or "test"
        name = f"t{self._databases}_{slug}"
        with psycopg.connect(
            host=self.host,
            port=self.port,
            user=ROLE,
            dbname="postgres",
            autocommit=True,
            connect_timeout=10,
        ) as conn:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return self.url(name)

    def options(self) -> str:
        """The server's settings, given to ``pg_ctl start -o``."""
        return " ".join(
            [
                "-c listen_addresses=127.0.0.1",
                f"-p {self.port}",
                f"-c unix_socket_directories={self.root}",
                "-c fsync=off",
                "-c synchronous_commit=off",
                "-c full_page_writes=off",
                "-c max_connections=200",
                "-c shared_buffers=32MB",
            ]
        )

    def restart(self) -> None:
        """Stop the server (fast shutdown: clients' connections are cut) and start it
        again on the same port, as an administrator's restart or a failover does."""
        pg_ctl = str(self.bin / "pg_ctl")
        wait = ["-w", "-t", str(START_TIMEOUT)]
        _run(self.user, [pg_ctl, "stop", "-D", str(self.data), "-m", "fast", *wait], check=True)
        start = [pg_ctl, "start", "-D", str(self.data), "-l", str(self.log), "-o", self.options()]
        _run(self.user, [*start, *wait], check=True)

    def stop(self) -> None:
        """Stop the server (fast shutdown) and delete its directory."""
        try:
            if (self.data / "postmaster.pid").exists():
                _run(
                    self.user,
                    [
                        str(self.bin / "pg_ctl"),
                        "stop",
                        "-D",
                        str(self.data),
                        "-m",
                        "fast",
                        "-w",
                        "-t",
                        str(START_TIMEOUT),
                    ],
                    check=False,
                )
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


def start_server() -> PostgresServer:
    """initdb + pg_ctl start in a fresh temporary directory.

    Raises :class:`PostgresUnavailableError` when PostgreSQL is not installed (skip), and
    :class:`PostgresStartError` when it is but does not start (fail)."""
    bin_folder = find_binaries()
    user = _server_user()
    for driver in ("psycopg", "psycopg_pool"):
        if importlib.util.find_spec(driver) is None:
            raise PostgresUnavailableError(
                f"The Python module {driver} is not installed: "
                "pip install -e '.[postgres]' (eventsourcing[postgres] needs psycopg[pool])."
            )
    root = Path(tempfile.mkdtemp(prefix="traveller-pg-"))
    try:
        if user is not None:
            os.chown(root, user.pw_uid, user.pw_gid)
        data = root / "data"
        initdb = _run(
            user,
            [
                str(bin_folder / "initdb"),
                "-D",
                str(data),
                "-U",
                ROLE,
                "--auth=trust",
                "--encoding=UTF8",
                "--no-locale",
                "--no-sync",
                "--no-instructions",
            ],
            check=False,
        )
        if initdb.returncode != 0:
            raise PostgresStartError(f"initdb failed ({initdb.returncode}):\n{initdb.stdout}")
        failures: list[str] = []
        for _attempt in range(START_ATTEMPTS):
            server = PostgresServer(bin_folder, root, free_port(), user)
            options = server.options()
            started = _run(
                user,
                [
                    str(bin_folder / "pg_ctl"),
                    "start",
                    "-D",
                    str(data),
                    "-l",
                    str(server.log),
                    "-w",
                    "-t",
                    str(START_TIMEOUT),
                    "-o",
                    options,
                ],
                check=False,
            )
            if started.returncode == 0:
                return server
            # Most likely another process took the port between free_port() and start.
            failures.append(f"port {server.port}: {started.stdout.strip()}\n{_tail(server.log)}")
            server.log.unlink(missing_ok=True)
        raise PostgresStartError("PostgreSQL did not start:\n" + "\n".join(failures))
    except BaseException:
        with contextlib.suppress(Exception):
            _run(
                user,
                [str(bin_folder / "pg_ctl"), "stop", "-D", str(root / "data"), "-m", "immediate"],
                check=False,
            )
        shutil.rmtree(root, ignore_errors=True)
        raise


def _run(
    user: pwd.struct_passwd | None, argv: Sequence[str], *, check: bool
) -> subprocess.CompletedProcess[str]:
    """Run a server command, as ``user`` when given (we are root)."""
    if user is not None:
        argv = ["runuser", "-u", user.pw_name, "--", *argv]
    return subprocess.run(
        argv,
        check=check,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=START_TIMEOUT + 30,
        cwd="/",
    )


def _tail(path: Path, lines: int = 20) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""
