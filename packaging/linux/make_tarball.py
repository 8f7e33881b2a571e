"""Pack the Linux bundle into ``shadowdice-VERSION-linux-ARCH.tar.gz`` with its desktop files.

Run after ``pyinstaller pyinstaller.spec``, from anywhere::

    python packaging/linux/make_tarball.py [--dist dist] [--out dist]

The tarball unpacks into one folder, ``shadowdice-VERSION/``::

    shadowdice/                      the PyInstaller bundle; shadowdice/shadowdice starts the app
    share/applications/shadowdice.desktop
    share/mime/packages/shadowdice-character.xml
    share/icons/hicolor/scalable/apps/shadowdice.svg
    share/icons/hicolor/256x256/apps/shadowdice.png
    install.sh                       installs for the current user (~/.local), no root needed
    uninstall.sh                     removes what install.sh put there

The version is the one in pyproject.toml. Entries are sorted and owned by root with the
bundle's own modes, so two packings of one bundle give the same members.
"""

from __future__ import annotations

import argparse
import io
import os
import platform
import subprocess
import sys
import tarfile
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

INSTALL_SH = """\
#!/bin/sh
# Install Shadowdice for the current user: the program in ~/.local/opt/shadowdice, the
# command in ~/.local/bin, the menu entry, icon and character file type in ~/.local/share.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
rm -rf "$HOME/.local/opt/shadowdice"
mkdir -p "$HOME/.local/opt" "$HOME/.local/bin"
cp -R "$here/shadowdice" "$HOME/.local/opt/shadowdice"
ln -sf "$HOME/.local/opt/shadowdice/shadowdice" "$HOME/.local/bin/shadowdice"
for file in applications/shadowdice.desktop mime/packages/shadowdice-character.xml \\
        icons/hicolor/scalable/apps/shadowdice.svg icons/hicolor/256x256/apps/shadowdice.png; do
    mkdir -p "$data/$(dirname "$file")"
    cp "$here/share/$file" "$data/$file"
done
command -v update-mime-database >/dev/null && update-mime-database "$data/mime" || true
command -v update-desktop-database >/dev/null \\
    && update-desktop-database "$data/applications" || true
# Two libraries come from the system, not the bundle: its D-Bus and printing clients.
if command -v ldconfig >/dev/null; then
    ldconfig -p | grep -q 'libdbus-1[.]so[.]3 ' || echo "Shadowdice needs the system's D-Bus \
library to start: install libdbus-1-3 (Debian, Ubuntu) or dbus-libs (Fedora)."
    ldconfig -p | grep -q 'libcups[.]so[.]2 ' || echo "Printing offers PDF files only until \
the system's printing library is installed: libcups2 (Debian, Ubuntu) or cups-libs (Fedora)."
fi
echo "Shadowdice is installed; start it from the menu or with: shadowdice"
case ":$PATH:" in *":$HOME/.local/bin:"*) ;; *) echo "(add ~/.local/bin to PATH)";; esac
"""

UNINSTALL_SH = """\
#!/bin/sh
# Remove what install.sh installed. Characters and settings stay.
set -eu
data=${XDG_DATA_HOME:-$HOME/.local/share}
rm -rf "$HOME/.local/opt/shadowdice"
rm -f "$HOME/.local/bin/shadowdice" "$data/applications/shadowdice.desktop" \\
    "$data/mime/packages/shadowdice-character.xml" \\
    "$data/icons/hicolor/scalable/apps/shadowdice.svg" \\
    "$data/icons/hicolor/256x256/apps/shadowdice.png"
command -v update-mime-database >/dev/null && update-mime-database "$data/mime" || true
command -v update-desktop-database >/dev/null \\
    && update-desktop-database "$data/applications" || true
echo "Shadowdice is removed."
"""


def project_version() -> str:
    """The version in pyproject.toml."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)["project"]["version"]


def icon_png(work: Path) -> Path:
    """The 256-pixel PNG icon, drawn from the SVG by packaging/icons.py into ``work``."""
    subprocess.run(
        [sys.executable, str(ROOT / "packaging" / "icons.py"), str(work)],
        check=True,
        capture_output=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    return work / "shadowdice.png"


def _normalised(info: tarfile.TarInfo) -> tarfile.TarInfo:
    info.uid = info.gid = 0
    info.uname = info.gname = "root"
    info.mtime = 0
    return info


def _add_text(tar: tarfile.TarFile, name: str, text: str, mode: int = 0o644) -> None:
    data = text.encode()
    info = _normalised(tarfile.TarInfo(name))
    info.size, info.mode = len(data), mode
    tar.addfile(info, io.BytesIO(data))


def make_tarball(bundle: Path, out: Path, work: Path) -> Path:
    """Pack ``bundle`` (dist/shadowdice) and the desktop files; returns the tarball's path."""
    if not (bundle / "shadowdice").is_file():
        raise SystemExit(f"no bundle in {bundle}: run `pyinstaller pyinstaller.spec` first")
    version = project_version()
    top = f"shadowdice-{version}"
    out.mkdir(parents=True, exist_ok=True)
    tarball = out / f"{top}-linux-{platform.machine()}.tar.gz"
    files = {
        "share/applications/shadowdice.desktop": HERE / "shadowdice.desktop",
        "share/mime/packages/shadowdice-character.xml": HERE / "shadowdice-character.xml",
        "share/icons/hicolor/scalable/apps/shadowdice.svg": ROOT / "resources/icons/shadowdice.svg",
        "share/icons/hicolor/256x256/apps/shadowdice.png": icon_png(work),
    }
    with tarfile.open(tarball, "w:gz") as tar:
        for path in sorted(bundle.rglob("*")):
            name = f"{top}/shadowdice/{path.relative_to(bundle).as_posix()}"
            tar.add(path, name, recursive=False, filter=_normalised)
        for name, path in files.items():
            tar.add(path, f"{top}/{name}", filter=_normalised)
        _add_text(tar, f"{top}/install.sh", INSTALL_SH, 0o755)
        _add_text(tar, f"{top}/uninstall.sh", UNINSTALL_SH, 0o755)
    return tarball


def main() -> None:
    """Command line: where the bundle is, where the tarball goes."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=Path("dist"), help="PyInstaller's dist")
    parser.add_argument("--out", type=Path, default=Path("dist"), help="where to write")
    arguments = parser.parse_args()
    work = arguments.out / "linux-icons"
    print(make_tarball(arguments.dist / "shadowdice", arguments.out, work))


if __name__ == "__main__":
    main()
