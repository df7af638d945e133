; The Windows installer: the bundle (dist\simfind\, from packaging/build.py) in Program
; Files, a Start-menu entry, "Open with simfind" for text files and a folder menu entry.
;   ISCC.exe /DAppVersion=0.1.0 packaging\windows\simfind.iss
; writes dist\installer\simfind-0.1.0-setup.exe. The CI workflow runs it.
; Saved as UTF-8 with a byte-order mark, as Inno Setup reads its Chinese text.
; In English, Simplified and Traditional Chinese (Windows' display language chooses;
; tests/packaging/test_installer.py checks the script, which cannot be run off Windows).

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
; Shown before installing, in its three languages, until a signing certificate exists.
InfoBeforeFile={#Root}\packaging\windows\unsigned.txt
SetupIconFile={#Root}\resources\icons\simfind.ico
UninstallDisplayIcon={app}\{#Gui}
OutputDir={#Root}\dist\installer
OutputBaseFilename=simfind-{#AppVersion}-setup
Compression=lzma2
SolidCompression=yes
WizardStyle=modern
ChangesAssociations=yes
; The option to put simfind on PATH (the Path task below).
ChangesEnvironment=yes
ShowLanguageDialog=auto

; Inno Setup's own Chinese messages: in its Languages folder from 6.5 on, else the copies
; the workflow fetches beside this script (languages\, from jrsoftware/issrc).
#define Messages(Name) \
  FileExists(CompilerPath + "Languages\" + Name) ? "compiler:Languages\" + Name : "languages\" + Name

[Languages]
Name: "en"; MessagesFile: "compiler:Default.isl"
Name: "zh_CN"; MessagesFile: "{#Messages("ChineseSimplified.isl")}"
Name: "zh_TW"; MessagesFile: "{#Messages("ChineseTraditional.isl")}"

[CustomMessages]
en.OpenApp=Open simfind
zh_CN.OpenApp=打开 simfind
zh_TW.OpenApp=開啟 simfind
en.FolderMenu=Find near-duplicates with simfind
zh_CN.FolderMenu=用 simfind 查找近似重复
zh_TW.FolderMenu=用 simfind 尋找近似重複
en.AddToPath=Add simfind to PATH (run "simfind" in a terminal)
zh_CN.AddToPath=将 simfind 加入 PATH（在终端里运行 "simfind"）
zh_TW.AddToPath=將 simfind 加入 PATH（在終端機中執行 "simfind"）
en.CommandLine=Command line:
zh_CN.CommandLine=命令行：
zh_TW.CommandLine=命令列：

[Tasks]
Name: "path"; Description: "{cm:AddToPath}"; GroupDescription: "{cm:CommandLine}"; Flags: unchecked

[Files]
Source: "{#Root}\dist\simfind\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\simfind"; Filename: "{app}\{#Gui}"

[Run]
Filename: "{app}\{#Gui}"; Description: "{cm:OpenApp}"; Flags: nowait postinstall skipifsilent

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
Root: HKA; Subkey: "Software\Classes\Directory\shell\simfind"; ValueType: string; ValueData: "{cm:FolderMenu}"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Directory\shell\simfind"; ValueType: string; ValueName: "Icon"; ValueData: "{app}\{#Gui}"
Root: HKA; Subkey: "Software\Classes\Directory\shell\simfind\command"; ValueType: string; ValueData: """{app}\{#Gui}"" ""%1"""
; simfind on PATH, when the Path task is chosen: the user's PATH for an installation for
; the user, the system's for one for all users. The folder is added once, and taken out
; again by the uninstaller (the [Code] below), the rest of PATH left as it was.
Root: HKCU; Subkey: "Environment"; ValueType: expandsz; ValueName: "Path"; ValueData: "{olddata};{app}"; Tasks: path; Check: not IsAdminInstallMode and NotOnPath(ExpandConstant('{app}'))
Root: HKLM; Subkey: "SYSTEM\CurrentControlSet\Control\Session Manager\Environment"; ValueType: expandsz; ValueName: "Path"; ValueData: "{olddata};{app}"; Tasks: path; Check: IsAdminInstallMode and NotOnPath(ExpandConstant('{app}'))

[Code]
function PathKey(var Root: Integer): String;
begin
  if IsAdminInstallMode then begin
    Root := HKEY_LOCAL_MACHINE;
    Result := 'SYSTEM\CurrentControlSet\Control\Session Manager\Environment';
  end else begin
    Root := HKEY_CURRENT_USER;
    Result := 'Environment';
  end;
end;

{ Whether Folder is not one of PATH's entries yet (compared without case, as Windows does). }
function NotOnPath(Folder: String): Boolean;
var
  Root: Integer;
  Key, Path: String;
begin
  Key := PathKey(Root);
  if not RegQueryStringValue(Root, Key, 'Path', Path) then begin
    Result := True;
    exit;
  end;
  Result := Pos(';' + Uppercase(Folder) + ';', ';' + Uppercase(Path) + ';') = 0;
end;

{ The uninstaller takes the folder out of PATH, the other entries kept as they were. }
procedure CurUninstallStepChanged(CurUninstallStep: TUninstallStep);
var
  Root: Integer;
  Key, Path, Folder: String;
  At: Integer;
begin
  if CurUninstallStep <> usPostUninstall then
    exit;
  Key := PathKey(Root);
  if not RegQueryStringValue(Root, Key, 'Path', Path) then
    exit;
  Folder := ExpandConstant('{app}');
  Path := ';' + Path + ';';
  At := Pos(';' + Uppercase(Folder) + ';', Uppercase(Path));
  if At = 0 then
    exit;
  Delete(Path, At, Length(Folder) + 1);
  Path := Copy(Path, 2, Length(Path) - 2);
  RegWriteExpandStringValue(Root, Key, 'Path', Path);
end;
