"""A club's signing keys (issue 13, "Publication is signed ... keys kept outside the
store, never logged"): ``traveller keys create|list|show``, and how a command finds the
key to sign with and the public key to check with."""

from __future__ import annotations

import json
import stat
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from adapters import keys
from engine import signing
from engine.errors import InvalidInput, NotFound
from tests.acceptance.cli import Cli, invoke


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The keys folder the commands use by default (``$XDG_CONFIG_HOME`` in tmp)."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv(keys.KEYS_ENV, raising=False)
    monkeypatch.delenv(keys.SIGNING_ENV, raising=False)
    return tmp_path / "config" / "traveller" / "keys"


def run(*args: str) -> Any:
    result = invoke([*args, "--format", "json"])
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return json.loads(result.stdout)


def refused(*args: str) -> dict[str, object]:
    result = invoke([*args, "--format", "json"])
    assert result.exit_code == 1, (result.stdout, result.stderr)
    answer: dict[str, object] = json.loads(result.stderr)
    return answer


def test_a_key_is_made_in_the_config_folder_its_private_half_for_its_owner_only(
    folder: Path,
) -> None:
    made = run("keys", "create", "--name", "yotsuya")
    private, public = folder / "yotsuya.key", folder / "yotsuya.pub"
    assert made["private_key_file"] == str(private)
    assert stat.S_IMODE(private.stat().st_mode) == 0o600
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert public.read_text() == f"{made['public_key']} yotsuya\n"
    assert made["fingerprint"] == signing.fingerprint(str(made["public_key"]))
    assert b"PRIVATE KEY" in private.read_bytes()
    assert str(made["public_key"]).encode() not in private.read_bytes()


def test_keys_are_listed_and_shown_with_the_public_key_to_hand_over(
    folder: Path, tmp_path: Path
) -> None:
    assert run("keys", "list") == []
    club = run("keys", "create")
    other = tmp_path / "elsewhere"
    run("keys", "create", "--name", "suzuki", "--dir", str(other))
    assert [k["name"] for k in run("keys", "list")] == ["club"]
    assert [k["name"] for k in run("keys", "list", "--dir", str(other))] == ["suzuki"]
    assert run("keys", "show") == club
    text = invoke(["keys", "show"]).stdout
    assert text.splitlines()[0] == f"{club['public_key']} club"


def test_a_key_is_never_overwritten_and_its_name_names_files_only(folder: Path) -> None:
    first = run("keys", "create")
    assert refused("keys", "create")["code"] == "key.exists"
    assert run("keys", "show") == first
    for bad in ("../x", "a/b", "", ".hidden", "x" * 65):
        assert refused("keys", "create", "--name", bad)["code"] == "key.name"
    assert refused("keys", "show", "--name", "none")["code"] == "key.not_found"


def test_the_key_to_sign_with_by_name_path_or_environment(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = keys.create_key("club")
    assert keys.signing_key(None) is None
    by_name = keys.signing_key("club")
    by_path = keys.signing_key(str(made.private))
    monkeypatch.setenv(keys.SIGNING_ENV, "club")
    by_env = keys.signing_key(None)
    assert by_name and by_path and by_env
    assert {by_name.public_key, by_path.public_key, by_env.public_key} == {made.public_key}
    signature = signing.sign(by_name, {"session": 1})
    assert signature.holds()
    assert "PRIVATE" not in repr(by_name) and "club" in repr(by_name)
    with pytest.raises(NotFound) as missing:
        keys.signing_key("nobody")
    assert missing.value.code == "key.not_found"


def test_a_private_key_others_may_read_is_refused(folder: Path) -> None:
    made = keys.create_key("club")
    assert made.private is not None
    made.private.chmod(0o640)
    with pytest.raises(InvalidInput) as error:
        keys.signing_key("club")
    assert error.value.code == "key.unprotected" and "chmod 600" in str(error.value.hint)


def test_a_file_that_is_no_ed25519_private_key_is_refused(folder: Path, tmp_path: Path) -> None:
    junk = tmp_path / "junk.key"
    junk.write_text("not a key")
    junk.chmod(0o600)
    with pytest.raises(InvalidInput) as error:
        keys.signing_key(str(junk))
    assert error.value.code == "key.private_invalid"


def test_a_public_key_is_read_from_its_pub_file_a_pem_file_or_its_text(
    folder: Path, tmp_path: Path
) -> None:
    made = keys.create_key("club")
    assert keys.read_public_key(str(made.public)) == made.public_key
    assert keys.read_public_key(made.public_key) == made.public_key
    private = keys.signing_key("club")
    assert private is not None
    pem = tmp_path / "club.pem"
    raw = signing.public_key_bytes(made.public_key)
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    pem.write_bytes(
        Ed25519PublicKey.from_public_bytes(raw).public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )
    )
    assert keys.read_public_key(str(pem)) == made.public_key
    with pytest.raises(NotFound):
        keys.read_public_key(str(tmp_path / "missing.pub"))
    with pytest.raises(InvalidInput) as bad:
        keys.read_public_key("ed25519:short")
    assert bad.value.code == "key.public_invalid"


def test_a_signature_holds_for_its_statement_and_key_only(folder: Path) -> None:
    signer = keys.signing_key(str(keys.create_key("club").private))
    assert signer is not None
    signature = signing.sign(signer, {"event": "e", "digest": "abc"})
    assert signature.holds()
    assert not signature.model_copy(update={"signed": {"event": "e", "digest": "abd"}}).holds()
    stranger = Ed25519PrivateKey.generate().public_key()
    raw = stranger.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    assert not signature.model_copy(update={"public_key": signing.public_key_text(raw)}).holds()
    assert not signature.model_copy(update={"signature": "AAAA"}).holds()


def test_a_publication_is_signed_with_the_named_key_or_refused_before_anything_is_written(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cli = Cli()
    cli.run("demo")
    event = cli.run("event", "list")[0]["id"]
    made = keys.create_key("club")
    assert made.private is not None
    before = cli.position
    for key, code in (("nobody", "key.not_found"), ("../x", "key.not_found"), ("a b", "key.name")):
        assert (
            cli.run("session", "publish", "--event", event, "--sign-with", key, ok=False)["code"]
            == code
        )
    made.private.chmod(0o644)
    monkeypatch.setenv(keys.SIGNING_ENV, "club")
    assert cli.run("session", "publish", "--event", event, ok=False)["code"] == "key.unprotected"
    assert cli.position == before
    made.private.chmod(0o600)
    published = cli.run("session", "publish", "--event", event)
    assert published["signed_by"] == {
        "public_key": made.public_key,
        "fingerprint": made.fingerprint,
    }
    checked = cli.run("verify", "--event", event, "--key", str(made.public))
    assert checked["ok"] and [p["signed"] for p in checked["publications"]] == [False, True]
    stranger = keys.create_key("stranger")
    asked = ["verify", "--event", event, "--key", stranger.public_key, "--format", "json"]
    result = invoke([*asked, "--store", cli.store])
    assert result.exit_code == 1 and json.loads(result.stdout)["ok"] is False
