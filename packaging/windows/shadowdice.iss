; Inno Setup script for the Shadowdice installer (Inno Setup 6).
;
; Build the bundle first (pyinstaller pyinstaller.spec), then, from the top of the repository:
;
;     iscc packaging\windows\shadowdice.iss
;
; which writes dist\Shadowdice-VERSION-setup.exe. The version is read from the built
; executable's version resource, which the spec takes from pyproject.toml; /DAppVersion=...
; overrides it, /DDistDir=... names another bundle folder, /DOutputDir=... another output folder,
; /DIconFile=... another icon.
;
; The installer puts the bundle into Program Files (or, when the player chooses to install
; only for themselves, into their own programs folder), adds a start-menu entry and an
; optional desktop icon, makes Shadowdice open character files (*.shadowdice, ProgID
; Shadowdice.Character), and registers an uninstaller that removes all of it again.
; Characters and settings the player saved are not touched: they live in the player's own
; folders (AppData, Documents), never in {app}, so neither an upgrade (installing a newer
; version over this one, same AppId) nor the uninstaller touches them.
;
; Silent install for the current user, as the release workflow checks it:
;     Shadowdice-VERSION-setup.exe /VERYSILENT /SUPPRESSMSGBOXES /NORESTART /CURRENTUSER

#ifndef DistDir
  #define DistDir AddBackslash(SourcePath) + "..\..\dist\shadowdice"
#endif
#ifndef OutputDir
  #define OutputDir AddBackslash(SourcePath) + "..\..\dist"
#endif
#ifndef IconFile
  ; made by the spec (packaging/icons.py) in PyInstaller's default work folder
  #define IconFile AddBackslash(SourcePath) + "..\..\build\pyinstaller\icons\shadowdice.ico"
#endif
#define AppExeName "shadowdice.exe"
#ifndef AppVersion
  #define AppVersion GetStringFileInfo(AddBackslash(DistDir) + AppExeName, "ProductVersion")
#endif
#if AppVersion == ""
  #error Cannot read the version of the bundle: build it with pyinstaller first
#endif
#define AppName "Shadowdice"
#define CharacterExt ".shadowdice"
#define CharacterProgId "Shadowdice.Character"
#define CharacterTypeName "Shadowdice character"
#define CharacterMimeType "application/x-shadowdice-character"

[Setup]
; AppId identifies the app for upgrades and the uninstaller: never change it.
AppId={{6B7E3C2A-4F1D-4C8E-9A57-2D1E5B0C7F34}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=The Shadowdice team
VersionInfoVersion={#AppVersion}
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
; Per user without administrator rights by default; /ALLUSERS or the dialog installs for all.
PrivilegesRequiredOverridesAllowed=commandline dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
ChangesAssociations=yes
UninstallDisplayIcon={app}\{#AppExeName}
SetupIconFile={#IconFile}
OutputDir={#OutputDir}
OutputBaseFilename=Shadowdice-{#AppVersion}-setup
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"
Name: "german"; MessagesFile: "compiler:Languages\German.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#DistDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExeName}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExeName}"; Tasks: desktopicon

[Registry]
; HKA is HKLM for an install for all users, HKCU for one for the player alone.
Root: HKA; Subkey: "Software\Classes\{#CharacterExt}"; ValueType: string; ValueName: ""; ValueData: "{#CharacterProgId}"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\{#CharacterExt}"; ValueType: string; ValueName: "Content Type"; ValueData: "{#CharacterMimeType}"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\{#CharacterExt}\OpenWithProgids"; ValueType: string; ValueName: "{#CharacterProgId}"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\{#CharacterProgId}"; ValueType: string; ValueName: ""; ValueData: "{#CharacterTypeName}"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\{#CharacterProgId}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#AppExeName},0"
Root: HKA; Subkey: "Software\Classes\{#CharacterProgId}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExeName}"" ""%1"""
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExeName}\SupportedTypes"; ValueType: string; ValueName: "{#CharacterExt}"; ValueData: ""; Flags: uninsdeletekey

[Run]
Filename: "{app}\{#AppExeName}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
