"""The join code, the handshake that proves it, and the encrypted frames after it.

Every connection starts with SPAKE2 (the ``spake2`` package, as magic-wormhole uses), a
password-authenticated key exchange keyed by the table's join code: both ends derive one
strong key when, and only when, both typed the same code; a listener learns nothing of the
code, and whoever tries a wrong code learns only that it was wrong, one guess per connection.
Each side then proves it holds the key (a MAC of its role), so a player also knows the laptop
answering is the table's and not one pretending to be. From the key HKDF derives one key per
direction; every frame after it is sealed with ChaCha20-Poly1305 (``cryptography``) under a
nonce that counts the frames, so a frame altered, dropped, repeated or reordered on the way
fails to open and ends the connection (the replicas sync again when it comes back).

Frames are a 4-byte length and that many bytes, at most :data:`MAX_FRAME`.

The host limits how often codes may be tried (:class:`AttemptLimiter`): a burst of a few,
then one every few seconds, for every address together, so that trying codes takes years.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import struct
import time
from dataclasses import dataclass, field

from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.hashes import SHA256
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from spake2 import SPAKE2_A, SPAKE2_B
from spake2.spake2 import SPAKEError

#: The largest frame either side accepts, sealed: a character with an evening's ledger is far
#: below it.
MAX_FRAME = 2 * 1024 * 1024

#: Letters of a join code: Crockford's base32, without the letters read as digits.
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
#: Letters a person may type for another: O is 0, I and L are 1.
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})
#: Characters in a join code (30 bits): safe with the attempt limit, short to type.
CODE_LENGTH = 6

#: The protocol's name and version, first in every connection and bound into the keys.
MAGIC = b"SDT1"
_TAG_BUSY = b"BUSY"
_TAG_GO = b"GO"
_TAG_NO = b"NO"
_HANDSHAKE_SECONDS = 10.0


def new_join_code() -> str:
    """A fresh random join code, like ``"7KQ-2MX"`` without the dash: ``"7KQ2MX"``."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalized_code(typed: str) -> str:
    """The code as typed, in its one spelling: upper case, no dashes or spaces, O as 0.

    >>> normalized_code(" 7kq-2mo ")
    '7KQ2M0'
    """
    return "".join(typed.split()).replace("-", "").upper().translate(_READ_AS)


def shown_code(code: str) -> str:
    """The code as shown, in two halves: ``"7KQ-2MX"``."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


class HandshakeError(Exception):
    """The other end does not know the code, or does not speak the protocol."""


class BusyError(HandshakeError):
    """The host refused to try another code now (too many wrong ones lately)."""


class ChannelError(Exception):
    """A frame was too long, or failed to open: the connection is over."""


@dataclass
class AttemptLimiter:
    """How often the host tries a code: ``burst`` at once, then one each ``every`` seconds.

    A token bucket shared by every connection: only a successful join gives the try back.
    """

    burst: int = 10
    every: float = 3.0
    _tokens: float = field(init=False)
    _at: float = field(init=False, default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self._tokens = float(self.burst)

    def take(self) -> bool:
        """Whether a try may start now (and count it)."""
        now = time.monotonic()
        self._tokens = min(self.burst, self._tokens + (now - self._at) / self.every)
        self._at = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True

    def give_back(self) -> None:
        """A try succeeded: it does not count against the others."""
        self._tokens = min(self.burst, self._tokens + 1)


async def read_frame(reader: asyncio.StreamReader) -> bytes:
    """One frame's bytes; raises :class:`ChannelError` for a frame over :data:`MAX_FRAME`."""
    header = await reader.readexactly(4)
    (length,) = struct.unpack(">I", header)
    if length > MAX_FRAME:
        raise ChannelError(f"a frame of {length} bytes")
    return await reader.readexactly(length)


def frame(payload: bytes) -> bytes:
    """``payload`` with its length in front."""
    return struct.pack(">I", len(payload)) + payload


