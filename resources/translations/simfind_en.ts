<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <source>%n file(s) were not compared. Details list each with its reason.</source>
        <translation>
            <numerusform>%n file was not compared. Details give the reason.</numerusform>
            <numerusform>%n files were not compared. Details list each with its reason.</numerusform>
        </translation>
    </message>
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
        <source>Scanning… %n text file(s) so far</source>
        <translation>
            <numerusform>Scanning… %n text file so far</numerusform>
            <numerusform>Scanning… %n text files so far</numerusform>
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
        <source>%n unreadable entry(s) in the fingerprint cache were dropped</source>
        <translation>
            <numerusform>%n unreadable entry in the fingerprint cache was dropped</numerusform>
            <numerusform>%n unreadable entries in the fingerprint cache were dropped</numerusform>
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
