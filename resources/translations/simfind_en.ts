<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>CatalogueWords</name>
    <message numerus="yes">
        <source>%n figure(s) marked ~ are estimates from the fingerprints (the catalogue&apos;s drive is away)</source>
        <extracomment>%n: figures shown &quot;~&quot;: a catalogue&apos;s files whose drive is away, no text kept.</extracomment>
        <translation>
            <numerusform>%n figure marked ~ is an estimate from the fingerprints (the catalogue&apos;s drive is away)</numerusform>
            <numerusform>%n figures marked ~ are estimates from the fingerprints (the catalogue&apos;s drive is away)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Catalogued %n text file(s) ({size}) in {name}, a file of {written}.</source>
        <extracomment>%n: text files catalogued; {size}: their size on the drive; {name}: the catalogue&apos;s file; {written}: that file&apos;s own size.</extracomment>
        <translation>
            <numerusform>Catalogued %n text file ({size}) in {name}, a file of {written}.</numerusform>
            <numerusform>Catalogued %n text files ({size}) in {name}, a file of {written}.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ComparePage</name>
    <message numerus="yes">
        <source>%n file(s) set apart: not duplicates of the reference</source>
        <translation>
            <numerusform>%n file set apart: not a duplicate of the reference</numerusform>
            <numerusform>%n files set apart: not duplicates of the reference</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Show Ignored (%n)</source>
        <translation>
            <numerusform>Show Ignored (%n)</numerusform>
            <numerusform>Show Ignored (%n)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ConfirmLinksDialog</name>
    <message numerus="yes">
        <source>Link the %n file(s) whose kept file is in a reference folder too (editing one would then edit the reference)</source>
        <translation>
            <numerusform>Link the %n file whose kept file is in a reference folder too (editing one would then edit the reference)</numerusform>
            <numerusform>Link the %n files whose kept file is in a reference folder too (editing one would then edit the reference)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Replace %n file(s) by hard links to the file kept in their group?</source>
        <translation>
            <numerusform>Replace %n file by a hard link to the file kept in its group?</numerusform>
            <numerusform>Replace %n files by hard links to the file kept in their group?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) have the bytes of a file in a reference folder (in orange): as links, editing one would edit the reference, so they are left as they are unless you tick the box.</source>
        <translation>
            <numerusform>%n file has the bytes of a file in a reference folder (in orange): as a link, editing it would edit the reference, so it is left as it is unless you tick the box.</numerusform>
            <numerusform>%n files have the bytes of a file in a reference folder (in orange): as links, editing one would edit the reference, so they are left as they are unless you tick the box.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) become links to files in reference folders: editing one of them edits the reference.</source>
        <translation>
            <numerusform>%n file becomes a link to a file in a reference folder: editing it edits the reference.</numerusform>
            <numerusform>%n files become links to files in reference folders: editing one of them edits the reference.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) differ from the kept file and are left as they are.</source>
        <translation>
            <numerusform>%n file differs from the kept file and is left as it is.</numerusform>
            <numerusform>%n files differ from the kept file and are left as they are.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n other file(s) are left as they are (in grey).</source>
        <translation>
            <numerusform>%n other file is left as it is (in grey).</numerusform>
            <numerusform>%n other files are left as they are (in grey).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ConfirmMoveDialog</name>
    <message numerus="yes">
        <source>Move the %n file(s) that changed since the scan too</source>
        <translation>
            <numerusform>Move the file that changed since the scan too</numerusform>
            <numerusform>Move the %n files that changed since the scan too</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>In %n group(s) every file is marked: no copy of them would be left here.</source>
        <translation>
            <numerusform>In %n group every file is marked: no copy of it would be left here.</numerusform>
            <numerusform>In %n groups every file is marked: no copy of them would be left here.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Keep these %n file(s): leave them where they are</source>
        <translation>
            <numerusform>Keep this file: leave it where it is</numerusform>
            <numerusform>Keep these %n files: leave them where they are</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n marked file(s) hold text the file kept in their group lacks:</source>
        <translation>
            <numerusform>%n marked file holds text the file kept in its group lacks:</numerusform>
            <numerusform>%n marked files hold text the file kept in their group lacks:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{path}: %n word(s) not in {kept}</source>
        <extracomment>A marked file, how many of its words the kept file lacks, and the kept file.</extracomment>
        <translation>
            <numerusform>{path}: %n word not in {kept}</numerusform>
            <numerusform>{path}: %n words not in {kept}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>and %n more</numerusform>
            <numerusform>and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Move %n file(s) ({size}) to the Trash?</source>
        <translation>
            <numerusform>Move %n file ({size}) to the Trash?</numerusform>
            <numerusform>Move %n files ({size}) to the Trash?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Move %n file(s) ({size}) to this folder?</source>
        <translation>
            <numerusform>Move %n file ({size}) to this folder?</numerusform>
            <numerusform>Move %n files ({size}) to this folder?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) stay: the file kept in their group changed or is gone since the scan (in grey). Scan again to compare them anew.</source>
        <translation>
            <numerusform>%n file stays: the file kept in its group changed or is gone since the scan (in grey). Scan again to compare it anew.</numerusform>
            <numerusform>%n files stay: the file kept in their group changed or is gone since the scan (in grey). Scan again to compare them anew.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CoreWords</name>
    <message numerus="yes">
        <source>%n scanned page(s)</source>
        <translation>
            <numerusform>%n scanned page</numerusform>
            <numerusform>%n scanned pages</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unreadable entry(s) in the fingerprint cache were dropped</source>
        <translation>
            <numerusform>%n unreadable entry in the fingerprint cache was dropped</numerusform>
            <numerusform>%n unreadable entries in the fingerprint cache were dropped</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The ignore list was damaged; it was moved to {path} and a new one started with the %n entry(s) that could still be read</source>
        <translation>
            <numerusform>The ignore list was damaged; it was moved to {path} and a new one started with the %n entry that could still be read</numerusform>
            <numerusform>The ignore list was damaged; it was moved to {path} and a new one started with the %n entries that could still be read</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CutCellsWarning</name>
    <message numerus="yes">
        <source>%n cell(s) held more than the {limit} characters an Excel cell holds. Each is cut in its cell, with a note, and written whole on the sheet &quot;{sheet}&quot;. A CSV export keeps every value in one piece.</source>
        <extracomment>{limit}: 32,767; {sheet}: the name of the workbook&apos;s sheet of whole texts.</extracomment>
        <translation>
            <numerusform>%n cell held more than the {limit} characters an Excel cell holds. It is cut in its cell, with a note, and written whole on the sheet &quot;{sheet}&quot;. A CSV export keeps every value in one piece.</numerusform>
            <numerusform>%n cells held more than the {limit} characters an Excel cell holds. Each is cut in its cell, with a note, and written whole on the sheet &quot;{sheet}&quot;. A CSV export keeps every value in one piece.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DiffSummary</name>
    <message numerus="yes">
        <source>%n shared passage(s)</source>
        <translation>
            <numerusform>%n shared passage</numerusform>
            <numerusform>%n shared passages</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n word(s)</source>
        <translation>
            <numerusform>%n word</numerusform>
            <numerusform>%n words</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> and %n more</source>
        <translation>
            <numerusform> and %n more</numerusform>
            <numerusform> and %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FileMoves</name>
    <message numerus="yes">
        <source>%n file(s) were left as they are. Details list each with its reason.</source>
        <translation>
            <numerusform>%n file was left as it is. Details give the reason.</numerusform>
            <numerusform>%n files were left as they are. Details list each with its reason.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) stayed where they were. Details list each with its reason.</source>
        <translation>
            <numerusform>%n file stayed where it was. Details say why.</numerusform>
            <numerusform>%n files stayed where they were. Details list each with its reason.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FoldersView</name>
    <message numerus="yes">
        <source>%n pair(s) of folders with at least half their bytes in identical or near-duplicate files; select a pair of files for its diff below, double-click it for a window of its own.</source>
        <translation>
            <numerusform>%n pair of folders with at least half their bytes in identical or near-duplicate files; select a pair of files for its diff below, double-click it for a window of its own.</numerusform>
            <numerusform>%n pairs of folders with at least half their bytes in identical or near-duplicate files; select a pair of files for its diff below, double-click it for a window of its own.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GroupsPage</name>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 and %n more</numerusform>
            <numerusform>%1 and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Marked %n file(s)</source>
        <translation>
            <numerusform>Marked %n file</numerusform>
            <numerusform>Marked %n files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %n group(s) have no file in that folder and were left</source>
        <translation>
            <numerusform>; %n group has no file in that folder and was left unmarked</numerusform>
            <numerusform>; %n groups have no file in that folder and were left unmarked</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n group(s) set apart: their files are not duplicates</source>
        <translation>
            <numerusform>%n group set apart: its files are not duplicates</numerusform>
            <numerusform>%n groups set apart: their files are not duplicates</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) set apart: not duplicates of their groups</source>
        <translation>
            <numerusform>%n file set apart: not a duplicate of its group</numerusform>
            <numerusform>%n files set apart: not duplicates of their groups</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>IgnoreListDialog</name>
    <message numerus="yes">
        <source>%n pair(s)</source>
        <translation>
            <numerusform>%n pair</numerusform>
            <numerusform>%n pairs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n pair(s)</source>
        <translation>
            <numerusform>%1 of %n pair</numerusform>
            <numerusform>%1 of %n pairs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Take all %n pair(s) off the ignore list? Their files can be grouped together again from the next scan.</source>
        <translation>
            <numerusform>Take the %n pair off the ignore list? Its files can be grouped together again from the next scan.</numerusform>
            <numerusform>Take all %n pairs off the ignore list? Their files can be grouped together again from the next scan.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LineCopies</name>
    <message numerus="yes">
        <source>%n line(s) left out of {source}; the copy:
{target}</source>
        <translation>
            <numerusform>%n line left out of {source}; the copy:
{target}</numerusform>
            <numerusform>%n lines left out of {source}; the copy:
{target}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Saved %n copy(ies) without the marked lines</source>
        <translation>
            <numerusform>Saved %n copy without the marked lines</numerusform>
            <numerusform>Saved %n copies without the marked lines</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LinesPage</name>
    <message numerus="yes">
        <source>%n line(s) marked</source>
        <translation>
            <numerusform>%n line marked</numerusform>
            <numerusform>%n lines marked</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Comparing: %n pair(s)</source>
        <translation>
            <numerusform>Comparing: %n pair</numerusform>
            <numerusform>Comparing: %n pairs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reading: %n file(s)</source>
        <translation>
            <numerusform>Reading: %n file</numerusform>
            <numerusform>Reading: %n files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n group(s) of near-duplicates</source>
        <translation>
            <numerusform>%n group of near-duplicates</numerusform>
            <numerusform>%n groups of near-duplicates</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n record(s)</source>
        <translation>
            <numerusform>%n record</numerusform>
            <numerusform>%n records</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation>
            <numerusform>%n file</numerusform>
            <numerusform>%n files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) skipped</source>
        <translation>
            <numerusform>%n file skipped</numerusform>
            <numerusform>%n files skipped</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <source>Copied %n path(s)</source>
        <translation>
            <numerusform>Copied %n path</numerusform>
            <numerusform>Copied %n paths</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MarkBar</name>
    <message numerus="yes">
        <source>%n file(s) marked, {size}</source>
        <translation>
            <numerusform>%n file marked, {size}</numerusform>
            <numerusform>%n files marked, {size}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MoveBar</name>
    <message numerus="yes">
        <source>Moved %n file(s) ({size}) to the Trash.</source>
        <translation>
            <numerusform>Moved %n file ({size}) to the Trash.</numerusform>
            <numerusform>Moved %n files ({size}) to the Trash.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Moved %n file(s) ({size}) to {folder}.</source>
        <translation>
            <numerusform>Moved %n file ({size}) to {folder}.</numerusform>
            <numerusform>Moved %n files ({size}) to {folder}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Replaced %n file(s) by hard links to the kept files, freeing {size}.</source>
        <translation>
            <numerusform>Replaced %n file by a hard link to the kept file, freeing {size}.</numerusform>
            <numerusform>Replaced %n files by hard links to the kept files, freeing {size}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Made %n file(s) independent copies again.</source>
        <translation>
            <numerusform>Made %n file an independent copy again.</numerusform>
            <numerusform>Made %n files independent copies again.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Put %n file(s) back where they were.</source>
        <translation>
            <numerusform>Put %n file back where it was.</numerusform>
            <numerusform>Put %n files back where they were.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be made copies again (see Details).</source>
        <translation>
            <numerusform>%n file could not be made a copy again (see Details).</numerusform>
            <numerusform>%n files could not be made copies again (see Details).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) were not replaced (see Details).</source>
        <translation>
            <numerusform>%n file was not replaced (see Details).</numerusform>
            <numerusform>%n files were not replaced (see Details).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be put back (see Details).</source>
        <translation>
            <numerusform>%n file could not be put back (see Details).</numerusform>
            <numerusform>%n files could not be put back (see Details).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) were not moved (see Details).</source>
        <translation>
            <numerusform>%n file was not moved (see Details).</numerusform>
            <numerusform>%n files were not moved (see Details).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReportWords</name>
    <message numerus="yes">
        <source>%n shared passage(s)</source>
        <translation>
            <numerusform>%n shared passage</numerusform>
            <numerusform>%n shared passages</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ResultWords</name>
    <message numerus="yes">
        <source>%n file(s) changed since saved</source>
        <translation>
            <numerusform>%n file changed since saved</numerusform>
            <numerusform>%n files changed since saved</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) gone since saved</source>
        <translation>
            <numerusform>%n file gone since saved</numerusform>
            <numerusform>%n files gone since saved</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n group(s) opened from a result saved {saved}</source>
        <translation>
            <numerusform>%n group opened from a result saved {saved}</numerusform>
            <numerusform>%n groups opened from a result saved {saved}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ScanStatus</name>
    <message numerus="yes">
        <source>%n group(s) ({files} files) left. Found: {summary}</source>
        <extracomment>%n: the groups still shown after files were moved, trashed or set apart; {summary}: what the search had found.</extracomment>
        <translation>
            <numerusform>%n group ({files} files) left. Found: {summary}</numerusform>
            <numerusform>%n groups ({files} files) left. Found: {summary}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n group(s) of near-duplicates so far ({files} files); still comparing…</source>
        <extracomment>%n: the groups of near-duplicates shown so far, while the search goes on.</extracomment>
        <translation>
            <numerusform>%n group of near-duplicates so far ({files} files); still comparing…</numerusform>
            <numerusform>%n groups of near-duplicates so far ({files} files); still comparing…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n figure(s) marked ~ are estimates: the texts are too long to compare word by word in time</source>
        <extracomment>%n: figures shown &quot;~&quot; because the two texts are too long to compare word by word in time.</extracomment>
        <translation>
            <numerusform>%n figure marked ~ is an estimate: the texts are too long to compare word by word in time</numerusform>
            <numerusform>%n figures marked ~ are estimates: the texts are too long to compare word by word in time</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n identical copy(-ies) of the reference; it is no text, so the files of its size were compared with it by their bytes; {skipped} skipped</source>
        <extracomment>%n: the copies found of a reference that is no text (an image, an archive), compared with the folder&apos;s files of its size by their bytes.</extracomment>
        <translation>
            <numerusform>%n identical copy of the reference; it is no text, so the files of its size were compared with it by their bytes; {skipped} skipped</numerusform>
            <numerusform>%n identical copies of the reference; it is no text, so the files of its size were compared with it by their bytes; {skipped} skipped</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Cancelled — {similar} similar of {scanned} scanned; only the nearest %n compared exactly; {skipped} skipped</source>
        <extracomment>%n: how many of the files found before the cancel were compared exactly.</extracomment>
        <translation>
            <numerusform>Cancelled — {similar} similar of {scanned} scanned; only the nearest file compared exactly; {skipped} skipped</numerusform>
            <numerusform>Cancelled — {similar} similar of {scanned} scanned; only the nearest %n compared exactly; {skipped} skipped</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n group(s) ({files} files): {identical} identical, {same} same text, {near} near-duplicates; among {scanned} files, {skipped} skipped</source>
        <extracomment>%n: groups of files; then the files in them, how many groups are of identical files, of the same text, of near-duplicates, the files looked at (of any kind) and the files skipped.</extracomment>
        <translation>
            <numerusform>%n group ({files} files): {identical} identical, {same} same text, {near} near-duplicates; among {scanned} files, {skipped} skipped</numerusform>
            <numerusform>%n groups ({files} files): {identical} identical, {same} same text, {near} near-duplicates; among {scanned} files, {skipped} skipped</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n group(s) of near-duplicates ({files} files) among {scanned} scanned, {skipped} skipped</source>
        <extracomment>%n: groups of near-duplicate files; then the files in them, the text files read and the files skipped.</extracomment>
        <translation>
            <numerusform>%n group of near-duplicates ({files} files) among {scanned} scanned, {skipped} skipped</numerusform>
            <numerusform>%n groups of near-duplicates ({files} files) among {scanned} scanned, {skipped} skipped</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{summary}; %n estimate(s) from fingerprints (a catalogue&apos;s drive is away)</source>
        <extracomment>%n: pairs with a catalogued file whose drive is away, compared by their fingerprints&apos; estimate alone (no text to compare exactly).</extracomment>
        <translation>
            <numerusform>{summary}; %n estimate from fingerprints (a catalogue&apos;s drive is away)</numerusform>
            <numerusform>{summary}; %n estimates from fingerprints (a catalogue&apos;s drive is away)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SkippedDialog</name>
    <message numerus="yes">
        <source>%n file(s) were not compared:</source>
        <translation>
            <numerusform>%n file was not compared:</numerusform>
            <numerusform>%n files were not compared:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>VersionsView</name>
    <message numerus="yes">
        <source>%n version(s)</source>
        <translation>
            <numerusform>%n version</numerusform>
            <numerusform>%n versions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n chain(s)</source>
        <translation>
            <numerusform>%n chain</numerusform>
            <numerusform>%n chains</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Wording</name>
    <message numerus="yes">
        <source>%n changed line(s) longer than {limit} characters are shown without word highlighting</source>
        <translation>
            <numerusform>%n changed line longer than {limit} characters is shown without word highlighting</numerusform>
            <numerusform>%n changed lines longer than {limit} characters are shown without word highlighting</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>⋯ %n unchanged line(s)</source>
        <translation>
            <numerusform>⋯ %n unchanged line</numerusform>
            <numerusform>⋯ %n unchanged lines</numerusform>
        </translation>
    </message>
</context>
</TS>
