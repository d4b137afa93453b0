"""The venue's own certificates for HTTPS (``HTTPS=1``, docs/https.md): a small local certificate
authority, made once, and the server's certificate it signs for the laptop's names and addresses.

Why an authority and not one self-signed certificate: the laptop's address changes from venue to
venue (and from the venue's Wi-Fi to a hotspot); each change needs a new server certificate, and a
self-signed one would have to be trusted again on every desk laptop. The authority is trusted
once; the server certificates it signs later are trusted with it. Its name constraints keep it to
local names (``localhost``, ``*.local``, the laptop's host name) and private addresses, so its key,
if it ever leaks, cannot vouch for any site on the internet.

Files, in the untracked folder ``.https/`` (``KEEZEN_HTTPS_DIR``): ``ca.pem`` and ``ca-key.pem``,
``server.pem`` and ``server-key.pem``; keys readable by their owner only. Everything is reused
while it is valid and covers the laptop's names and addresses; a missing or changed one is made
anew, the server certificate by the same authority.
"""

from __future__ import annotations

import datetime
import ipaddress
import os
import re
import socket
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from common.https import CA_FILE, CA_KEY_FILE, SERVER_FILE, SERVER_KEY_FILE

CA_DAYS = 3650
SERVER_DAYS = 397
"""Browsers refuse server certificates valid for more than 398 days."""
RENEW_DAYS = 30
"""A certificate with fewer days left is made anew."""
LOCAL_DOMAINS = ("localhost", "local", "home.arpa", "lan", "internal")
"""Names the authority may vouch for (each with its subdomains), besides the laptop's host name."""
LOCAL_NETWORKS = ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "169.254.0.0/16",
                  "127.0.0.0/8", "::1/128", "fc00::/7", "fe80::/10")
"""Private, shared (carrier-grade NAT, some hotspots), link-local and loopback addresses."""
_DNS_NAME = re.compile(r"^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*$")


@dataclass(frozen=True)
class Certificates:
    """What :func:`ensure` found or made."""

    ca: Path
    certificate: Path
    key: Path
    ca_fingerprint: str
    server_fingerprint: str
    names: tuple[str, ...]
    addresses: tuple[str, ...]
    left_out: tuple[str, ...]
    """Names or addresses asked for that the authority may not vouch for (a public address, a host
    name changed since the authority was made)."""
    made_ca: bool
    made_server: bool


def fingerprint(certificate: x509.Certificate) -> str:
    """SHA-256 of the certificate, as browsers show it: ``AB:CD:…``."""
    return certificate.fingerprint(hashes.SHA256()).hex(":").upper()


def ensure(folder: Path, names: list[str], addresses: list[str], *,
           now: datetime.datetime | None = None) -> Certificates:
    """The authority and the server certificate in ``folder``, made when missing, expiring, not
    matching their keys, or (the server's) not covering ``names`` and ``addresses``."""
    now = now or datetime.datetime.now(datetime.UTC)
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    names = [name.strip().lower() for name in names if _DNS_NAME.match(name.strip().lower())]
    ips = [ipaddress.ip_address(address) for address in addresses]

    ca, ca_key = _load(folder / CA_FILE, folder / CA_KEY_FILE)
    made_ca = ca is None or not _is_authority(ca) or _expiring(ca, now)
    if made_ca:
        ca, ca_key = _make_authority(names, now)
        _write(folder / CA_KEY_FILE, _key_pem(ca_key), private=True)
        _write(folder / CA_FILE, ca.public_bytes(serialization.Encoding.PEM))

    covered_names = [name for name in dict.fromkeys(names) if _permits_name(ca, name)]
    covered_ips = [ip for ip in dict.fromkeys(ips) if _permits_ip(ca, ip)]
    left_out = tuple([name for name in dict.fromkeys(names) if name not in covered_names]
                     + [str(ip) for ip in dict.fromkeys(ips) if ip not in covered_ips])

    server, server_key = _load(folder / SERVER_FILE, folder / SERVER_KEY_FILE)
    made_server = made_ca or server is None or _expiring(server, now) or not _issued_by(server, ca) \
        or not _covers(server, covered_names, covered_ips)
    if made_server:
        server, server_key = _make_server(ca, ca_key, covered_names, covered_ips, now)
        _write(folder / SERVER_KEY_FILE, _key_pem(server_key), private=True)
        _write(folder / SERVER_FILE, server.public_bytes(serialization.Encoding.PEM))

    return Certificates(
        ca=folder / CA_FILE, certificate=folder / SERVER_FILE, key=folder / SERVER_KEY_FILE,
        ca_fingerprint=fingerprint(ca), server_fingerprint=fingerprint(server),
        names=tuple(covered_names), addresses=tuple(str(ip) for ip in covered_ips), left_out=left_out,
        made_ca=made_ca, made_server=made_server,
    )