class Channel:
    """The sealed frames of one connection, after the handshake.

    Attributes:
        sent_bytes: bytes written so far (frames with their lengths).
        received_bytes: bytes read so far.
    """

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        send_key: bytes,
        receive_key: bytes,
    ) -> None:
        self._reader = reader
        self._writer = writer
        self._seal = ChaCha20Poly1305(send_key)
        self._open = ChaCha20Poly1305(receive_key)
        self._sent = 0
        self._received = 0
        self.sent_bytes = 0
        self.received_bytes = 0

    def send(self, plaintext: bytes) -> None:
        """Seal and write one message (buffered; the loop writes it)."""
        nonce = self._sent.to_bytes(12, "big")
        self._sent += 1
        data = frame(self._seal.encrypt(nonce, plaintext, None))
        self.sent_bytes += len(data)
        self._writer.write(data)

    async def receive(self) -> bytes:
        """The next message; raises :class:`ChannelError` when a frame fails to open."""
        sealed = await read_frame(self._reader)
        self.received_bytes += len(sealed) + 4
        nonce = self._received.to_bytes(12, "big")
        try:
            plaintext = self._open.decrypt(nonce, sealed, None)
        except Exception as error:  # cryptography's InvalidTag, or a frame too short
            raise ChannelError("a frame failed to open") from error
        self._received += 1
        return plaintext

    async def drain(self) -> None:
        """Wait until what was sent is handed to the system."""
        await self._writer.drain()

    def close(self) -> None:
        """End the connection."""
        self._writer.close()


def _keys(key: bytes, transcript: bytes) -> tuple[bytes, bytes, bytes, bytes]:
    """Client's and host's proofs, then the client-to-host and host-to-client keys."""
    material = HKDF(
        algorithm=SHA256(), length=128, salt=hashlib.sha256(transcript).digest(), info=MAGIC
    ).derive(key)
    return material[:32], material[32:64], material[64:96], material[96:]


async def client_handshake(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, code: str
) -> Channel:
    """Prove the code to a host; the channel once both proved it.

    Raises:
        BusyError: the host takes no tries now.
        HandshakeError: wrong code, or not a table.
    """
    pake = SPAKE2_A(normalized_code(code).encode(), idA=b"player", idB=b"table")
    mine = pake.start()
    writer.write(frame(MAGIC + mine))
    async with asyncio.timeout(_HANDSHAKE_SECONDS):
        answer = await read_frame(reader)
        if answer == _TAG_BUSY:
            raise BusyError("the table takes no code now")
        if not answer.startswith(_TAG_GO):
            raise HandshakeError("not a table")
        theirs = answer[len(_TAG_GO) :]
        try:
            key = pake.finish(theirs)
        except (SPAKEError, ValueError, TypeError, IndexError, AssertionError) as error:
            raise HandshakeError("not a table") from error
        mine_proof, host_proof, to_host, to_client = _keys(key, MAGIC + mine + theirs)
        writer.write(frame(mine_proof))
        proof = await read_frame(reader)
    if not hmac.compare_digest(proof, host_proof):
        raise HandshakeError("wrong code")
    return Channel(reader, writer, to_host, to_client)


async def host_handshake(
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    code: str,
    limiter: AttemptLimiter,
) -> Channel:
    """Check a player's proof of the code; the channel when it holds.

    Raises:
        BusyError: no try allowed now (answered so and closed).
        HandshakeError: wrong code or a stranger (closed without a word more).
    """
    async with asyncio.timeout(_HANDSHAKE_SECONDS):
        opening = await read_frame(reader)
        if not opening.startswith(MAGIC) or len(opening) > 64:
            raise HandshakeError("not a player")
        if not limiter.take():
            writer.write(frame(_TAG_BUSY))
            raise BusyError("too many tries")
        theirs = opening[len(MAGIC) :]
        pake = SPAKE2_B(normalized_code(code).encode(), idA=b"player", idB=b"table")
        mine = pake.start()
        try:
            key = pake.finish(theirs)
        except (SPAKEError, ValueError, TypeError, IndexError, AssertionError) as error:
            raise HandshakeError("not a player") from error
        client_proof, mine_proof, to_host, to_client = _keys(key, MAGIC + theirs + mine)
        writer.write(frame(_TAG_GO + mine))
        proof = await read_frame(reader)
    if not hmac.compare_digest(proof, client_proof):
        writer.write(frame(_TAG_NO))
        raise HandshakeError("wrong code")
    limiter.give_back()
    writer.write(frame(mine_proof))
    return Channel(reader, writer, to_client, to_host)
