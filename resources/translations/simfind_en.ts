<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
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
    <name>ScanStatus</name>
    <message numerus="yes">
        <source>Cancelled — {similar} similar of {scanned} scanned; only the nearest %n compared exactly; {skipped} skipped</source>
        <extracomment>%n: how many of the files found before the cancel were compared exactly.</extracomment>
        <translation>
            <numerusform>Cancelled — {similar} similar of {scanned} scanned; only the nearest file compared exactly; {skipped} skipped</numerusform>
            <numerusform>Cancelled — {similar} similar of {scanned} scanned; only the nearest %n compared exactly; {skipped} skipped</numerusform>
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
    <name>Wording</name>
    <message numerus="yes">
        <source>%n scanned page(s)</source>
        <translation>
            <numerusform>%n scanned page</numerusform>
            <numerusform>%n scanned pages</numerusform>
        </translation>
    </message>
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
