#!/usr/bin/env bash
# Sign the macOS app, or sign and notarise its disk image, when the signing secrets are given.
#
#     packaging/macos/sign.sh app dist/Shadowdice.app
#     packaging/macos/sign.sh dmg installers/Shadowdice-VERSION-macos-ARCH.dmg
#
# From the environment (the release workflow fills them from its secrets):
# MACOS_CERTIFICATE (the Developer ID Application certificate as a .p12, base64),
# MACOS_CERTIFICATE_PASSWORD, MACOS_SIGNING_IDENTITY ("Developer ID Application: ..."), and for
# notarising APPLE_ID, APPLE_TEAM_ID and APPLE_APP_PASSWORD (an app-specific password).
# Without them the app keeps PyInstaller's ad-hoc signature and the log says plainly that it
# is not signed (a warning annotation on GitHub).
set -euo pipefail
what=$1
path=$2

if [ -z "${MACOS_CERTIFICATE:-}" ] || [ -z "${MACOS_CERTIFICATE_PASSWORD:-}" ] \
        || [ -z "${MACOS_SIGNING_IDENTITY:-}" ]; then
    echo "::warning::NOT SIGNED: $path (the secrets MACOS_CERTIFICATE, MACOS_CERTIFICATE_PASSWORD and MACOS_SIGNING_IDENTITY are not set; the app is signed ad hoc only and not notarised)"
    exit 0
fi

keychain="${RUNNER_TEMP:-/tmp}/shadowdice-signing.keychain-db"
if [ ! -f "$keychain" ]; then
    keychain_password=$(uuidgen)
    certificate="${RUNNER_TEMP:-/tmp}/shadowdice-signing.p12"
    trap 'rm -f "$certificate"' EXIT
    echo "$MACOS_CERTIFICATE" | base64 --decode > "$certificate"
    security create-keychain -p "$keychain_password" "$keychain"
    security set-keychain-settings -lut 3600 "$keychain"
    security unlock-keychain -p "$keychain_password" "$keychain"
    security import "$certificate" -k "$keychain" -P "$MACOS_CERTIFICATE_PASSWORD" \
        -T /usr/bin/codesign
    security set-key-partition-list -S apple-tool:,apple: -k "$keychain_password" "$keychain"
    mapfile -t keychains < <(security list-keychains -d user | tr -d '" ')
    security list-keychains -d user -s "$keychain" "${keychains[@]}"
fi

case "$what" in
    app)
        codesign --force --deep --options runtime --timestamp \
            --sign "$MACOS_SIGNING_IDENTITY" --keychain "$keychain" "$path"
        codesign --verify --deep --strict --verbose=2 "$path"
        echo "Signed: $path"
        ;;
    dmg)
        codesign --force --timestamp --sign "$MACOS_SIGNING_IDENTITY" --keychain "$keychain" "$path"
        if [ -z "${APPLE_ID:-}" ] || [ -z "${APPLE_TEAM_ID:-}" ] || [ -z "${APPLE_APP_PASSWORD:-}" ]; then
            echo "::warning::NOT NOTARISED: $path (the secrets APPLE_ID, APPLE_TEAM_ID and APPLE_APP_PASSWORD are not set)"
            exit 0
        fi
        xcrun notarytool submit "$path" --apple-id "$APPLE_ID" --team-id "$APPLE_TEAM_ID" \
            --password "$APPLE_APP_PASSWORD" --wait
        xcrun stapler staple "$path"
        echo "Signed and notarised: $path"
        ;;
    *)
        echo "usage: $0 app|dmg PATH" >&2
        exit 2
        ;;
esac
