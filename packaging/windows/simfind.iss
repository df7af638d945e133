; The Windows installer: the bundle (dist\simfind\, from packaging/build.py) in Program
; Files, a Start-menu entry, "Open with simfind" for text files and a folder menu entry.
;   ISCC.exe /DAppVersion=0.1.0 packaging\windows\simfind.iss
; writes dist\installer\simfind-0.1.0-setup.exe. The CI workflow runs it.

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#define Root "..\.."
#define Gui "simfind-gui.exe"

[Setup]
AppId={{5E0C8E3B-6C58-4C7B-9A55-0F3A53A3B1D2}
AppName=simfind
AppVersion={#AppVersion}
AppPublisher=The simfind developers
AppPublisherURL=https://github.com/simfind/simfind
DefaultDirName={autopf}\simfind
DisableProgramGroupPage=yes
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
LicenseFile={#Root}\LICENSE
; Shown before installing, in both languages, until a signing certificate exists.
InfoBeforeFile={#Root}\packaging\windows\unsigned.txt
SetupIconFile={#Root}\resources\icons\simfind.ico
UninstallDisplayIcon={app}\{#Gui}
OutputDir={#Root}\dist\installer
OutputBaseFilename=simfind-{#AppVersion}-setup
Compression=lzma2
SolidCompression=yes
WizardStyle=modern
ChangesAssociations=yes

[Languages]
Name: "en"; MessagesFile: "compiler:Default.isl"

[Files]
Source: "{#Root}\dist\simfind\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\simfind"; Filename: "{app}\{#Gui}"

[Run]
Filename: "{app}\{#Gui}"; Description: "Open simfind"; Flags: nowait postinstall skipifsilent

[Registry]
; The application, as "Open with" lists it (a file passed in becomes the reference).
Root: HKA; Subkey: "Software\Classes\Applications\{#Gui}"; ValueType: string; ValueName: "FriendlyAppName"; ValueData: "simfind"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Applications\{#Gui}\shell\open\command"; ValueType: string; ValueData: """{app}\{#Gui}"" ""%1"""
; The kinds of file it offers to open: text, source code, markup and the documents it reads.
#define OpenWith(Ext) \
  'Root: HKA; Subkey: "Software\Classes\Applications\' + Gui + '\SupportedTypes"; ValueType: string; ValueName: "' + Ext + '"; ValueData: ""' + NewLine + \
  'Root: HKA; Subkey: "Software\Classes\' + Ext + '\OpenWithList\' + Gui + '"; ValueType: none; Flags: uninsdeletekey'
#sub AddType
  #emit OpenWith(Types[I])
#endsub
#define Types[0] ".txt"
#define Types[1] ".md"
#define Types[2] ".markdown"
#define Types[3] ".rst"
#define Types[4] ".csv"
#define Types[5] ".tsv"
#define Types[6] ".log"
#define Types[7] ".json"
#define Types[8] ".xml"
#define Types[9] ".html"
#define Types[10] ".htm"
#define Types[11] ".yaml"
#define Types[12] ".yml"
#define Types[13] ".toml"
#define Types[14] ".ini"
#define Types[15] ".py"
#define Types[16] ".c"
#define Types[17] ".h"
#define Types[18] ".cpp"
#define Types[19] ".cs"
#define Types[20] ".java"
#define Types[21] ".js"
#define Types[22] ".ts"
#define Types[23] ".go"
#define Types[24] ".rs"
#define Types[25] ".sql"
#define Types[26] ".tex"
#define Types[27] ".po"
#define Types[28] ".docx"
#define Types[29] ".pptx"
#define Types[30] ".odt"
#define Types[31] ".odp"
#define Types[32] ".pdf"
#define Types[33] ".xhtml"
#define Types[34] ".epub"
#define Types[35] ".rtf"
#define I
#for {I = 0; I < 36; I++} AddType
; Folders: "Find near-duplicates with simfind" in their context menu.
Root: HKA; Subkey: "Software\Classes\Directory\shell\simfind"; ValueType: string; ValueData: "Find near-duplicates with simfind"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Directory\shell\simfind"; ValueType: string; ValueName: "Icon"; ValueData: "{app}\{#Gui}"
Root: HKA; Subkey: "Software\Classes\Directory\shell\simfind\command"; ValueType: string; ValueData: """{app}\{#Gui}"" ""%1"""
