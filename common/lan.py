"""The machine's own network addresses.

A director serves the site from a laptop on the venue's LAN; phones reach it by the laptop's
address. Settings use these addresses for ``ALLOWED_HOSTS`` and ``manage.py serve`` prints them.
Nothing here sends a packet: addresses are read from the system.
"""

from __future__ import annotations

import ipaddress
import shutil
import socket
import subprocess

LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"]


def _from_ip_command() -> list[str]:
    if not shutil.which("ip"):
        return []
    try:
        out = subprocess.run(
            ["ip", "-o", "addr", "show", "up"], capture_output=True, text=True, timeout=2
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    found = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) > 3 and parts[2] in ("inet", "inet6"):
            found.append(parts[3].split("/")[0])
    return found


def _from_hostname() -> list[str]:
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None)
    except OSError:
        return []
    return [info[4][0] for info in infos]


def lan_addresses() -> list[str]:
    """IPv4 addresses of this machine that other devices on the LAN can reach, best first."""
    seen: list[str] = []
    for raw in _from_ip_command() + _from_hostname():
        try:
            address = ipaddress.ip_address(raw.split("%")[0])
        except ValueError:
            continue
        if address.version != 4 or address.is_loopback or address.is_link_local:
            continue
        if str(address) not in seen:
            seen.append(str(address))
    return sorted(seen, key=lambda a: not ipaddress.ip_address(a).is_private)


def default_allowed_hosts() -> list[str]:
    """Loopback, the host name and every LAN address: what phones at the venue will use."""
    name = socket.gethostname()
    return LOOPBACK_HOSTS + [name, f"{name}.local"] + lan_addresses()
