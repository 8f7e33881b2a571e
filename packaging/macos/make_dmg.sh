#!/usr/bin/env bash
# Make Shadowdice-VERSION-macos-ARCH.dmg from dist/Shadowdice.app (macOS only: hdiutil).
#
#     packaging/macos/make_dmg.sh [DIST] [OUT]        # defaults: dist dist
#
# The disk image opens as a window with the app and a link to /Applications, so installing
# is dragging one onto the other. It is compressed (UDZO) and read-only. Sign the app before
# (packaging/macos/sign.sh app) and sign and notarise the image after (sign.sh dmg); without
# a Developer ID the app keeps PyInstaller's ad-hoc signature.
set -euo pipefail
dist=$(cd "${1:-dist}" && pwd)
out=${2:-dist}
app="$dist/Shadowdice.app"
[ -d "$app" ] || { echo "no $app: run pyinstaller pyinstaller.spec on macOS first" >&2; exit 1; }
version=$(/usr/libexec/PlistBuddy -c "Print :CFBundleShortVersionString" "$app/Contents/Info.plist")
arch=$(uname -m)

staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
cp -R "$app" "$staging/"
ln -s /Applications "$staging/Applications"

mkdir -p "$out"
dmg="$out/Shadowdice-$version-macos-$arch.dmg"
rm -f "$dmg"
hdiutil create -volname "Shadowdice $version" -srcfolder "$staging" -fs HFS+ \
    -format UDZO -imagekey zlib-level=9 -ov "$dmg"
hdiutil verify "$dmg"
echo "$dmg"
