"""Check the locked packages against PyPI's known vulnerabilities where pip-audit cannot.

pip-audit asks PyPI for each pinned release (``/pypi/NAME/VERSION/json``) or asks OSV. Where
only the package index and PyPI's project pages answer (as on the machines CI runs on here),
this does what it can with the project page (``/pypi/NAME/json``): PyPI lists there the known
vulnerabilities of the project's newest release. A locked package whose pin is that release is
audited; one pinned to an older release is named as not audited, so that nobody reads a pass
into it. The release workflow runs pip-audit itself.

    python packaging/audit_lock.py [packaging/requirements-lock.txt]

Exit status 1 when an audited package has a known vulnerability that
``packaging/vulnerability-exceptions.txt`` does not accept, 2 when PyPI cannot be reached,
else 0.
"""

from __future__ import annotations

import json
import re
import sys
import urllib.error
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)", re.MULTILINE)


def pins(lock: Path) -> dict[str, str]:
    """Each locked package and its version."""
    return dict(PIN.findall(lock.read_text(encoding="utf-8")))


def accepted(exceptions: Path) -> set[str]:
    """The vulnerability ids accepted, each with its reason, in the exceptions file."""
    ids = set()
    for line in exceptions.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            ids.add(line.split()[0])
    return ids


def project_page(name: str) -> dict:
    """PyPI's JSON page of a project."""
    url = f"https://pypi.org/pypi/{name}/json"
    with urllib.request.urlopen(url, timeout=30) as response:
        return json.load(response)


def main() -> int:
    """Audit the lock file given (default: the installers')."""
    lock = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "requirements-lock.txt"
    ok_ids = accepted(HERE / "vulnerability-exceptions.txt")
    found, not_audited, audited = [], [], []
    for name, version in sorted(pins(lock).items()):
        try:
            page = project_page(name)
        except (urllib.error.URLError, TimeoutError) as error:
            print(f"audit: PyPI cannot be reached ({error}); nothing was audited")
            return 2
        if page["info"]["version"] != version:
            not_audited.append(f"{name}=={version} (newest {page['info']['version']})")
            continue
        audited.append(f"{name}=={version}")
        for vulnerability in page.get("vulnerabilities") or ():
            ids = {vulnerability["id"], *vulnerability.get("aliases", ())}
            if vulnerability.get("withdrawn") or ids & ok_ids:
                continue
            fixed = ", ".join(vulnerability.get("fixed_in") or ()) or "no fix yet"
            found.append(f"{name}=={version}: {vulnerability['id']} (fixed in {fixed})")
    print(f"audit: {len(audited)} locked packages checked against PyPI's known vulnerabilities")
    if not_audited:
        print("audit: NOT AUDITED here, pinned below PyPI's newest release (pip-audit in the")
        print("release workflow checks them): " + ", ".join(not_audited))
    for line in found:
        print(f"audit: VULNERABLE {line}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
