"""A fresh interpreter for the tests of what a start imports (no timing: module names)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from typing import Any


def fresh(code: str, **env: str) -> tuple[set[str], Any]:
    """The modules a fresh interpreter holds after running ``code``, and what ``code``
    left in its variable ``said`` (as JSON). The interpreter gets this process's
    environment without any plugin restriction, plus ``env``."""
    script = textwrap.dedent(code) + textwrap.dedent(
        """
        import json as _json, sys as _sys
        print(_json.dumps({"modules": sorted(_sys.modules), "said": said}))
        """
    )
    ran = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        env={
            **{k: v for k, v in os.environ.items() if not k.startswith("TRAVELLER_PLUGINS")},
            **env,
        },
    )
    out = json.loads(ran.stdout.splitlines()[-1])
    return set(out["modules"]), out["said"]
