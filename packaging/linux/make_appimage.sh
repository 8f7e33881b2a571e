#!/usr/bin/env bash
# Make Shadowdice-VERSION-ARCH.AppImage from the PyInstaller bundle (dist/shadowdice).
#
#     packaging/linux/make_appimage.sh [DIST] [OUT]        # defaults: dist dist
#
# Needs appimagetool on PATH or in APPIMAGETOOL (https://github.com/AppImage/appimagetool
# releases), and the AppImage type 2 runtime it packs in APPIMAGE_RUNTIME (without it,
# appimagetool downloads the newest runtime itself, unpinned). Neither is in PyPI or Debian's
# packages, so this script cannot run on machines that reach only those; the release workflow
# downloads both, pinned to a release and checked against their SHA-256. The AppDir it packs:
#
#     AppRun                    starts usr/lib/shadowdice/shadowdice with the arguments given
#     shadowdice.desktop        packaging/linux/shadowdice.desktop
#     shadowdice.svg, .DirIcon  the icon
#     usr/lib/shadowdice/       the bundle
#     usr/share/...             desktop entry, MIME type and icons, as in the tarball
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
dist=$(realpath "${1:-dist}")
out=$(realpath "${2:-dist}")
bundle="$dist/shadowdice"
[ -x "$bundle/shadowdice" ] || { echo "no bundle in $bundle: run pyinstaller first" >&2; exit 1; }
tool=${APPIMAGETOOL:-appimagetool}
command -v "$tool" >/dev/null || { echo "appimagetool is not installed (set APPIMAGETOOL)" >&2; exit 2; }
python=${PYTHON:-python3}
version=$("$python" -c 'import sys, tomllib; print(tomllib.load(open(sys.argv[1], "rb"))["project"]["version"])' "$root/pyproject.toml")
arch=$(uname -m)

appdir=$(mktemp -d)/Shadowdice.AppDir
trap 'rm -rf "$(dirname "$appdir")"' EXIT
mkdir -p "$appdir/usr/lib" "$appdir/usr/share/applications" "$appdir/usr/share/mime/packages" \
    "$appdir/usr/share/icons/hicolor/scalable/apps" "$appdir/usr/share/icons/hicolor/256x256/apps"
cp -R "$bundle" "$appdir/usr/lib/shadowdice"
cp "$root/packaging/linux/shadowdice.desktop" "$appdir/shadowdice.desktop"
cp "$root/packaging/linux/shadowdice.desktop" "$appdir/usr/share/applications/"
cp "$root/packaging/linux/shadowdice-character.xml" "$appdir/usr/share/mime/packages/"
cp "$root/resources/icons/shadowdice.svg" "$appdir/shadowdice.svg"
cp "$root/resources/icons/shadowdice.svg" "$appdir/usr/share/icons/hicolor/scalable/apps/"
QT_QPA_PLATFORM=offscreen "$python" "$root/packaging/icons.py" "$appdir/.icons" >/dev/null
mv "$appdir/.icons/shadowdice.png" "$appdir/usr/share/icons/hicolor/256x256/apps/shadowdice.png"
rm -rf "$appdir/.icons"
ln -s shadowdice.svg "$appdir/.DirIcon"
cat > "$appdir/AppRun" <<'APPRUN'
#!/bin/sh
here=$(dirname "$(readlink -f "$0")")
exec "$here/usr/lib/shadowdice/shadowdice" "$@"
APPRUN
chmod 755 "$appdir/AppRun"

mkdir -p "$out"
runtime=()
[ -n "${APPIMAGE_RUNTIME:-}" ] && runtime=(--runtime-file "$APPIMAGE_RUNTIME")
ARCH="$arch" "$tool" --no-appstream "${runtime[@]}" "$appdir" "$out/Shadowdice-$version-$arch.AppImage"
echo "$out/Shadowdice-$version-$arch.AppImage"
