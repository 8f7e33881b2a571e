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
then one every few seconds, for each address; and a ceiling for all addresses together, so
that trying codes takes years however many addresses try.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import ipaddress
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


def peer_of(address: str) -> str:
    """Whom a connection's tries count against: its IPv4 address, or its IPv6 address's /64
    network (one device may hold a whole /64; an IPv4 address written as IPv6 is the IPv4
    one).

    >>> peer_of("127.0.0.2"), peer_of("::1"), peer_of("fe80::1:2:3:4%eth0")
    ('127.0.0.2', '::/64', 'fe80::/64')
    """
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


@dataclass
class _Bucket:
    """A token bucket: ``burst`` tries at once, then one each ``every`` seconds."""

    burst: int
    every: float
    tokens: float = field(init=False)
    at: float = field(init=False, default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.tokens = float(self.burst)

    def refill(self, now: float) -> None:
        self.tokens = min(self.burst, self.tokens + (now - self.at) / self.every)
        self.at = now

    @property
    def full(self) -> bool:
        return self.tokens >= self.burst


@dataclass
class AttemptLimiter:
    """How often the host tries a code.

    Each peer (:func:`peer_of`) has ``burst`` tries at once, then one each ``every`` seconds,
    so that one address trying codes locks out only itself; and all peers together have
    ``ceiling_burst`` tries, then one each ``ceiling_every`` seconds, so that many addresses
    cannot try codes faster either. Only a successful join gives its try back.
    """

    burst: int = 10
    every: float = 3.0
    ceiling_burst: int = 30
    ceiling_every: float = 0.5
    _peers: dict[str, _Bucket] = field(init=False, default_factory=dict)
    _all: _Bucket = field(init=False)

    #: Peers remembered at most; those whose tries are all back are forgotten first.
    MOST_PEERS = 4096

    def __post_init__(self) -> None:
        self._all = _Bucket(self.ceiling_burst, self.ceiling_every)

    def take(self, peer: str = "") -> bool:
        """Whether a try from ``peer`` may start now (and count it)."""
        now = time.monotonic()
        mine = self._peer(peer, now)
        self._all.refill(now)
        if mine.tokens < 1 or self._all.tokens < 1:
            return False
        mine.tokens -= 1
        self._all.tokens -= 1
        return True

    def give_back(self, peer: str = "") -> None:
        """A try of ``peer`` succeeded: it does not count against anyone."""
        for bucket in (self._peers.get(peer), self._all):
            if bucket is not None:
                bucket.tokens = min(bucket.burst, bucket.tokens + 1)

    def _peer(self, peer: str, now: float) -> _Bucket:
        bucket = self._peers.get(peer)
        if bucket is None:
            if len(self._peers) >= self.MOST_PEERS:
                for known, kept in list(self._peers.items()):
                    kept.refill(now)
                    if kept.full:
                        del self._peers[known]
            # Still full of peers trying at once: the oldest goes (its tries were counted
            # against the ceiling all the same).
            while len(self._peers) >= self.MOST_PEERS:
                del self._peers[next(iter(self._peers))]
            bucket = self._peers[peer] = _Bucket(self.burst, self.every)
        bucket.refill(now)
        return bucket


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
    peer: str = "",
) -> Channel:
    """Check a proof of the code from ``peer`` (:func:`peer_of`); the channel when it holds.

    Raises:
        BusyError: no try allowed now (answered so and closed).
        HandshakeError: wrong code or a stranger (closed without a word more).
    """
    async with asyncio.timeout(_HANDSHAKE_SECONDS):
        opening = await read_frame(reader)
        if not opening.startswith(MAGIC) or len(opening) > 64:
            raise HandshakeError("not a player")
        if not limiter.take(peer):
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
    limiter.give_back(peer)
    writer.write(frame(mine_proof))
    return Channel(reader, writer, to_client, to_host)
