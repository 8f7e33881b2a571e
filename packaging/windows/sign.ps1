# Sign one Windows executable with the project's code-signing certificate, when it is given.
#
#     packaging\windows\sign.ps1 PATH
#
# The certificate comes from the environment: WINDOWS_CERTIFICATE (the PFX file, base64) and
# WINDOWS_CERTIFICATE_PASSWORD, which the release workflow fills from its secrets. Without
# them nothing is signed and the log says so plainly (a warning annotation on GitHub).
param([Parameter(Mandatory = $true)][string]$Path)
$ErrorActionPreference = "Stop"

if (-not $env:WINDOWS_CERTIFICATE -or -not $env:WINDOWS_CERTIFICATE_PASSWORD) {
    Write-Output "::warning::NOT SIGNED: $Path (the secrets WINDOWS_CERTIFICATE and WINDOWS_CERTIFICATE_PASSWORD are not set)"
    exit 0
}
$signtool = Get-ChildItem "${env:ProgramFiles(x86)}\Windows Kits\10\bin\*\x64\signtool.exe" |
    Sort-Object FullName | Select-Object -Last 1
if (-not $signtool) { throw "signtool.exe is not on this runner image" }
$pfx = Join-Path $env:RUNNER_TEMP "shadowdice-signing.pfx"
try {
    [IO.File]::WriteAllBytes($pfx, [Convert]::FromBase64String($env:WINDOWS_CERTIFICATE))
    & $signtool.FullName sign /f $pfx /p $env:WINDOWS_CERTIFICATE_PASSWORD /fd SHA256 `
        /tr http://timestamp.digicert.com /td SHA256 /d Shadowdice $Path
    if ($LASTEXITCODE -ne 0) { exit $LASTEXITCODE }
    & $signtool.FullName verify /pa $Path
    if ($LASTEXITCODE -ne 0) { exit $LASTEXITCODE }
    Write-Output "Signed: $Path"
}
finally {
    Remove-Item -Force -ErrorAction SilentlyContinue $pfx
}