def _make_authority(names: list[str], now: datetime.datetime) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey]:
    key = ec.generate_private_key(ec.SECP256R1())
    host = socket.gethostname()
    subject = x509.Name([
        x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Keezen Toernooi"),
        x509.NameAttribute(NameOID.COMMON_NAME, f"Keezen Toernooi local authority ({host})"[:64]),
    ])
    own_names = [name for name in names if not any(_within(name, domain) for domain in LOCAL_DOMAINS)]
    constraints = x509.NameConstraints(
        permitted_subtrees=[x509.DNSName(name) for name in (*LOCAL_DOMAINS, *own_names)]
        + [x509.IPAddress(ipaddress.ip_network(network)) for network in LOCAL_NETWORKS],
        excluded_subtrees=None,
    )
    certificate = (
        x509.CertificateBuilder()
        .subject_name(subject).issuer_name(subject).public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1)).not_valid_after(now + datetime.timedelta(days=CA_DAYS))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(x509.KeyUsage(digital_signature=False, content_commitment=False, key_encipherment=False,
                                     data_encipherment=False, key_agreement=False, key_cert_sign=True,
                                     crl_sign=True, encipher_only=False, decipher_only=False), critical=True)
        .add_extension(constraints, critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )
    return certificate, key


def _make_server(ca: x509.Certificate, ca_key, names: list[str], ips: list, now: datetime.datetime
                 ) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey]:
    key = ec.generate_private_key(ec.SECP256R1())
    alternative = [x509.DNSName(name) for name in names] + [x509.IPAddress(ip) for ip in ips]
    ski = ca.extensions.get_extension_for_class(x509.SubjectKeyIdentifier).value
    certificate = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Keezen Toernooi"),
                                 x509.NameAttribute(NameOID.COMMON_NAME, "Keezen Toernooi server")]))
        .issuer_name(ca.subject).public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(min(now + datetime.timedelta(days=SERVER_DAYS), ca.not_valid_after_utc))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(digital_signature=True, content_commitment=False, key_encipherment=False,
                                     data_encipherment=False, key_agreement=False, key_cert_sign=False,
                                     crl_sign=False, encipher_only=False, decipher_only=False), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.SubjectAlternativeName(alternative), critical=False)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_subject_key_identifier(ski), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    return certificate, key


def _load(certificate_path: Path, key_path: Path):
    """The certificate and its key, or (None, None) when either is missing, unreadable or not a pair."""
    try:
        certificate = x509.load_pem_x509_certificate(certificate_path.read_bytes())
        key = serialization.load_pem_private_key(key_path.read_bytes(), password=None)
    except (OSError, ValueError, TypeError):
        return None, None
    if _public(certificate.public_key()) != _public(key.public_key()):
        return None, None
    return certificate, key


def _public(key) -> bytes:
    return key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)


def _is_authority(certificate: x509.Certificate) -> bool:
    try:
        return certificate.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    except x509.ExtensionNotFound:
        return False


def _expiring(certificate: x509.Certificate, now: datetime.datetime) -> bool:
    return certificate.not_valid_after_utc - now < datetime.timedelta(days=RENEW_DAYS) \
        or certificate.not_valid_before_utc > now


def _issued_by(certificate: x509.Certificate, ca: x509.Certificate) -> bool:
    try:
        certificate.verify_directly_issued_by(ca)
    except (ValueError, TypeError, InvalidSignature):
        return False
    return True


def _covers(certificate: x509.Certificate, names: list[str], ips: list) -> bool:
    try:
        alternative = certificate.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        return False
    return set(names) <= set(alternative.get_values_for_type(x509.DNSName)) \
        and set(ips) <= set(alternative.get_values_for_type(x509.IPAddress))


def _constraints(ca: x509.Certificate) -> x509.NameConstraints | None:
    try:
        return ca.extensions.get_extension_for_class(x509.NameConstraints).value
    except x509.ExtensionNotFound:
        return None


def _within(name: str, domain: str) -> bool:
    return name == domain or name.endswith("." + domain)


def _permits_name(ca: x509.Certificate, name: str) -> bool:
    constraints = _constraints(ca)
    if constraints is None or constraints.permitted_subtrees is None:
        return True
    domains = [tree.value for tree in constraints.permitted_subtrees if isinstance(tree, x509.DNSName)]
    return any(_within(name, domain) for domain in domains)


def _permits_ip(ca: x509.Certificate, ip) -> bool:
    constraints = _constraints(ca)
    if constraints is None or constraints.permitted_subtrees is None:
        return True
    networks = [tree.value for tree in constraints.permitted_subtrees if isinstance(tree, x509.IPAddress)]
    return any(ip.version == network.version and ip in network for network in networks)


def _key_pem(key) -> bytes:
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


def _write(path: Path, content: bytes, *, private: bool = False) -> None:
    """Whole or not at all (a temporary file renamed); keys readable by their owner only."""
    temporary = path.with_name(f".{path.name}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600 if private else 0o644)
    with os.fdopen(descriptor, "wb") as file:
        file.write(content)
        file.flush()
        os.fsync(file.fileno())
    os.replace(temporary, path)
