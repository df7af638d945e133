<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AboutDialog</name>
    <message>
        <source>About simfind</source>
        <translation>关于 simfind</translation>
    </message>
    <message>
        <source>&amp;Licences…</source>
        <translation>许可证(&amp;L)…</translation>
    </message>
    <message>
        <source>MIT licence</source>
        <translation>MIT 许可证</translation>
    </message>
    <message>
        <source>Home page</source>
        <translation>项目主页</translation>
    </message>
    <message>
        <source>Report a problem</source>
        <translation>报告问题</translation>
    </message>
    <message>
        <source>Find the near-duplicates of a file in a folder, and see how they differ.</source>
        <translation>在文件夹中找出与某个文件相似的文件，并查看它们的差异。</translation>
    </message>
    <message>
        <source>SimHash fingerprints, jieba for Chinese, exact verification.</source>
        <translation>SimHash 指纹，中文使用结巴分词，并对结果精确核对。</translation>
    </message>
    <message>
        <source>Free software under the {licence}.</source>
        <translation>本软件是自由软件，采用 {licence}。</translation>
    </message>
    <message>
        <source>Python {python}, Qt {qt}, PySide6 {pyside}</source>
        <translation>Python {python}，Qt {qt}，PySide6 {pyside}</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <source>Unexpected error</source>
        <translation>意外错误</translation>
    </message>
    <message>
        <source>Something went wrong: {error}
Your results are still here.</source>
        <translation>出现了问题：{error}
已有的结果仍然保留。</translation>
    </message>
</context>
<context>
    <name>CatalogueDialog</name>
    <message>
        <source>Update a Catalogue</source>
        <extracomment>The lane&apos;s key of the catalogue being written (one at a time). The catalogue is written (or the update done, or cancelled): what it did.</extracomment>
        <translation>更新编目</translation>
    </message>
    <message>
        <source>Bring a catalogue up to date: its folders are walked again and only the files that are new or changed are read. Its drive must be plugged in.</source>
        <translation>更新编目：重新遍历它的文件夹，只读取新增或改动过的文件。它所在的驱动器必须已接入。</translation>
    </message>
    <message>
        <source>&amp;Catalogue:</source>
        <translation>编目(&amp;C)：</translation>
    </message>
    <message>
        <source>Make a Catalogue</source>
        <translation>制作编目</translation>
    </message>
    <message>
        <source>A catalogue is one file describing the text files of folders (a backup drive, a USB stick, a share): their fingerprints, sizes and hashes. Compare with it, or search it for groups, while the drive is away: give the .simcat where a folder goes.</source>
        <translation>编目是一个文件，记录若干文件夹（备份硬盘、U 盘、共享文件夹）中文本文件的指纹、大小和哈希值。驱动器不在身边时，也能拿它来比较或查找重复组：在填文件夹的地方填上这个 .simcat 文件即可。</translation>
    </message>
    <message>
        <source>&amp;Write to:</source>
        <translation>保存到(&amp;W)：</translation>
    </message>
    <message>
        <source>The catalogue file (.simcat)</source>
        <translation>编目文件（.simcat）</translation>
    </message>
    <message>
        <source>Add Folder…</source>
        <translation>添加文件夹…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>&amp;Keep the texts too (compressed)</source>
        <translation>同时保存文本（压缩）(&amp;K)</translation>
    </message>
    <message>
        <source>With the texts, the figures are exact and the diff is shown while the drive is away; without them the catalogue is much smaller and its figures are estimates from the fingerprints</source>
        <translation>保存文本后，即使驱动器不在，数值也是精确的，并能显示差异；不保存文本时编目小得多，数值是根据指纹得出的估计</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>&amp;Update</source>
        <translation>更新(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Make</source>
        <translation>制作(&amp;M)</translation>
    </message>
    <message>
        <source>Add a folder to catalogue</source>
        <translation>添加要编目的文件夹</translation>
    </message>
    <message>
        <source>Choose the catalogue to update</source>
        <translation>选择要更新的编目</translation>
    </message>
    <message>
        <source>Write the catalogue to</source>
        <translation>编目保存位置</translation>
    </message>
    <message>
        <source>Choose where to write the catalogue (a .simcat).</source>
        <translation>请选择编目的保存位置（一个 .simcat 文件）。</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>%v of %m files</source>
        <extracomment>The progress bar while a catalogue is made: files read of all found.</extracomment>
        <translation>%v / %m 个文件</translation>
    </message>
    <message>
        <source>The catalogue could not be made ({error}):
{path}</source>
        <extracomment>Making a catalogue failed; the system&apos;s reason follows.</extracomment>
        <translation>无法制作编目（{error}）：
{path}</translation>
    </message>
</context>
<context>
    <name>CatalogueWords</name>
    <message>
        <source>~{figure}</source>
        <extracomment>An estimated figure (its drive away): a tilde before the number.</extracomment>
        <translation>~{figure}</translation>
    </message>
    <message>
        <source>An estimate from the fingerprints (~): a file compared here is in a catalogue whose drive is away, and the catalogue holds no text of it. The exact figure is computed when the drive is plugged in again, or with a catalogue made keeping the texts. An estimate never marks a file.</source>
        <translation>根据指纹得出的估计值（~）：参与比较的一个文件在编目中，它所在的驱动器不在，编目里也没有保存它的文本。重新接入驱动器，或使用保存了文本的编目，就能算出精确值。估计值从不会让文件被标记。</translation>
    </message>
    <message numerus="yes">
        <source>%n figure(s) marked ~ are estimates from the fingerprints (the catalogue&apos;s drive is away)</source>
        <extracomment>%n: figures shown &quot;~&quot;: a catalogue&apos;s files whose drive is away, no text kept.</extracomment>
        <translation>
            <numerusform>%n 个标有 ~ 的数值是根据指纹得出的估计（编目所在的驱动器不在）</numerusform>
        </translation>
    </message>
    <message>
        <source>{catalogue}: {folder}</source>
        <translation>{catalogue}：{folder}</translation>
    </message>
    <message>
        <source>{path}
In the catalogue {catalogue}, where its drive was catalogued: never marked or moved</source>
        <translation>{path}
位于编目 {catalogue} 中（这是编目时它在驱动器上的位置）：永远不会被标记或移动</translation>
    </message>
    <message>
        <source>Cancelled: nothing was written, the catalogue there is as it was.</source>
        <extracomment>A file dialog&apos;s choice of files: simfind&apos;s catalogues, or any file.</extracomment>
        <translation>已取消：没有写入任何内容，原有的编目保持不变。</translation>
    </message>
    <message numerus="yes">
        <source>Catalogued %n text file(s) ({size}) in {name}, a file of {written}.</source>
        <extracomment>%n: text files catalogued; {size}: their size on the drive; {name}: the catalogue&apos;s file; {written}: that file&apos;s own size.</extracomment>
        <translation>
            <numerusform>已将 %n 个文本文件（{size}）编入 {name}，编目文件大小为 {written}。</numerusform>
        </translation>
    </message>
    <message>
        <source>{read} read anew, {gone} gone since.</source>
        <extracomment>After updating a catalogue: files read again (new or changed), files gone.</extracomment>
        <translation>重新读取 {read} 个，已不存在 {gone} 个。</translation>
    </message>
    <message>
        <source>Make it again with File → Make a Catalogue…</source>
        <translation>请用“文件 → 制作编目…”重新制作。</translation>
    </message>
    <message>
        <source>Set the options (fingerprint size, text only, Traditional as Simplified) as when it was made.</source>
        <translation>请把选项（指纹位数、仅文本、繁体按简体比较）设成制作时的样子。</translation>
    </message>
    <message>
        <source>{name} is in the catalogue {catalogue}: its drive is away and the catalogue holds no text of it, so there is no diff to show. Plug the drive in (at {folder}), or make the catalogue again keeping the texts, to see it.</source>
        <translation>{name} 位于编目 {catalogue} 中：它所在的驱动器不在，编目里也没有保存它的文本，因此无法显示差异。接入驱动器（位于 {folder}），或重新制作保存文本的编目，即可查看。</translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>skipped {path}: {why}</source>
        <extracomment>A file left out of a scan: its path, and why (a skip reason with its detail).</extracomment>
        <translation>已跳过 {path}：{why}</translation>
    </message>
    <message>
        <source>skipped {path}: a document ({document}), which --text-only leaves out</source>
        <extracomment>{document} is a document format, e.g. Word, PDF.</extracomment>
        <translation>已跳过 {path}：这是文档（{document}），--text-only 不读文档</translation>
    </message>
    <message>
        <source>{path} is a document ({document}); --text-only reads plain text only</source>
        <translation>{path} 是文档（{document}）；--text-only 只读纯文本</translation>
    </message>
    <message>
        <source>no column {column} in {path}</source>
        <translation>{path} 中找不到列“{column}”</translation>
    </message>
    <message>
        <source>no column {column} in {path} (its columns: {columns})</source>
        <extracomment>A CSV file lacks the column asked for; {columns} lists those it has.</extracomment>
        <translation>{path} 中找不到列“{column}”（现有的列：{columns}）</translation>
    </message>
    <message>
        <source>the reference on standard input ({stdin}) is empty: pipe the text to compare with into &apos;simfind scan -&apos;</source>
        <translation>标准输入（{stdin}）上的参考文本是空的：请把要比较的文本用管道传给“simfind scan -”</translation>
    </message>
    <message>
        <source>standard input ({stdin}) cannot be read: {error}: pipe the text to compare with into &apos;simfind scan -&apos;</source>
        <translation>无法读取标准输入（{stdin}）：{error}：请把要比较的文本用管道传给“simfind scan -”</translation>
    </message>
    <message>
        <source>standard input ({stdin}) is closed: pipe the text to compare with into &apos;simfind scan -&apos;</source>
        <translation>标准输入（{stdin}）已关闭：请把要比较的文本用管道传给“simfind scan -”</translation>
    </message>
    <message>
        <source>{problem} Give it in the system&apos;s encoding, or in a file.</source>
        <extracomment>After &quot;The text to look for is not valid UTF-8.&quot;, given on the command line.</extracomment>
        <translation>{problem}请用系统的编码给出，或者放在文件里。</translation>
    </message>
    <message>
        <source>{problem} (.gitignore syntax; quote it in the shell)</source>
        <extracomment>After &quot;This is not a valid file pattern: ...&quot;, given with --include or --exclude.</extracomment>
        <translation>{problem}（按 .gitignore 的语法；在 shell 中请加引号）</translation>
    </message>
    <message>
        <source>cannot read {path} as text ({why}): no report written</source>
        <extracomment>simfind report: a file of the two to compare is no text ({why}: a skip reason).</extracomment>
        <translation>无法把 {path} 当作文本读取（{why}）：没有写出报告</translation>
    </message>
    <message>
        <source>every file is shown this time</source>
        <extracomment>After the ignore list&apos;s trouble: what a run does without it.</extracomment>
        <translation>这次显示所有文件</translation>
    </message>
    <message>
        <source>{name}: {problem} Nothing was changed.</source>
        <extracomment>simfind clean: a result file is damaged ({problem}: the core&apos;s words).</extracomment>
        <translation>{name}：{problem}未做任何更改。</translation>
    </message>
    <message>
        <source>{name}: {problem}</source>
        <translation>{name}：{problem}</translation>
    </message>
    <message>
        <source>{problem}; make it again with &apos;simfind catalogue&apos;</source>
        <translation>{problem}；请用“simfind catalogue”重新制作</translation>
    </message>
    <message>
        <source>{problem}; give the same --bits, --text-only and --no-fold-scripts as when it was made</source>
        <extracomment>A catalogue made with other settings: the options to give as when it was made.</extracomment>
        <translation>{problem}；请给出与制作时相同的 --bits、--text-only 和 --no-fold-scripts</translation>
    </message>
    <message>
        <source>{outcome} (--link-to-reference links to it)</source>
        <extracomment>After why a file was not replaced by a hard link to a file in a reference folder.</extracomment>
        <translation>{outcome}（加上 --link-to-reference 则会链接到它）</translation>
    </message>
    <message>
        <source>warning: {text}</source>
        <extracomment>Before a warning on the command line, after &quot;simfind: &quot;.</extracomment>
        <translation>警告：{text}</translation>
    </message>
</context>
<context>
    <name>CompareInputs</name>
    <message>
        <source>The file to compare with</source>
        <translation>用来比较的文件</translation>
    </message>
    <message>
        <source>The folder to search, or a catalogue of one (.simcat)</source>
        <translation>要查找的文件夹，或它的编目（.simcat）</translation>
    </message>
    <message>
        <source>Catalogue…</source>
        <translation>编目…</translation>
    </message>
    <message>
        <source>Search a catalogue (.simcat) instead of a folder: a drive catalogued with File → Make a Catalogue…, searched while it is away</source>
        <translation>查找编目（.simcat）而不是文件夹：用“文件 → 制作编目…”编目的驱动器，不在身边时也能查找</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Type or paste the text to compare with</source>
        <translation>输入或粘贴要比较的文本</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>Compare with a text you type or paste instead of a file</source>
        <translation>用输入或粘贴的文本代替文件进行比较</translation>
    </message>
    <message>
        <source>F&amp;older:</source>
        <translation>文件夹(&amp;O)：</translation>
    </message>
    <message>
        <source>R&amp;eference text:</source>
        <translation>参考文本(&amp;E)：</translation>
    </message>
    <message>
        <source>R&amp;eference file:</source>
        <translation>参考文件(&amp;E)：</translation>
    </message>
    <message>
        <source>Choose the reference file</source>
        <translation>选择参考文件</translation>
    </message>
    <message>
        <source>Choose the folder to search</source>
        <translation>选择要查找的文件夹</translation>
    </message>
    <message>
        <source>Choose a catalogue to search</source>
        <translation>选择要查找的编目</translation>
    </message>
</context>
<context>
    <name>ComparePage</name>
    <message>
        <source>Compare &amp;Two Files…</source>
        <translation>比较两个文件(&amp;T)…</translation>
    </message>
    <message>
        <source>Max distance:</source>
        <translation>最大距离：</translation>
    </message>
    <message>
        <source>any</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>Hide files whose fingerprint differs in more bits</source>
        <translation>隐藏指纹差异位数超过此值的文件</translation>
    </message>
    <message>
        <source>Show the files you said are not duplicates of the reference (Not Duplicates), dimmed; Mark → Ignore List… takes them off the list</source>
        <translation>显示你标为“不是重复”的、与参考文件配对的文件（灰色）；“标记 → 忽略列表…”可把它们移出列表</translation>
    </message>
    <message>
        <source>Choose &amp;Reference File…</source>
        <translation>选择参考文件(&amp;R)…</translation>
    </message>
    <message>
        <source>Choose &amp;Folder…</source>
        <translation>选择文件夹(&amp;F)…</translation>
    </message>
    <message>
        <source>&amp;Export the Table…</source>
        <translation>导出表格(&amp;E)…</translation>
    </message>
    <message>
        <source>Export &amp;Report…</source>
        <translation>导出报告(&amp;R)…</translation>
    </message>
    <message>
        <source>Write the selected file beside the reference as a web page to share</source>
        <translation>把选中的文件与参考文件并排写成一个网页，便于分享</translation>
    </message>
    <message>
        <source>Mark the &amp;Similar Files</source>
        <translation>标记相似文件(&amp;S)</translation>
    </message>
    <message>
        <source>Mark every file found similar to the reference (not the reference)</source>
        <translation>标记所有与参考文件相似的文件（不含参考文件本身）</translation>
    </message>
    <message>
        <source>Choose a reference file above (or switch on Text and type or paste one) and a folder, and press Scan: the folder&apos;s files appear here, the most similar first, and the one you select is shown beside the reference below.</source>
        <translation>在上方选择参考文件（或打开“文本”，输入或粘贴一段文字）和文件夹，然后点“扫描”：文件夹里的文件会列在这里，最相似的在前；选中一个，下方会把它和参考文件并排显示。</translation>
    </message>
    <message>
        <source>A typed text is no file: only files can be said not to be duplicates</source>
        <translation>输入的文字不是文件：只有文件才能标为“不是重复”</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) set apart: not duplicates of the reference</source>
        <translation>
            <numerusform>已分开 %n 个文件：它们不是参考文件的重复</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Show Ignored (%n)</source>
        <translation>
            <numerusform>显示已忽略（%n）</numerusform>
        </translation>
    </message>
    <message>
        <source>The report describes two files, and a typed text is no file: save the text as a file and scan with it as the reference to report on it.</source>
        <translation>报告描述的是两个文件，而输入的文本不是文件：请把文本保存为文件，再以它为参考文件扫描，然后导出报告。</translation>
    </message>
    <message>
        <source>Show the reference and its similar files as versions: oldest first, each under the earlier version it most resembles, with the size of each step</source>
        <translation>把参考文件和与它相似的文件显示为版本：从旧到新，每个版本排在与它最相似的较早版本之下，并显示每一步改动的大小</translation>
    </message>
    <message>
        <source>Cannot scan</source>
        <translation>无法扫描</translation>
    </message>
    <message>
        <source>Choose the first file</source>
        <translation>选择第一个文件</translation>
    </message>
    <message>
        <source>Choose the file to compare with {name}</source>
        <translation>选择要与 {name} 比较的文件</translation>
    </message>
    <message>
        <source>Export the Table</source>
        <translation>导出表格</translation>
    </message>
    <message>
        <source>There are no rows to export.</source>
        <translation>没有可导出的行。</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Excel workbooks (*.xlsx)</source>
        <translation>Excel 工作簿 (*.xlsx)</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>Select a file in the table: the report shows it beside the reference.</source>
        <translation>请先在表格中选择一个文件：报告会把它与参考文件并排显示。</translation>
    </message>
</context>
<context>
    <name>ConfirmLinksDialog</name>
    <message>
        <source>Replace by Hard Links</source>
        <translation>替换为硬链接</translation>
    </message>
    <message>
        <source>&amp;Replace</source>
        <translation>替换(&amp;R)</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Becomes a link to</source>
        <translation>成为链接，指向</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message numerus="yes">
        <source>Link the %n file(s) whose kept file is in a reference folder too (editing one would then edit the reference)</source>
        <translation>
            <numerusform>连同保留文件位于参照文件夹中的 %n 个文件一起替换（之后编辑其中一个就会改动参照文件）</numerusform>
        </translation>
    </message>
    <message>
        <source>would tie to a reference folder</source>
        <extracomment>A file that would become a link to a file in a reference folder.</extracomment>
        <translation>会与参照文件夹中的文件绑在一起</translation>
    </message>
    <message numerus="yes">
        <source>Replace %n file(s) by hard links to the file kept in their group?</source>
        <translation>
            <numerusform>要把 %n 个文件替换为指向其所在组保留文件的硬链接吗？</numerusform>
        </translation>
    </message>
    <message>
        <source>Each becomes another name for the kept file (it has the same bytes): they then share one copy on disk, so editing one of them edits them all.</source>
        <translation>每个文件都会成为保留文件的另一个名字（二者字节完全相同）：它们从此在磁盘上共用一份内容，修改其中一个就等于修改全部。</translation>
    </message>
    <message>
        <source>The kept files do not change. This frees {size}.</source>
        <translation>保留的文件不会改变。这样可以腾出 {size}。</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) have the bytes of a file in a reference folder (in orange): as links, editing one would edit the reference, so they are left as they are unless you tick the box.</source>
        <translation>
            <numerusform>有 %n 个文件与参照文件夹中的文件字节相同（橙色）：变成硬链接后，编辑其中一个就会改动参照文件，因此除非勾选下面的选项，它们保持原样。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) become links to files in reference folders: editing one of them edits the reference.</source>
        <translation>
            <numerusform>%n 个文件将成为指向参照文件夹中文件的硬链接：编辑其中任何一个都会改动参照文件。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) differ from the kept file and are left as they are.</source>
        <translation>
            <numerusform>%n 个文件与保留文件不同，保持原样。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n other file(s) are left as they are (in grey).</source>
        <translation>
            <numerusform>另有 %n 个文件保持原样（灰色显示）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Each file is compared byte by byte with its kept file again as it is replaced: where either changed meanwhile, it is left as it is. Undo makes them independent copies again, with their permissions and modified times.</source>
        <translation>替换每个文件时都会再与其保留文件逐字节比较一次：其间任一方被改动过，就保持原样。撤销会把它们重新变成独立的副本，并恢复原来的权限和修改时间。</translation>
    </message>
    <message>
        <source>Every file is written in the log.</source>
        <translation>每个文件都记入日志。</translation>
    </message>
    <message>
        <source>{path} — {why}</source>
        <translation>{path} — {why}</translation>
    </message>
</context>
<context>
    <name>ConfirmMoveDialog</name>
    <message>
        <source>Keep each file&apos;s folders inside the destination</source>
        <extracomment>The confirmation names at most this many files with text their kept file lacks.</extracomment>
        <translation>在目标文件夹中保留各文件原来的文件夹结构</translation>
    </message>
    <message>
        <source>Move to the Trash</source>
        <translation>移到回收站</translation>
    </message>
    <message>
        <source>Move to a Folder</source>
        <translation>移到文件夹</translation>
    </message>
    <message>
        <source>&amp;Move to Trash</source>
        <translation>移到回收站(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Move</source>
        <translation>移动(&amp;M)</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message numerus="yes">
        <source>Move the %n file(s) that changed since the scan too</source>
        <translation>
            <numerusform>扫描后改动过的 %n 个文件也一并移动</numerusform>
        </translation>
    </message>
    <message>
        <source>changed since the scan</source>
        <translation>扫描后已改动</translation>
    </message>
    <message>
        <source>the file kept for it changed since the scan; left out</source>
        <translation>扫描后它的保留文件已改动，略过</translation>
    </message>
    <message>
        <source>no longer there; left out</source>
        <translation>已不存在，略过</translation>
    </message>
    <message numerus="yes">
        <source>In %n group(s) every file is marked: no copy of them would be left here.</source>
        <translation>
            <numerusform>有 %n 组的文件已全部标记：移动后，这些组的文件将一个不剩。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Keep these %n file(s): leave them where they are</source>
        <translation>
            <numerusform>保留这 %n 个文件，留在原处不移动</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n marked file(s) hold text the file kept in their group lacks:</source>
        <translation>
            <numerusform>有 %n 个已标记的文件含有其组中保留文件所没有的文字：</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{path}: %n word(s) not in {kept}</source>
        <extracomment>A marked file, how many of its words the kept file lacks, and the kept file.</extracomment>
        <translation>
            <numerusform>{path}：有 %n 个词不在 {kept} 中</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>另有 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>{path} — {why}</source>
        <extracomment>A file in the confirmation&apos;s list, and why it stands apart.</extracomment>
        <translation>{path} — {why}</translation>
    </message>
    <message numerus="yes">
        <source>Move %n file(s) ({size}) to the Trash?</source>
        <translation>
            <numerusform>将 %n 个文件（{size}）移到回收站？</numerusform>
        </translation>
    </message>
    <message>
        <source>The system&apos;s Trash keeps them until it is emptied; restore them there.</source>
        <translation>系统回收站会保留它们直到被清空，可以在那里还原。</translation>
    </message>
    <message numerus="yes">
        <source>Move %n file(s) ({size}) to this folder?</source>
        <translation>
            <numerusform>将 %n 个文件（{size}）移到这个文件夹？</numerusform>
        </translation>
    </message>
    <message>
        <source>A name already taken there gets a number. Undo puts the files back where they were.</source>
        <translation>与那里已有文件重名的会加上编号。撤销会把文件放回原处。</translation>
    </message>
    <message>
        <source>Every file moved is written in the log.</source>
        <translation>每个移动的文件都记入日志。</translation>
    </message>
    <message>
        <source>Each file keeps its place below {root}: {file} goes to {target}. Undo removes the folders made there once they are empty.</source>
        <translation>每个文件保持它在 {root} 之下的位置：{file} 会移到 {target}。撤销时，在那里新建的文件夹变空后会被删除。</translation>
    </message>
    <message>
        <source>Files that changed since the scan (in orange) stay unless you tick the box.</source>
        <translation>扫描后改动过的文件（橙色）不会移动，除非勾选下面的选项。</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) stay: the file kept in their group changed or is gone since the scan (in grey). Scan again to compare them anew.</source>
        <translation>
            <numerusform>%n 个文件不会移动：扫描后其所在组的保留文件已改动或已不存在（灰色）。请重新扫描以再次比较。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CoreWords</name>
    <message>
        <source>permission denied</source>
        <translation>没有权限</translation>
    </message>
    <message>
        <source>operation not permitted</source>
        <translation>不允许此操作</translation>
    </message>
    <message>
        <source>no such file or folder</source>
        <translation>文件或文件夹不存在</translation>
    </message>
    <message>
        <source>a part of the path is not a folder</source>
        <translation>路径中有一部分不是文件夹</translation>
    </message>
    <message>
        <source>it is a folder</source>
        <translation>这是一个文件夹</translation>
    </message>
    <message>
        <source>too many levels of symbolic links</source>
        <translation>符号链接层数过多</translation>
    </message>
    <message>
        <source>the name is too long</source>
        <translation>名称太长</translation>
    </message>
    <message>
        <source>no space left on the disk</source>
        <translation>磁盘空间已满</translation>
    </message>
    <message>
        <source>the disk is read-only</source>
        <translation>磁盘是只读的</translation>
    </message>
    <message>
        <source>input/output error (a failing disk or a lost connection)</source>
        <translation>输入/输出错误（磁盘故障或连接中断）</translation>
    </message>
    <message>
        <source>too many open files</source>
        <translation>打开的文件太多</translation>
    </message>
    <message>
        <source>the device or file is busy</source>
        <translation>设备或文件正忙</translation>
    </message>
    <message>
        <source>no such device</source>
        <translation>设备不存在</translation>
    </message>
    <message>
        <source>the connection timed out</source>
        <translation>连接超时</translation>
    </message>
    <message>
        <source>error {number}</source>
        <translation>错误 {number}</translation>
    </message>
    <message>
        <source>binary file</source>
        <translation>二进制文件</translation>
    </message>
    <message>
        <source>text encoding not recognised</source>
        <translation>无法识别文本编码</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>内容为空</translation>
    </message>
    <message>
        <source>too large</source>
        <translation>文件过大</translation>
    </message>
    <message>
        <source>not a regular file (pipe, device or socket)</source>
        <translation>不是普通文件（管道、设备或套接字）</translation>
    </message>
    <message>
        <source>symbolic link (not followed)</source>
        <translation>符号链接（未跟随）</translation>
    </message>
    <message>
        <source>symbolic link loop</source>
        <translation>符号链接循环</translation>
    </message>
    <message>
        <source>broken symbolic link</source>
        <translation>失效的符号链接</translation>
    </message>
    <message>
        <source>cannot be read</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>disappeared during the scan</source>
        <translation>扫描期间被删除或移走</translation>
    </message>
    <message>
        <source>changed while it was read</source>
        <translation>读取期间被修改</translation>
    </message>
    <message>
        <source>simfind&apos;s own fingerprint cache</source>
        <translation>simfind 自己的指纹缓存</translation>
    </message>
    <message>
        <source>unexpected error</source>
        <translation>意外错误</translation>
    </message>
    <message>
        <source>no records of the kind asked for</source>
        <translation>没有所选类型的记录</translation>
    </message>
    <message>
        <source>legacy Office format</source>
        <translation>旧版 Office 格式</translation>
    </message>
    <message>
        <source>password-protected or encrypted</source>
        <translation>受密码保护或已加密</translation>
    </message>
    <message>
        <source>damaged or incomplete document</source>
        <translation>文档已损坏或不完整</translation>
    </message>
    <message>
        <source>suspicious document: it would unpack to far too much data</source>
        <translation>可疑的文档：解压后的数据量大得异常</translation>
    </message>
    <message>
        <source>suspicious document: XML entity declarations</source>
        <translation>可疑的文档：含有 XML 实体声明</translation>
    </message>
    <message>
        <source>no text layer — a scanned image</source>
        <translation>没有文字层，是扫描件</translation>
    </message>
    <message>
        <source>took too long to read</source>
        <translation>读取耗时过长</translation>
    </message>
    <message>
        <source>too much text</source>
        <translation>文字过多</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>OpenDocument slides</source>
        <translation>OpenDocument 演示文稿</translation>
    </message>
    <message>
        <source>web page</source>
        <translation>网页</translation>
    </message>
    <message>
        <source>unknown encoding {encoding}</source>
        <translation>未知编码 {encoding}</translation>
    </message>
    <message>
        <source>too many invalid bytes for {encoding}</source>
        <translation>按 {encoding} 解码时无效字节过多</translation>
    </message>
    <message>
        <source>{size}, the limit is {limit}</source>
        <translation>{size}，上限为 {limit}</translation>
    </message>
    <message>
        <source>no column {column}</source>
        <translation>找不到列“{column}”</translation>
    </message>
    <message>
        <source>no column {column}; its columns: {columns}</source>
        <extracomment>A CSV file lacks the column asked for; {columns} lists those it has.</extracomment>
        <translation>找不到列“{column}”；现有的列：{columns}</translation>
    </message>
    <message>
        <source>not a CSV file ({error})</source>
        <extracomment>{error} is the csv module&apos;s own English words.</extracomment>
        <translation>不是 CSV 文件：{error}</translation>
    </message>
    <message>
        <source>a {kind} file</source>
        <extracomment>Why a file is no text: its first bytes are those of a kind of file, e.g. &quot;a ZIP file&quot; (an archive), &quot;a PNG file&quot; (an image).</extracomment>
        <translation>{kind} 文件</translation>
    </message>
    <message>
        <source>grew past {limit} while it was read</source>
        <translation>读取期间增大到超过 {limit}</translation>
    </message>
    <message>
        <source>no text encoding fits</source>
        <translation>没有匹配的文本编码</translation>
    </message>
    <message>
        <source>contains NUL bytes</source>
        <translation>含有 NUL 字节</translation>
    </message>
    <message>
        <source>contains control characters</source>
        <translation>含有控制字符</translation>
    </message>
    <message>
        <source>no words or characters to compare</source>
        <translation>没有可比较的词语或字符</translation>
    </message>
    <message>
        <source>written to while it was read</source>
        <translation>读取期间被写入</translation>
    </message>
    <message>
        <source>a folder already visited</source>
        <translation>已访问过的文件夹</translation>
    </message>
    <message>
        <source>not source code that simfind can read names from</source>
        <translation>不是 simfind 能从中读取名称的源代码</translation>
    </message>
    <message>
        <source>legacy PowerPoint format: save it as .pptx</source>
        <translation>旧版 PowerPoint 格式：请另存为 .pptx</translation>
    </message>
    <message>
        <source>legacy Word format: save it as .docx</source>
        <translation>旧版 Word 格式：请另存为 .docx</translation>
    </message>
    <message>
        <source>{count} parts, the limit is {limit}</source>
        <translation>{count} 个部件，上限为 {limit}</translation>
    </message>
    <message>
        <source>a part of {size}, the limit is {limit}</source>
        <translation>有一个部件大小为 {size}，上限为 {limit}</translation>
    </message>
    <message>
        <source>compressed {ratio}:1, the limit is {limit}:1</source>
        <translation>压缩比 {ratio}:1，上限为 {limit}:1</translation>
    </message>
    <message>
        <source>{size} unpacked, the limit is {limit}</source>
        <translation>解压后 {size}，上限为 {limit}</translation>
    </message>
    <message>
        <source>{size} of page content, the limit is {limit}</source>
        <translation>页面内容 {size}，上限为 {limit}</translation>
    </message>
    <message numerus="yes">
        <source>%n scanned page(s)</source>
        <translation>
            <numerusform>共 %n 页扫描页</numerusform>
        </translation>
    </message>
    <message>
        <source>more than {seconds} s</source>
        <translation>超过 {seconds} 秒</translation>
    </message>
    <message>
        <source>more than {count} characters</source>
        <translation>超过 {count} 个字符</translation>
    </message>
    <message>
        <source>{reason} ({detail})</source>
        <extracomment>A skip reason with its detail, e.g. &quot;binary file (contains NUL bytes)&quot;.</extracomment>
        <translation>{reason}（{detail}）</translation>
    </message>
    <message>
        <source>The reference file cannot be compared as text.</source>
        <translation>参考文件无法作为文本比较。</translation>
    </message>
    <message>
        <source>This file cannot be compared as text.</source>
        <translation>这个文件无法作为文本比较。</translation>
    </message>
    <message>
        <source>This file has no records to compare.</source>
        <translation>这个文件中没有可比较的记录。</translation>
    </message>
    <message>
        <source>{headline}
Why: {reason}
File: {path}</source>
        <extracomment>A problem&apos;s headline, then why (a skip reason) and the file, each on a line.</extracomment>
        <translation>{headline}
原因：{reason}
文件：{path}</translation>
    </message>
    <message>
        <source>This cannot be read ({error}):
{path}</source>
        <translation>无法读取（{error}）：
{path}</translation>
    </message>
    <message>
        <source>The reference file cannot be read ({error}):
{path}</source>
        <translation>无法读取参考文件（{error}）：
{path}</translation>
    </message>
    <message>
        <source>The folder cannot be read ({error}):
{path}</source>
        <translation>无法读取文件夹（{error}）：
{path}</translation>
    </message>
    <message>
        <source>This cannot be written ({error}):
{path}</source>
        <translation>无法写入（{error}）：
{path}</translation>
    </message>
    <message>
        <source>Choose a reference file first.</source>
        <translation>请先选择参考文件。</translation>
    </message>
    <message>
        <source>Choose a folder to search.</source>
        <translation>请选择要查找的文件夹。</translation>
    </message>
    <message>
        <source>The reference file was not found:
{path}</source>
        <translation>找不到参考文件：
{path}</translation>
    </message>
    <message>
        <source>The reference must be a file, not a folder:
{path}</source>
        <translation>所选的参考文件是一个文件夹，请选择文件：
{path}</translation>
    </message>
    <message>
        <source>The reference is not a regular file:
{path}</source>
        <translation>参考文件不是普通文件：
{path}</translation>
    </message>
    <message>
        <source>The reference file cannot be compared as text:
{path}</source>
        <translation>参考文件无法作为文本比较：
{path}</translation>
    </message>
    <message>
        <source>The folder was not found:
{path}</source>
        <translation>找不到文件夹：
{path}</translation>
    </message>
    <message>
        <source>This is not a folder:
{path}</source>
        <translation>这不是文件夹：
{path}</translation>
    </message>
    <message>
        <source>The folder to write into was not found:
{path}</source>
        <translation>找不到要写入的文件夹：
{path}</translation>
    </message>
    <message>
        <source>This is a folder; choose a file:
{path}</source>
        <translation>这是一个文件夹，请选择一个文件：
{path}</translation>
    </message>
    <message>
        <source>This is the reference file; simfind will not overwrite it:
{path}</source>
        <translation>这是参考文件，simfind 不会覆盖它：
{path}</translation>
    </message>
    <message>
        <source>simfind cannot write to this (it is not a file):
{path}</source>
        <translation>simfind 无法写入此处（它不是文件）：
{path}</translation>
    </message>
    <message>
        <source>The maximum distance can be at most {bits}.</source>
        <translation>最大距离不能超过 {bits}。</translation>
    </message>
    <message>
        <source>This file or folder was not found:
{path}</source>
        <translation>找不到此文件或文件夹：
{path}</translation>
    </message>
    <message>
        <source>This is not a regular file:
{path}</source>
        <translation>这不是普通文件：
{path}</translation>
    </message>
    <message>
        <source>This cannot be read:
{path}</source>
        <translation>无法读取：
{path}</translation>
    </message>
    <message>
        <source>This file has no records to compare:
{path}</source>
        <translation>此文件没有可比较的记录：
{path}</translation>
    </message>
    <message>
        <source>The text to look for has no words to compare.</source>
        <translation>要查找的文本中没有可比较的词语。</translation>
    </message>
    <message>
        <source>Type or paste the text to compare with (it has no words yet).</source>
        <translation>请输入或粘贴要比较的文本（现在还没有任何词语）。</translation>
    </message>
    <message>
        <source>This file cannot be compared as text:
{path}</source>
        <translation>这个文件无法作为文本比较：
{path}</translation>
    </message>
    <message>
        <source>Standard input cannot be read.</source>
        <translation>无法读取标准输入。</translation>
    </message>
    <message>
        <source>The text to look for is not valid {encoding}.</source>
        <translation>要查找的文本不是有效的 {encoding}。</translation>
    </message>
    <message>
        <source>This is not a valid file pattern: {pattern}</source>
        <translation>文件匹配模式无效：{pattern}</translation>
    </message>
    <message>
        <source>The fingerprint cache was damaged; it was moved to {path} and a new one started</source>
        <translation>指纹缓存已损坏，已移至 {path}，并新建了缓存</translation>
    </message>
    <message>
        <source>Another program&apos;s file was where the fingerprint cache belongs; it was moved to {path} and a new cache started</source>
        <translation>指纹缓存的位置上有其他程序的文件，已将其移至 {path}，并新建了缓存</translation>
    </message>
    <message numerus="yes">
        <source>%n unreadable entry(s) in the fingerprint cache were dropped</source>
        <translation>
            <numerusform>已丢弃指纹缓存中 %n 个无法读取的条目</numerusform>
        </translation>
    </message>
    <message>
        <source>Fingerprints are not saved this time ({error})</source>
        <translation>本次不保存指纹（{error}）</translation>
    </message>
    <message>
        <source>Fingerprints are not saved this time</source>
        <translation>本次不保存指纹</translation>
    </message>
    <message>
        <source>The fingerprint cache is damaged and another simfind has it open; this scan runs without it</source>
        <translation>指纹缓存已损坏，且另一个 simfind 正在使用它；本次扫描不使用缓存</translation>
    </message>
    <message>
        <source>The fingerprint cache is locked by another simfind; this scan runs without it</source>
        <translation>指纹缓存被另一个 simfind 锁定；本次扫描不使用缓存</translation>
    </message>
    <message>
        <source>The fingerprint cache cannot be written; fingerprints are read but not saved</source>
        <translation>指纹缓存无法写入；只读取其中的指纹，不保存新的指纹</translation>
    </message>
    <message>
        <source>Fingerprints are not remembered this time: the cache cannot be opened ({error}): {path}</source>
        <extracomment>{error}: why the cache cannot be opened; {path}: where it is.</extracomment>
        <translation>本次不会记住指纹：无法打开缓存（{error}）：{path}</translation>
    </message>
    <message>
        <source>Fingerprints are not remembered this time: the cache cannot be opened ({error})</source>
        <translation>本次不会记住指纹：无法打开缓存（{error}）</translation>
    </message>
    <message>
        <source>Fingerprints are not remembered this time: the cache cannot be opened</source>
        <translation>本次不会记住指纹：无法打开缓存</translation>
    </message>
    <message numerus="yes">
        <source>The ignore list was damaged; it was moved to {path} and a new one started with the %n entry(s) that could still be read</source>
        <translation>
            <numerusform>忽略列表已损坏；已移到 {path}，并用仍能读出的 %n 条记录建立了新列表</numerusform>
        </translation>
    </message>
    <message>
        <source>The ignore list cannot be used ({error}): {path}</source>
        <translation>无法使用忽略列表（{error}）：{path}</translation>
    </message>
    <message>
        <source>The file cannot be read: {error}</source>
        <translation>无法读取该文件：{error}</translation>
    </message>
    <message>
        <source>The file is empty: it holds no result.</source>
        <translation>该文件是空的：其中没有结果。</translation>
    </message>
    <message>
        <source>The file is damaged: it breaks off at line {line}, column {column}.</source>
        <translation>该文件已损坏：在第 {line} 行第 {column} 列处中断。</translation>
    </message>
    <message>
        <source>The file is damaged: it is not a whole result.</source>
        <translation>该文件已损坏：它不是完整的结果。</translation>
    </message>
    <message>
        <source>This is not a simfind result. Results are saved with File → Save Results… or written by &apos;simfind groups --format json&apos;.</source>
        <translation>这不是 simfind 的结果文件。结果可以用“文件 → 保存结果…”保存，或由 &apos;simfind groups --format json&apos; 写出。</translation>
    </message>
    <message>
        <source>This is a list of groups from an older simfind, without the files&apos; times and hashes that a clean-up checks. Scan the folders again and save the result.</source>
        <translation>这是旧版 simfind 写出的组列表，缺少清理时需要核对的文件时间和哈希值。请重新扫描这些文件夹并保存结果。</translation>
    </message>
    <message>
        <source>This result was saved by a newer simfind ({version}, format {format}); this one opens results up to format {newest}. Update simfind to open it.</source>
        <translation>此结果由较新版本的 simfind（{version}，格式 {format}）保存；当前版本只能打开格式 {newest} 及以下的结果。请更新 simfind 后再打开。</translation>
    </message>
    <message>
        <source>The file is damaged: {where} is missing or not what it must be.</source>
        <translation>该文件已损坏：{where} 缺失或内容不符合要求。</translation>
    </message>
    <message>
        <source>The file is damaged: {where} {what}.</source>
        <extracomment>{where}: a field of the result file, e.g. groups[3].members[1].size; {what}: what it must be, e.g. &quot;must be a whole number&quot;.</extracomment>
        <translation>该文件已损坏：{where} {what}。</translation>
    </message>
    <message>
        <source>is missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>must be an object</source>
        <translation>必须是对象</translation>
    </message>
    <message>
        <source>must be a list</source>
        <translation>必须是列表</translation>
    </message>
    <message>
        <source>must be a path ({path: ...})</source>
        <translation>必须是路径（{path: ...}）</translation>
    </message>
    <message>
        <source>must be hexadecimal</source>
        <translation>必须是十六进制数</translation>
    </message>
    <message>
        <source>must be a whole number</source>
        <translation>必须是整数</translation>
    </message>
    <message>
        <source>must be a number from 0 to 1</source>
        <translation>必须是 0 到 1 之间的数</translation>
    </message>
    <message>
        <source>must be true or false</source>
        <translation>必须是 true 或 false</translation>
    </message>
    <message>
        <source>must be text</source>
        <translation>必须是文本</translation>
    </message>
    <message>
        <source>must be a list of texts</source>
        <translation>必须是文本列表</translation>
    </message>
    <message>
        <source>must hold exactly one centre</source>
        <translation>必须恰好有一个中心文件</translation>
    </message>
    <message>
        <source>must be 64 or 128</source>
        <translation>必须是 64 或 128</translation>
    </message>
    <message>
        <source>must be a whole number from 2</source>
        <translation>必须是不小于 2 的整数</translation>
    </message>
    <message>
        <source>must be identical, same-text or near-duplicate</source>
        <translation>必须是 identical、same-text 或 near-duplicate</translation>
    </message>
    <message>
        <source>must all have the centre&apos;s hash (the group says they are identical)</source>
        <translation>必须都与中心文件的哈希相同（该组标明它们完全相同）</translation>
    </message>
    <message>
        <source>left: it changed since it was compared (a version of it is kept as {path})</source>
        <extracomment>A file another program saved while simfind was acting on it: left, and an earlier version of it kept under another name beside it (or where it went).</extracomment>
        <translation>保持原样：比较之后它被改动过（它的一个版本保存在 {path}）</translation>
    </message>
    <message>
        <source>it is no longer a hard link to the kept file; left as it is</source>
        <translation>它已不再是指向保留文件的硬链接；保持原样</translation>
    </message>
    <message>
        <source>left: another program has it or its kept file open for writing</source>
        <translation>保持原样：另一个程序正以写入方式打开它或它的保留文件</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>left: it changed since it was compared</source>
        <translation>保持原样：比较之后它被改动过</translation>
    </message>
    <message>
        <source>left: the file kept for it changed since it was compared</source>
        <translation>保持原样：比较之后它的保留文件被改动过</translation>
    </message>
    <message>
        <source>left: it would tie to a file in a reference folder</source>
        <translation>保持原样：否则会与参照文件夹中的文件绑在一起</translation>
    </message>
    <message>
        <source>left: another program has it open for writing</source>
        <translation>保持原样：另一个程序正以写入方式打开它</translation>
    </message>
    <message>
        <source>it is no longer there</source>
        <translation>已不存在</translation>
    </message>
    <message>
        <source>another file has taken its place</source>
        <translation>原位置已有另一个文件</translation>
    </message>
    <message>
        <source>the system refused</source>
        <translation>系统拒绝</translation>
    </message>
    <message>
        <source>stopped before its turn</source>
        <translation>操作已停止，未处理此文件</translation>
    </message>
    <message>
        <source>the folder to move it into is no longer there</source>
        <translation>要移入的文件夹已不存在</translation>
    </message>
    <message>
        <source>the file where it was moved is no longer the one moved</source>
        <translation>移动到的位置上已不是当初移过去的那个文件</translation>
    </message>
    <message>
        <source>its drive has no trash that could give it back (move it to a folder instead)</source>
        <translation>所在驱动器没有可还原文件的回收站（请改用“移到文件夹”）</translation>
    </message>
    <message>
        <source>it is in that folder already</source>
        <translation>它已经在那个文件夹里</translation>
    </message>
    <message>
        <source>its bytes differ from the kept file&apos;s; left as it is</source>
        <translation>它的字节与保留文件不同；保持原样</translation>
    </message>
    <message>
        <source>it is on another drive or file system than the kept file; hard links cannot cross</source>
        <translation>它与保留文件不在同一个驱动器或文件系统上；硬链接不能跨越</translation>
    </message>
    <message>
        <source>it is a hard link to the kept file already</source>
        <translation>它已经是指向保留文件的硬链接</translation>
    </message>
    <message>
        <source>no file of its group is kept, or the kept file is gone</source>
        <translation>它所在的组没有保留的文件，或保留的文件已不存在</translation>
    </message>
    <message>
        <source>it is not a regular file</source>
        <translation>它不是普通文件</translation>
    </message>
    <message>
        <source>its drive cannot make hard links (FAT, exFAT, many network shares)</source>
        <translation>它所在的驱动器不支持硬链接（FAT、exFAT 和许多网络共享）</translation>
    </message>
    <message>
        <source>There is no catalogue here:
{path}</source>
        <translation>这里没有编目：
{path}</translation>
    </message>
    <message>
        <source>The catalogue cannot be read ({detail}):
{path}</source>
        <translation>无法读取编目（{detail}）：
{path}</translation>
    </message>
    <message>
        <source>This catalogue is damaged and cannot be used ({detail}):
{path}</source>
        <translation>此编目已损坏，无法使用（{detail}）：
{path}</translation>
    </message>
    <message>
        <source>This is an SQLite database, but not a simfind catalogue:
{path}</source>
        <translation>这是一个 SQLite 数据库，但不是 simfind 编目：
{path}</translation>
    </message>
    <message>
        <source>This catalogue was made by a later simfind (format {version}); update simfind to read it:
{path}</source>
        <translation>此编目由更新版本的 simfind 制作（格式 {version}）；请升级 simfind 后再读取：
{path}</translation>
    </message>
    <message>
        <source>This catalogue was made with other settings ({detail}):
{path}</source>
        <translation>此编目是用其他设置制作的（{detail}）：
{path}</translation>
    </message>
    <message>
        <source>The catalogued folder {detail} is not there (is its drive plugged in?); the catalogue is left as it was:
{path}</source>
        <translation>编目中的文件夹 {detail} 不存在（驱动器接上了吗？）；编目保持不变：
{path}</translation>
    </message>
    <message>
        <source>The catalogue cannot be written here ({detail}):
{path}</source>
        <translation>无法在此写入编目（{detail}）：
{path}</translation>
    </message>
</context>
<context>
    <name>CutCellsWarning</name>
    <message numerus="yes">
        <source>%n cell(s) held more than the {limit} characters an Excel cell holds. Each is cut in its cell, with a note, and written whole on the sheet &quot;{sheet}&quot;. A CSV export keeps every value in one piece.</source>
        <extracomment>{limit}: 32,767; {sheet}: the name of the workbook&apos;s sheet of whole texts.</extracomment>
        <translation>
            <numerusform>有 %n 个单元格超过了 Excel 单元格可容纳的 {limit} 个字符。每个都在其单元格中被截断并附有批注，完整内容写在工作表“{sheet}”中。导出 CSV 则每个值都完整保留在一处。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DiffNavigation</name>
    <message>
        <source>◀ Previous</source>
        <translation>◀ 上一处</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>下一处 ▶</translation>
    </message>
    <message>
        <source>Previous change (Alt+Up)</source>
        <translation>上一处改动 (Alt+↑)</translation>
    </message>
    <message>
        <source>Next change (Alt+Down)</source>
        <translation>下一处改动 (Alt+↓)</translation>
    </message>
    <message>
        <source>Previous change in the diff</source>
        <translation>差异中的上一处改动</translation>
    </message>
    <message>
        <source>Next change in the diff</source>
        <translation>差异中的下一处改动</translation>
    </message>
</context>
<context>
    <name>DiffOptionsBar</name>
    <message>
        <source>Only changes</source>
        <translation>只看改动</translation>
    </message>
    <message>
        <source>Ignore white space</source>
        <translation>忽略空白</translation>
    </message>
    <message>
        <source>Ignore case</source>
        <translation>忽略大小写</translation>
    </message>
    <message>
        <source>Ignore blank lines</source>
        <translation>忽略空行</translation>
    </message>
    <message>
        <source>Wrap lines</source>
        <translation>自动换行</translation>
    </message>
    <message>
        <source>Long lines go on below, the two sides still side by side (on for prose)</source>
        <translation>长行折到下一行显示，左右两边仍然逐行对齐（文章默认开启）</translation>
    </message>
</context>
<context>
    <name>DiffSummary</name>
    <message>
        <source>Open in Default Application</source>
        <extracomment>The file shown on the right: a scan&apos;s match (its figures to the reference) or a group&apos;s member (its figures to the centre). Two files compared on their own (File → Compare Two Files): the first one. The version the file on the right grew from (the groups&apos; versions).</extracomment>
        <translation>用默认程序打开</translation>
    </message>
    <message>
        <source>Select a pair of files to see their diff.</source>
        <translation>选择一对文件，即可查看它们的差异。</translation>
    </message>
    <message>
        <source>Select a file to compare it with the centre of its group.</source>
        <translation>选择一个文件，与它所在组的中心文件比较。</translation>
    </message>
    <message>
        <source>Select a row to compare it with the reference.</source>
        <translation>选择一行，将其与参考文件进行比较。</translation>
    </message>
    <message>
        <source>Centre of the group</source>
        <extracomment>The left pane&apos;s title in the groups mode: the file the others are compared with.</extracomment>
        <translation>组的中心文件</translation>
    </message>
    <message>
        <source>Another file of the group</source>
        <extracomment>The left pane&apos;s title when the group&apos;s centre has been moved away.</extracomment>
        <translation>同组的另一个文件</translation>
    </message>
    <message>
        <source>First file</source>
        <extracomment>The left pane&apos;s title when two files are compared on their own.</extracomment>
        <translation>第一个文件</translation>
    </message>
    <message>
        <source>Earlier version</source>
        <extracomment>The left pane&apos;s title when a step between two versions is shown.</extracomment>
        <translation>较早的版本</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>参考文件</translation>
    </message>
    <message>
        <source>Distance {distance} of {bits} bits · similarity {similarity}</source>
        <translation>距离 {distance}/{bits} 位 · 相似度 {similarity}</translation>
    </message>
    <message>
        <source>Identical: byte for byte the same ({size} bytes) · nothing to compare</source>
        <extracomment>Above the (empty) panes: a file with the same bytes as the one it is compared with, not read as text (an image, an archive): there is no diff to show.</extracomment>
        <translation>完全相同：逐字节一致（{size} 字节）· 无需比较</translation>
    </message>
    <message>
        <source>Compared by their bytes: these files are not read as text.</source>
        <translation>按字节比较：这些文件不作为文本读取。</translation>
    </message>
    <message>
        <source>text extracted from {format}</source>
        <extracomment>Above a pane: the text shown is what was read out of a document.</extracomment>
        <translation>文字提取自：{format}</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>正在比较…</translation>
    </message>
    <message>
        <source>These files could not be compared.</source>
        <translation>无法比较这两个文件。</translation>
    </message>
    <message>
        <source>no differences</source>
        <translation>没有差异</translation>
    </message>
    <message>
        <source>; </source>
        <extracomment>Goes between two notices shown above the diff.</extracomment>
        <translation>；</translation>
    </message>
    <message>
        <source>Cannot compare these files: {why}.</source>
        <translation>无法比较这两个文件：{why}。</translation>
    </message>
    <message>
        <source>{share} % of the centre is in this file</source>
        <extracomment>How much of the group&apos;s centre is found in the file on the right.</extracomment>
        <translation>中心文件的 {share}% 在本文件中</translation>
    </message>
    <message>
        <source>{share} % of this file is in the centre</source>
        <extracomment>How much of the file on the right is found in the group&apos;s centre.</extracomment>
        <translation>本文件的 {share}% 在中心文件中</translation>
    </message>
    <message>
        <source>{share} % of the other file is in this file</source>
        <translation>另一个文件的 {share}% 在本文件中</translation>
    </message>
    <message>
        <source>{share} % of this file is in the other file</source>
        <translation>本文件的 {share}% 在另一个文件中</translation>
    </message>
    <message>
        <source>{share} % of the first file is in the second</source>
        <extracomment>Two files compared on their own: how much of the left one the right one holds.</extracomment>
        <translation>第一个文件有 {share} % 出现在第二个文件中</translation>
    </message>
    <message>
        <source>{share} % of the second file is in the first</source>
        <translation>第二个文件有 {share} % 出现在第一个文件中</translation>
    </message>
    <message>
        <source>{share} % of the earlier version is in this file</source>
        <translation>较早版本的 {share} % 在本文件中</translation>
    </message>
    <message>
        <source>{share} % of this file is in the earlier version</source>
        <translation>本文件的 {share} % 在较早版本中</translation>
    </message>
    <message>
        <source>{share} % of the reference is in this file</source>
        <translation>参考文件的 {share}% 在本文件中</translation>
    </message>
    <message>
        <source>{share} % of this file is in the reference</source>
        <translation>本文件的 {share}% 在参考文件中</translation>
    </message>
    <message>
        <source>Similarity {similarity} %: {left}, {right}.</source>
        <extracomment>Above the diff: &quot;Similarity 44.0 %: 100.0 % of the reference is in this file, 28.2 % of this file is in the reference.&quot; (the figures of the table&apos;s row).</extracomment>
        <translation>相似度 {similarity}%：{left}，{right}。</translation>
    </message>
    <message>
        <source>Text that many of the scanned files share (in grey) counted for nothing where both files have it.</source>
        <extracomment>After the pair&apos;s figures, when some of its text is boilerplate.</extracomment>
        <translation>许多被扫描文件共有的文字（灰色显示）在两个文件都有时不计入相似度。</translation>
    </message>
    <message>
        <source>Shared passages: runs of at least {words} words that both files hold, marked beside the line numbers and in the strip on the right.</source>
        <extracomment>The tooltip of the shared passages&apos; summary.</extracomment>
        <translation>共同段落：两个文件都含有的、连续 {words} 个词以上的文字，在行号旁和右侧的细条上标出。</translation>
    </message>
    <message>
        <source>The files are too large to look for shared passages.</source>
        <extracomment>Below the diff&apos;s title when the files are too large to look for shared passages.</extracomment>
        <translation>文件太大，没有查找共同段落。</translation>
    </message>
    <message>
        <source>No shared passages of {words} words or more.</source>
        <extracomment>Below the diff&apos;s title when the two files share no passage (no run of {words} words or more in both).</extracomment>
        <translation>两个文件没有共同段落（至少 {words} 个词相连）。</translation>
    </message>
    <message>
        <source>{passages} of {least} words or more, {words}.</source>
        <extracomment>The summary of the shared passages: &quot;3 shared passages of 16 words or more, 1240 words.&quot;</extracomment>
        <translation>{passages}（每段至少 {least} 个词），共 {words}。</translation>
    </message>
    <message numerus="yes">
        <source>%n shared passage(s)</source>
        <translation>
            <numerusform>%n 处共同段落</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n word(s)</source>
        <translation>
            <numerusform>%n 个词</numerusform>
        </translation>
    </message>
    <message>
        <source>{left} ↔ {right}</source>
        <extracomment>Where a shared passage is: its lines on the left, then on the right.</extracomment>
        <translation>{left} ↔ {right}</translation>
    </message>
    <message>
        <source>, </source>
        <extracomment>Goes between the places of shared passages.</extracomment>
        <translation>、</translation>
    </message>
    <message numerus="yes">
        <source> and %n more</source>
        <translation>
            <numerusform>，另有 %n 处</numerusform>
        </translation>
    </message>
    <message>
        <source>Lines: {places}</source>
        <extracomment>Before the places of the shared passages ({places}: &quot;7–10 ↔ 5–8, 1–5 ↔ 18–22&quot;, lines on the left ↔ lines on the right).</extracomment>
        <translation>所在行：{places}</translation>
    </message>
    <message>
        <source>A place is the lines on the left ↔ the lines on the right; click either to go there.</source>
        <translation>所在行写作“左侧的行 ↔ 右侧的行”，点击任一侧即可跳转到那里。</translation>
    </message>
</context>
<context>
    <name>DiffView</name>
    <message>
        <source>Changes in the whole file: click to go there</source>
        <extracomment>How the files shown were read (the scan&apos;s, taken whole by ``compare``). Whether Traditional Chinese is compared as Simplified, as in the scan shown.</extracomment>
        <translation>整个文件中的改动：点击可跳转</translation>
    </message>
</context>
<context>
    <name>Figures</name>
    <message>
        <source>An estimate (~): the two texts are too long to compare word by word in time, so what was left unsearched is estimated from the words it shares</source>
        <translation>估计值（~）：两个文本太长，无法及时逐词比较，未比较到的部分按其共有的词估算</translation>
    </message>
    <message>
        <source>{figure} %: the text many files of the folder share (licence headers, labels, attributions) counts for nothing here. Counting it, as the two files compared alone are, {shared} %</source>
        <translation>{figure} %：此文件夹中许多文件共有的文字（许可证头、标签、出处）在这里不计。计入这些文字（两个文件单独比较时即如此），为 {shared} %</translation>
    </message>
</context>
<context>
    <name>FileFilter</name>
    <message>
        <source>Filter by name or folder</source>
        <translation>按文件名或文件夹筛选</translation>
    </message>
    <message>
        <source>All formats</source>
        <translation>所有格式</translation>
    </message>
    <message>
        <source>Show only the files of one format</source>
        <translation>只显示一种格式的文件</translation>
    </message>
</context>
<context>
    <name>FileMoves</name>
    <message>
        <source>Move the marked files to this folder</source>
        <extracomment>Whether files marked in several folders keep them when moved to a folder (the confirmation&apos;s box, as the user last left it).</extracomment>
        <translation>把标记的文件移到这个文件夹</translation>
    </message>
    <message>
        <source>Moving stopped: {error}</source>
        <translation>移动中止：{error}</translation>
    </message>
    <message>
        <source>Moving files</source>
        <translation>移动文件</translation>
    </message>
    <message>
        <source>Files not replaced</source>
        <translation>未替换的文件</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) were left as they are. Details list each with its reason.</source>
        <translation>
            <numerusform>%n 个文件保持原样。详细信息列出了每个文件的原因。</numerusform>
        </translation>
    </message>
    <message>
        <source>Files not moved</source>
        <translation>未移动的文件</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) stayed where they were. Details list each with its reason.</source>
        <translation>
            <numerusform>%n 个文件留在原处。详细信息列出了每个文件及原因。</numerusform>
        </translation>
    </message>
    <message>
        <source>The log of moved files</source>
        <translation>移动日志</translation>
    </message>
    <message>
        <source>No file has been moved yet. The log will be kept in:
{path}</source>
        <translation>还没有移动过文件。日志将保存在：
{path}</translation>
    </message>
</context>
<context>
    <name>FilePairsModel</name>
    <message>
        <source>In the First Folder</source>
        <translation>第一个文件夹中</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>How They Compare</source>
        <translation>比较结果</translation>
    </message>
    <message>
        <source>In the Second Folder</source>
        <translation>第二个文件夹中</translation>
    </message>
    <message>
        <source>Identical</source>
        <translation>完全相同</translation>
    </message>
    <message>
        <source>Near, %1 %</source>
        <extracomment>A near-duplicate pair of files, with its similarity (&quot;Near, 93.4 %&quot;).</extracomment>
        <translation>近似，%1 %</translation>
    </message>
    <message>
        <source>Changed: not alike</source>
        <translation>已改动：不再相似</translation>
    </message>
    <message>
        <source>Only in the first</source>
        <translation>仅在第一个中</translation>
    </message>
    <message>
        <source>Only in the second</source>
        <translation>仅在第二个中</translation>
    </message>
</context>
<context>
    <name>FolderList</name>
    <message>
        <source>Folders to search</source>
        <translation>要查找的文件夹</translation>
    </message>
    <message>
        <source>Reference folder</source>
        <translation>参照文件夹</translation>
    </message>
    <message>
        <source>Files in a reference folder are compared with the others but never marked or moved</source>
        <translation>参照文件夹中的文件参与比较，但不会被标记或移动</translation>
    </message>
    <message>
        <source>Add Folder…</source>
        <translation>添加文件夹…</translation>
    </message>
    <message>
        <source>Add Catalogue…</source>
        <translation>添加编目…</translation>
    </message>
    <message>
        <source>Search a catalogue (.simcat) too: a drive catalogued with File → Make a Catalogue…, searched while it is away; its files are never marked or moved</source>
        <translation>同时查找编目（.simcat）：用“文件 → 制作编目…”编目的驱动器，不在身边时也能查找；其中的文件永远不会被标记或移动</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Add folders or catalogues (.simcat), or drop them here; double-click one to edit its path</source>
        <translation>添加文件夹或编目（.simcat），或拖放到这里；双击可编辑路径</translation>
    </message>
    <message>
        <source>Add catalogues to search</source>
        <translation>添加要查找的编目</translation>
    </message>
    <message>
        <source>Add a folder to search</source>
        <translation>添加要查找的文件夹</translation>
    </message>
</context>
<context>
    <name>FolderPairsModel</name>
    <message>
        <source>Group</source>
        <translation>组</translation>
    </message>
    <message>
        <source>In Common</source>
        <translation>共有</translation>
    </message>
    <message>
        <source>Identical</source>
        <translation>完全相同</translation>
    </message>
    <message>
        <source>Near</source>
        <translation>近似</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>改动</translation>
    </message>
    <message>
        <source>Only in First</source>
        <translation>仅在第一个</translation>
    </message>
    <message>
        <source>Only in Second</source>
        <translation>仅在第二个</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>First Folder</source>
        <translation>第一个文件夹</translation>
    </message>
    <message>
        <source>Second Folder</source>
        <translation>第二个文件夹</translation>
    </message>
</context>
<context>
    <name>FoldersView</name>
    <message>
        <source>Folders</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>Show the folders whose files are mostly the same or near-duplicates of another folder&apos;s, each pair&apos;s files side by side</source>
        <translation>显示其中文件大多与另一个文件夹相同或近似的文件夹，并排列出每对文件夹的文件</translation>
    </message>
    <message>
        <source>Keep the First, Mark the Second&apos;s Copies</source>
        <translation>保留第一个，标记第二个中的副本</translation>
    </message>
    <message>
        <source>Mark the files of the second folder that have a copy or near-duplicate in the first; files only in the second stay unmarked</source>
        <translation>标记第二个文件夹中在第一个里有副本或近似文件的文件；仅在第二个中的文件不会被标记</translation>
    </message>
    <message>
        <source>Keep the Second, Mark the First&apos;s Copies</source>
        <translation>保留第二个，标记第一个中的副本</translation>
    </message>
    <message>
        <source>Mark the files of the first folder that have a copy or near-duplicate in the second; files only in the first stay unmarked</source>
        <translation>标记第一个文件夹中在第二个里有副本或近似文件的文件；仅在第一个中的文件不会被标记</translation>
    </message>
    <message>
        <source>Comparing folders…</source>
        <translation>正在比较文件夹…</translation>
    </message>
    <message>
        <source>The folders could not be compared: %1</source>
        <translation>无法比较文件夹：%1</translation>
    </message>
    <message>
        <source>Search some folders: those that are near-copies of each other show here.</source>
        <translation>先查找一些文件夹：彼此近似副本的文件夹会显示在这里。</translation>
    </message>
    <message>
        <source>No folders are near-copies of each other.</source>
        <translation>没有互为近似副本的文件夹。</translation>
    </message>
    <message numerus="yes">
        <source>%n pair(s) of folders with at least half their bytes in identical or near-duplicate files; select a pair of files for its diff below, double-click it for a window of its own.</source>
        <translation>
            <numerusform>%n 对文件夹，其中至少一半字节在相同或近似的文件里；选择一对文件可在下方查看差异，双击则在单独的窗口中打开。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GroupsModel</name>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Similarity %</source>
        <translation>相似度 %</translation>
    </message>
    <message>
        <source>Kind</source>
        <extracomment>The column that says what a group is (identical, same text, near-duplicates) and what each file is to the group&apos;s centre.</extracomment>
        <translation>类型</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Modified</source>
        <translation>修改时间</translation>
    </message>
    <message>
        <source>Encoding</source>
        <translation>编码</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>Sorts the groups by how many files they hold</source>
        <translation>按组内文件数排序</translation>
    </message>
    <message>
        <source>Each file&apos;s exact similarity to its group&apos;s centre; sorts the groups by their least similar file</source>
        <translation>每个文件与组中心文件的精确相似度；按组内最低相似度排序</translation>
    </message>
    <message>
        <source>Sorts the groups by the space they could free</source>
        <translation>按可释放的空间排序</translation>
    </message>
    <message>
        <source>Identical: the same bytes. Same text: the same words in the same order in other bytes (another encoding, a .docx and its .txt). Sorts the groups by it</source>
        <translation>完全相同：字节一致。文本相同：字节不同，但词语及其顺序一致（如编码不同，或 .docx 与由它另存的 .txt）。按此对各组排序</translation>
    </message>
    <message>
        <source>{name}  (in {catalogue})</source>
        <extracomment>A file found in a catalogue (a drive that may be away): never marked.</extracomment>
        <translation>{name}  （在 {catalogue} 中）</translation>
    </message>
    <message>
        <source>{name}  (reference folder)</source>
        <extracomment>A file in a reference folder: compared, never marked or moved.</extracomment>
        <translation>{name}（参照文件夹）</translation>
    </message>
    <message>
        <source>identical</source>
        <extracomment>A file byte for byte the same as its group&apos;s centre.</extracomment>
        <translation>完全相同</translation>
    </message>
    <message>
        <source>same text</source>
        <extracomment>A file with the centre&apos;s text (its words, in order) in other bytes.</extracomment>
        <translation>文本相同</translation>
    </message>
    <message>
        <source>identical to {other}</source>
        <extracomment>A file with the same bytes as another file of its group that is not the centre; {other}: that file, as its path reads below their common folder.</extracomment>
        <translation>与 {other} 完全相同</translation>
    </message>
    <message>
        <source>also hard-linked as {names}</source>
        <extracomment>A file&apos;s other names, hard links to it (the same file, so no duplicate of it); {names}: those names, as they read beside the file&apos;s own.</extracomment>
        <translation>另有硬链接：{names}</translation>
    </message>
    <message>
        <source> · </source>
        <extracomment>Between two things said of one file in the Kind column.</extracomment>
        <translation> · </translation>
    </message>
    <message>
        <source>In a reference folder: never marked or moved</source>
        <translation>位于参照文件夹中：不会被标记或移动</translation>
    </message>
    <message>
        <source>The centre: every file here is compared with it</source>
        <translation>中心文件：本组的每个文件都与它比较</translation>
    </message>
    <message>
        <source>Byte for byte the same as {other}, not as the centre: its similarity is to the centre</source>
        <translation>与 {other} 逐字节完全相同（不是与中心文件）；它的相似度仍是与中心文件的相似度</translation>
    </message>
    <message>
        <source>Byte for byte the same as the centre</source>
        <translation>与中心文件逐字节完全相同</translation>
    </message>
    <message>
        <source>The same file, hard-linked, is also at:
{names}
It is never offered as a duplicate of itself</source>
        <translation>同一个文件（硬链接）还位于：
{names}
它不会被当作自己的重复文件</translation>
    </message>
    <message>
        <source>Group {number}: {count} files</source>
        <translation>第 {number} 组：{count} 个文件</translation>
    </message>
    <message>
        <source>≥ {similarity}</source>
        <extracomment>A group&apos;s row: every file of the group is at least this similar to its centre.</extracomment>
        <translation>≥ {similarity}</translation>
    </message>
    <message>
        <source>frees {size}</source>
        <translation>可释放 {size}</translation>
    </message>
    <message>
        <source>The space that keeping only the largest file frees</source>
        <translation>只保留最大的文件时可以释放的空间</translation>
    </message>
    <message>
        <source>The lowest similarity of a file to the centre</source>
        <translation>组内文件与中心文件的最低相似度</translation>
    </message>
</context>
<context>
    <name>GroupsPage</name>
    <message>
        <source>Choose &amp;Folder…</source>
        <translation>选择文件夹(&amp;F)…</translation>
    </message>
    <message>
        <source>&amp;Export Groups…</source>
        <translation>导出分组(&amp;E)…</translation>
    </message>
    <message>
        <source>Export &amp;Report…</source>
        <translation>导出报告(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Save Results…</source>
        <translation>保存结果(&amp;S)…</translation>
    </message>
    <message>
        <source>Keep these groups in a file, to open them again later and clean them up without a new search (or with &apos;simfind clean&apos;)</source>
        <translation>把这些组保存到文件中，以后可以再次打开并清理，无需重新查找（也可以用 &apos;simfind clean&apos; 清理）</translation>
    </message>
    <message>
        <source>Write the selected group, each file beside its centre, as a web page</source>
        <translation>把选中的分组写成一个网页，组内每个文件都与组的中心文件并排显示</translation>
    </message>
    <message>
        <source>Mark All but One in Each &amp;Group</source>
        <translation>每组保留一个，标记其余(&amp;G)</translation>
    </message>
    <message>
        <source>Mark All but One</source>
        <translation>保留一个，标记其余</translation>
    </message>
    <message>
        <source>In each group, keep one file by a rule and mark the others</source>
        <translation>在每组中按规则保留一个文件，标记其余文件</translation>
    </message>
    <message>
        <source>Keep the &amp;Newest</source>
        <translation>保留最新的(&amp;N)</translation>
    </message>
    <message>
        <source>Keep the &amp;Oldest</source>
        <translation>保留最旧的(&amp;O)</translation>
    </message>
    <message>
        <source>Keep the &amp;Largest</source>
        <translation>保留最大的(&amp;L)</translation>
    </message>
    <message>
        <source>Keep the One with the &amp;Shortest Path</source>
        <translation>保留路径最短的(&amp;S)</translation>
    </message>
    <message>
        <source>Keep the One in a &amp;Folder…</source>
        <translation>保留某个文件夹中的(&amp;F)…</translation>
    </message>
    <message>
        <source>Keep the Newest &amp;Version of Each Chain</source>
        <translation>每条版本链保留最新版本(&amp;V)</translation>
    </message>
    <message>
        <source>Order each group&apos;s files as versions by their modified time and keep the newest of each chain (of each branch where versions branch)</source>
        <translation>按修改时间把每组文件排成版本，保留每条版本链的最新版本（版本有分支时，保留每个分支的最新版本）</translation>
    </message>
    <message>
        <source>Show each group&apos;s files as versions: oldest first, each under the earlier version it most resembles, with the size of each step</source>
        <translation>把每组文件显示为版本：从旧到新，每个版本排在与它最相似的较早版本之下，并显示每一步改动的大小</translation>
    </message>
    <message>
        <source>Only Byte-&amp;Identical Files</source>
        <extracomment>In the &quot;Mark All but One&quot; menu: a choice that the rules above it obey.</extracomment>
        <translation>仅限逐字节相同的文件(&amp;I)</translation>
    </message>
    <message>
        <source>Mark only files that are byte for byte the same as another of their group, not files with the same text in another encoding or with other line endings</source>
        <translation>只标记与本组另一个文件逐字节完全相同的文件，不标记内容相同但编码或换行符不同的文件</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 及另外 %n 个文件夹</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot search</source>
        <translation>无法查找</translation>
    </message>
    <message>
        <source>Cannot group again</source>
        <translation>无法重新分组</translation>
    </message>
    <message>
        <source>Looking for near-duplicates…</source>
        <translation>正在查找近似重复文件…</translation>
    </message>
    <message>
        <source>Add one or more folders above and press Scan: every group of near-duplicates in them appears here, each file with its similarity to the centre of its group.</source>
        <translation>在上方添加一个或多个文件夹，然后点“扫描”：其中所有近似重复的文件会分组列在这里，每个文件都标出它与组中心文件的相似度。</translation>
    </message>
    <message>
        <source>No near-duplicates were found.</source>
        <translation>没有找到近似重复文件。</translation>
    </message>
    <message>
        <source>No group has a file that matches the filter.</source>
        <translation>没有哪一组含有符合筛选条件的文件。</translation>
    </message>
    <message>
        <source>No group is left: the files moved away or set apart as not duplicates left each group with one file. Undo puts moved files back; a new scan shows the groups as they are now.</source>
        <translation>没有剩下的分组：移走的文件或标为“不是重复”的文件让每组只剩一个文件。撤销可以把移走的文件放回；重新扫描会显示现在的分组。</translation>
    </message>
    <message>
        <source>Save Results</source>
        <translation>保存结果</translation>
    </message>
    <message>
        <source>There are no groups to save.</source>
        <translation>没有可保存的组。</translation>
    </message>
    <message>
        <source>simfind results (*.json)</source>
        <translation>simfind 结果 (*.json)</translation>
    </message>
    <message>
        <source>Results saved to {path}</source>
        <translation>结果已保存到 {path}</translation>
    </message>
    <message>
        <source>Open Results</source>
        <translation>打开结果</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <source>Opened from a saved result: scan again to group at another threshold</source>
        <translation>这是从保存的结果中打开的：要按其他阈值分组，请重新扫描</translation>
    </message>
    <message numerus="yes">
        <source>%n group(s) set apart: their files are not duplicates</source>
        <translation>
            <numerusform>已分开 %n 个分组：组内文件互不重复</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) set apart: not duplicates of their groups</source>
        <translation>
            <numerusform>已分开 %n 个文件：它们不是所在分组的重复</numerusform>
        </translation>
    </message>
    <message>
        <source>Marking files…</source>
        <translation>正在标记文件…</translation>
    </message>
    <message numerus="yes">
        <source>Marked %n file(s)</source>
        <translation>
            <numerusform>已标记 %n 个文件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %n group(s) have no file in that folder and were left</source>
        <translation>
            <numerusform>；%n 组在该文件夹中没有文件，未作标记</numerusform>
        </translation>
    </message>
    <message>
        <source>Keep the files in this folder</source>
        <translation>保留这个文件夹中的文件</translation>
    </message>
    <message>
        <source>Export Groups</source>
        <translation>导出分组</translation>
    </message>
    <message>
        <source>There are no groups to export.</source>
        <translation>没有可导出的分组。</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>Select a group or one of its files: the report shows each file of the group beside its centre.</source>
        <translation>请选择一个分组或其中的一个文件：报告会把组内每个文件与组的中心文件并排显示。</translation>
    </message>
    <message>
        <source>This is a file of the group; simfind will not overwrite it:
{path}</source>
        <translation>这是该组中的一个文件，simfind 不会覆盖它：
{path}</translation>
    </message>
</context>
<context>
    <name>HelpDialog</name>
    <message>
        <source>Help</source>
        <translation>帮助</translation>
    </message>
    <message>
        <source>Every tab</source>
        <extracomment>Where a keyboard shortcut works: on every tab of the window.</extracomment>
        <translation>所有标签页</translation>
    </message>
    <message>
        <source>, </source>
        <extracomment>Between the names of the tabs a keyboard shortcut works on.</extracomment>
        <translation>、</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>Tab</source>
        <translation>标签页</translation>
    </message>
    <message>
        <source>How simfind Compares</source>
        <translation>simfind 如何比较</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>How simfind compares</source>
        <translation>simfind 如何比较</translation>
    </message>
    <message>
        <source>simfind reads each file&apos;s text (Word, PDF and other documents too), finds the files whose fingerprints are near the reference&apos;s, and compares those word by word, as a diff does. The example below: a reference of 100 words, and a file holding all of it and 300 other words.</source>
        <translation>simfind 读取每个文件的文字（也包括 Word、PDF 等文档），找出指纹与参考文件相近的文件，再像差异比较那样逐词比较它们。下面的例子：参考文件有 100 个词，另一个文件包含参考文件的全部内容，外加 300 个其他的词。</translation>
    </message>
    <message>
        <source>Similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <source>The share of the two texts that is the same: the words they have in common, in order, over all the words of both (2 × common ÷ both). Example: 2 × 100 ÷ (100 + 400) = 40 %. Unrelated texts score near 0 %, a copy 100 %. Files from {threshold} % on are called similar; move the threshold above the results (its histogram shows how the files spread).</source>
        <translation>两份文字中相同部分所占的比例：按顺序共有的词数，除以两者的总词数（2 × 共有 ÷ 两者之和）。例子：2 × 100 ÷ (100 + 400) = 40 %。不相关的文字接近 0 %，副本为 100 %。达到 {threshold} % 的文件算作相似；可以拖动结果上方的阈值（它的直方图显示各文件的分布）。</translation>
    </message>
    <message>
        <source>Holds</source>
        <translation>含参考</translation>
    </message>
    <message>
        <source>How much of the reference the file contains. Example: 100 % (all of it). Rank by “Contains the reference” to find the files a text was pasted into.</source>
        <translation>文件包含了参考文件的多少内容。例子：100 %（全部）。按“包含参考文件”排序，可以找出某段文字被粘贴进了哪些文件。</translation>
    </message>
    <message>
        <source>Held</source>
        <translation>参考含</translation>
    </message>
    <message>
        <source>How much of the file the reference contains. Example: 25 % (100 of its 400 words).</source>
        <translation>参考文件包含了这个文件的多少内容。例子：25 %（它的 400 个词中的 100 个）。</translation>
    </message>
    <message>
        <source>Distance</source>
        <translation>距离</translation>
    </message>
    <message>
        <source>How many bits of the two fingerprints differ (of 128): the quick sieve before the exact comparison. Unrelated texts differ in about half the bits; a near copy in fewer, and the shorter the text, the more an edit moves it. Example: a note of 60 words with two of its four sentences edited, 27 (similarity 74 %).</source>
        <translation>两个指纹（共 128 位）中不同的位数：精确比较之前的快速筛选。不相关的文字大约一半的位不同；近似副本不同的位更少，而文字越短，一处修改带来的变化越大。例子：一篇 60 个词的短文，四句中改了两句，距离为 27（相似度 74 %）。</translation>
    </message>
    <message>
        <source>Identical, and text many files share</source>
        <translation>完全相同，以及许多文件共有的文字</translation>
    </message>
    <message>
        <source>Files with the same bytes are identical, of any kind (photos, archives, installers); the same text in other bytes (line endings, encoding) is 100 % and reads “same text”. In a group, a file&apos;s figures are to its centre, and a file with another file&apos;s bytes names it (“identical to …”). Text that many files of the folder carry (a licence header, a template) counts for nothing where both files have it: the diff shows it dimmed.</source>
        <translation>字节完全相同的文件为“完全相同”，任何类型都是如此（照片、压缩包、安装程序）；文字相同但字节不同（换行符、编码不同）的文件显示 100 %，类型为“文本相同”。在一个组中，文件的各项数字都是相对于组中心文件的；与组内另一个文件字节相同的文件会写明是哪一个（“与 … 完全相同”）。文件夹中许多文件都带有的文字（许可证声明、模板）在两个文件都有时不计入相似度：差异视图中以浅色显示。</translation>
    </message>
</context>
<context>
    <name>IgnoreListDialog</name>
    <message>
        <source>Ignore List</source>
        <translation>忽略列表</translation>
    </message>
    <message>
        <source>Pairs of files you said are not duplicates (Not Duplicates): the two files of a pair are never grouped together, and in Compare a file paired with the reference is left out. A file renamed or moved stays apart while its contents are the same; once either file is edited, the pair is judged afresh.</source>
        <translation>你标为“不是重复”的文件对：同一对的两个文件不会再被分到一组；在“与文件比较”中，与参考文件配对的文件不再列出。文件改名或移动后，只要内容不变就仍然分开；任一文件被修改后，这一对会重新判断。</translation>
    </message>
    <message>
        <source>Search the paths and contents…</source>
        <translation>搜索路径和内容…</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Not a Duplicate of</source>
        <translation>不是其重复的文件</translation>
    </message>
    <message>
        <source>Added</source>
        <translation>添加时间</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>移除(&amp;R)</translation>
    </message>
    <message>
        <source>Take the selected pairs off the list</source>
        <translation>把选中的文件对移出列表</translation>
    </message>
    <message>
        <source>Remove &amp;All…</source>
        <translation>全部移除(&amp;A)…</translation>
    </message>
    <message numerus="yes">
        <source>%n pair(s)</source>
        <translation>
            <numerusform>%n 对</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n pair(s)</source>
        <translation>
            <numerusform>%1 / %n 对</numerusform>
        </translation>
    </message>
    <message>
        <source>Remove All</source>
        <translation>全部移除</translation>
    </message>
    <message numerus="yes">
        <source>Take all %n pair(s) off the ignore list? Their files can be grouped together again from the next scan.</source>
        <translation>
            <numerusform>要把全部 %n 对移出忽略列表吗？从下次扫描起，它们的文件又可能分到一组。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LicencesDialog</name>
    <message>
        <source>Licences</source>
        <translation>许可证</translation>
    </message>
    <message>
        <source>simfind is free software under the MIT licence. It runs with these components, each under its own licence, whose text is shown below.</source>
        <translation>simfind 是以 MIT 许可证发布的自由软件。它使用下列组件，各组件按其自身的许可证使用，许可证全文见下方。</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>组件</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>许可证</translation>
    </message>
    <message>
        <source>Reading the licences…</source>
        <translation>正在读取许可证…</translation>
    </message>
    <message>
        <source>The licences could not be read: {error}</source>
        <translation>无法读取许可证：{error}</translation>
    </message>
</context>
<context>
    <name>LineCopies</name>
    <message>
        <source>without repeated lines</source>
        <extracomment>Put in the name of a copy without the marked lines: &quot;notes (…).txt&quot;.</extracomment>
        <translation>已去除重复行</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) left out of {source}; the copy:
{target}</source>
        <translation>
            <numerusform>已从 {source} 中去除 %n 行；副本：
{target}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Saved %n copy(ies) without the marked lines</source>
        <translation>
            <numerusform>已保存 %n 份不含已标记行的副本</numerusform>
        </translation>
    </message>
    <message>
        <source>Copies Without Marked Lines</source>
        <translation>不含已标记行的副本</translation>
    </message>
    <message>
        <source>Records</source>
        <translation>近似重复的行</translation>
    </message>
    <message>
        <source>No copy was written: {error}</source>
        <translation>未写入任何副本：{error}</translation>
    </message>
    <message>
        <source>No copy of {path}: {error}</source>
        <translation>未能为 {path} 写入副本：{error}</translation>
    </message>
    <message>
        <source>No copy of {path}: it changed since it was searched. Press Find again.</source>
        <translation>未能为 {path} 写入副本：查找之后文件已被修改。请重新点击“查找”。</translation>
    </message>
    <message>
        <source>No copy of {path}: only plain text files can be copied without lines (not documents).</source>
        <translation>未能为 {path} 写入副本：只有纯文本文件可以去除行后另存（文档不行）。</translation>
    </message>
    <message>
        <source>No copy of {path}: written back in its encoding, its text would not be the same bytes, so a copy could lose some of it.</source>
        <translation>未能为 {path} 写入副本：按其编码重新写出后与原来的字节不一致，副本可能丢失部分内容。</translation>
    </message>
</context>
<context>
    <name>LinesPage</name>
    <message>
        <source>&amp;Export the Table…</source>
        <translation>导出表格(&amp;E)…</translation>
    </message>
    <message>
        <source>Shortest:</source>
        <extracomment>Before the shortest record kept (a number of characters).</extracomment>
        <translation>最短：</translation>
    </message>
    <message>
        <source> characters</source>
        <extracomment>After the number of characters of the shortest record kept (mind the space).</extracomment>
        <translation> 个字符</translation>
    </message>
    <message>
        <source>Lines, paragraphs and cells shorter than this are left out</source>
        <translation>比这更短的行、段落和单元格不参与比较</translation>
    </message>
    <message>
        <source>Fi&amp;le or folder:</source>
        <translation>文件或文件夹(&amp;L)：</translation>
    </message>
    <message>
        <source>A list of quotes, a CSV file, a source folder…</source>
        <translation>例如：引文列表、CSV 文件、源代码文件夹…</translation>
    </message>
    <message>
        <source>File…</source>
        <translation>文件…</translation>
    </message>
    <message>
        <source>Folder…</source>
        <translation>文件夹…</translation>
    </message>
    <message>
        <source>Re&amp;cords:</source>
        <translation>记录类型(&amp;C)：</translation>
    </message>
    <message>
        <source>Lines</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Paragraphs</source>
        <translation>段落</translation>
    </message>
    <message>
        <source>A CSV column</source>
        <translation>CSV 的一列</translation>
    </message>
    <message>
        <source>Names in source code</source>
        <translation>源代码中的标识符</translation>
    </message>
    <message>
        <source>column name or number</source>
        <translation>列名或列号</translation>
    </message>
    <message>
        <source>The CSV column to compare: its header, or 1, 2, 3…</source>
        <translation>要比较的 CSV 列：列标题，或 1、2、3…</translation>
    </message>
    <message>
        <source>Mark Repeated Lines</source>
        <translation>标记重复的行</translation>
    </message>
    <message>
        <source>Mark every line of a group but its first (in file order)</source>
        <translation>标记每组中除第一行（按文件中的顺序）以外的所有行</translation>
    </message>
    <message>
        <source>Unmark All</source>
        <translation>全部取消标记</translation>
    </message>
    <message>
        <source>Save Copies Without Marked Lines</source>
        <translation>另存为不含已标记行的副本</translation>
    </message>
    <message>
        <source>Write a copy of each file beside it, without the marked lines; the files themselves are not changed</source>
        <translation>在每个文件旁边写入一份不含已标记行的副本；原文件不会被修改</translation>
    </message>
    <message>
        <source>Choose a file or a folder first.</source>
        <translation>请先选择一个文件或文件夹。</translation>
    </message>
    <message>
        <source>Name the CSV column to compare (its header, or its number).</source>
        <translation>请指定要比较的 CSV 列（列标题或列号）。</translation>
    </message>
    <message>
        <source>Marking repeated lines…</source>
        <translation>正在标记重复的行…</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) marked</source>
        <translation>
            <numerusform>已标记 %n 行</numerusform>
        </translation>
    </message>
    <message>
        <source>No line marked</source>
        <translation>未标记任何行</translation>
    </message>
    <message>
        <source>Finding pairs of similar fingerprints</source>
        <translation>正在查找指纹相近的记录对</translation>
    </message>
    <message numerus="yes">
        <source>Comparing: %n pair(s)</source>
        <translation>
            <numerusform>正在比较：%n 对</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reading: %n file(s)</source>
        <translation>
            <numerusform>正在读取：%n 个文件</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Find</source>
        <translation>查找</translation>
    </message>
    <message>
        <source>Looking for near-duplicate records…</source>
        <translation>正在查找近似重复的记录…</translation>
    </message>
    <message>
        <source>Drop a file here, or choose one: its near-duplicate lines, paragraphs, CSV cells or names are grouped.</source>
        <translation>把文件拖到这里，或选择一个文件：其中近似重复的行、段落、CSV 单元格或名称会分组列出。</translation>
    </message>
    <message>
        <source>{groups} among {records} in {files}</source>
        <extracomment>One sentence from its three counts, e.g. &quot;9 groups of near-duplicates among 24 records in 1 file&quot; (a language may put them in another order).</extracomment>
        <translation>在 {files}的 {records}中找到 {groups}</translation>
    </message>
    <message numerus="yes">
        <source>%n group(s) of near-duplicates</source>
        <translation>
            <numerusform>%n 组近似重复项</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n record(s)</source>
        <translation>
            <numerusform>%n 条记录</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation>
            <numerusform>%n 个文件</numerusform>
        </translation>
    </message>
    <message>
        <source>{summary} ({skipped})</source>
        <extracomment>A summary and how many files were skipped: &quot;… (2 files skipped)&quot;.</extracomment>
        <translation>{summary}（{skipped}）</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) skipped</source>
        <translation>
            <numerusform>跳过 %n 个文件</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled — {summary}</source>
        <translation>已取消：{summary}</translation>
    </message>
    <message>
        <source>Records</source>
        <translation>近似重复的行</translation>
    </message>
    <message>
        <source>Choose a file</source>
        <translation>选择文件</translation>
    </message>
    <message>
        <source>Choose a folder</source>
        <translation>选择文件夹</translation>
    </message>
    <message>
        <source>Excel workbooks (*.xlsx)</source>
        <translation>Excel 工作簿 (*.xlsx)</translation>
    </message>
    <message>
        <source>Select a record to see it in its file.</source>
        <translation>选择一条记录，即可在其文件中查看它。</translation>
    </message>
    <message>
        <source>{path}, line {line}</source>
        <translation>{path}，第 {line} 行</translation>
    </message>
    <message>
        <source>There are no rows to export.</source>
        <translation>没有可导出的行。</translation>
    </message>
    <message>
        <source>Export the Table</source>
        <translation>导出表格</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Find near-duplicates</source>
        <translation>查找近似重复文件</translation>
    </message>
    <message>
        <source>Compare with a File</source>
        <translation>与参考文件比较</translation>
    </message>
    <message>
        <source>Find All Near-Duplicates</source>
        <translation>查找所有近似重复文件</translation>
    </message>
    <message>
        <source>Rank the files of a folder by how much they resemble one file</source>
        <translation>按与某个文件的相似程度给文件夹中的文件排序</translation>
    </message>
    <message>
        <source>Group every file of one or more folders with its near-duplicates</source>
        <translation>把一个或多个文件夹中的近似重复文件分组</translation>
    </message>
    <message>
        <source>Near-Duplicate Lines</source>
        <translation>近似重复的行</translation>
    </message>
    <message>
        <source>Near-duplicate lines, paragraphs, CSV cells or names inside files</source>
        <translation>文件中近似重复的行、段落、CSV 单元格或名称</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>选项</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Open Results…</source>
        <translation>打开结果(&amp;O)…</translation>
    </message>
    <message>
        <source>Open groups saved with Save Results… (or by &apos;simfind groups --format json&apos;)</source>
        <translation>打开用“保存结果…”保存的组（或由 &apos;simfind groups --format json&apos; 写出的结果）</translation>
    </message>
    <message>
        <source>Make a &amp;Catalogue…</source>
        <translation>制作编目(&amp;C)…</translation>
    </message>
    <message>
        <source>Write a catalogue of folders (a backup drive, a USB stick) to one file, to compare with while the drive is away</source>
        <translation>把若干文件夹（备份硬盘、U 盘）编成一个编目文件，驱动器不在时也能拿来比较</translation>
    </message>
    <message>
        <source>&amp;Update a Catalogue…</source>
        <translation>更新编目(&amp;U)…</translation>
    </message>
    <message>
        <source>Bring a catalogue up to date: only new and changed files are read</source>
        <translation>更新编目：只读取新增和改动过的文件</translation>
    </message>
    <message>
        <source>&amp;Scan</source>
        <translation>扫描(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>Show &amp;Skipped Files…</source>
        <translation>查看跳过的文件(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Result</source>
        <translation>结果(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>打开(&amp;O)</translation>
    </message>
    <message>
        <source>Show in &amp;Folder</source>
        <translation>在文件夹中显示(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Copy Path</source>
        <translation>复制路径(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Use as Reference</source>
        <translation>设为参考文件(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Mark</source>
        <translation>标记(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Unmark All</source>
        <translation>全部取消标记(&amp;U)</translation>
    </message>
    <message>
        <source>Move to &amp;Trash…</source>
        <translation>移到回收站(&amp;T)…</translation>
    </message>
    <message>
        <source>Move the marked files to the system&apos;s Trash</source>
        <translation>把标记的文件移到系统回收站</translation>
    </message>
    <message>
        <source>Move to &amp;Folder…</source>
        <translation>移到文件夹(&amp;F)…</translation>
    </message>
    <message>
        <source>Move the marked files to a folder you choose</source>
        <translation>把标记的文件移到你选择的文件夹</translation>
    </message>
    <message>
        <source>Replace by Hard &amp;Links…</source>
        <translation>替换为硬链接(&amp;L)…</translation>
    </message>
    <message>
        <source>Replace each marked file by a hard link to the file kept in its group</source>
        <translation>把每个标记的文件替换为指向其所在组保留文件的硬链接</translation>
    </message>
    <message>
        <source>&amp;Not Duplicates</source>
        <translation>不是重复(&amp;N)</translation>
    </message>
    <message>
        <source>Never show the selected files as duplicates again: a file leaves its group (a group&apos;s row: its files part), a file in Compare leaves the reference&apos;s list; renamed files stay apart while their contents are the same</source>
        <translation>不再把选中的文件当作重复：文件离开所在分组（选中分组行：组内文件全部分开），“与文件比较”中的文件不再列在参考文件下；文件改名后，只要内容不变就仍然分开</translation>
    </message>
    <message>
        <source>&amp;Ignore List…</source>
        <translation>忽略列表(&amp;I)…</translation>
    </message>
    <message>
        <source>The pairs of files you said are not duplicates: search them, remove some</source>
        <translation>你标为“不是重复”的文件对：可搜索、可移除</translation>
    </message>
    <message>
        <source>&amp;Undo the Last Replacement by Hard Links</source>
        <translation>撤销上次的“替换为硬链接”(&amp;Z)</translation>
    </message>
    <message>
        <source>&amp;Undo the Last Move to a Folder</source>
        <translation>撤销上次的“移到文件夹”(&amp;Z)</translation>
    </message>
    <message>
        <source>Open the &amp;Log of Moved Files</source>
        <translation>打开移动日志(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>查看(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System Default</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>How simfind &amp;Compares</source>
        <translation>simfind 如何比较(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About simfind</source>
        <translation>关于 simfind(&amp;A)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Scan</source>
        <translation>扫描</translation>
    </message>
    <message>
        <source>No application opens {path}</source>
        <translation>没有可以打开 {path} 的程序</translation>
    </message>
    <message>
        <source>Could not show {path} in its folder</source>
        <translation>无法在文件夹中显示 {path}</translation>
    </message>
    <message>
        <source>: {why}</source>
        <extracomment>After &quot;Could not show … in its folder&quot;: the system&apos;s reason.</extracomment>
        <translation>：{why}</translation>
    </message>
    <message numerus="yes">
        <source>Copied %n path(s)</source>
        <translation>
            <numerusform>已复制 %n 个路径</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MarkBar</name>
    <message numerus="yes">
        <source>%n file(s) marked, {size}</source>
        <translation>
            <numerusform>已标记 %n 个文件，共 {size}</numerusform>
        </translation>
    </message>
    <message>
        <source>No file marked</source>
        <translation>未标记任何文件</translation>
    </message>
</context>
<context>
    <name>MoveBar</name>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>Details…</source>
        <translation>详细信息…</translation>
    </message>
    <message>
        <source>Open the Log</source>
        <translation>打开日志</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Making copies again… {done} of {total}</source>
        <translation>正在重新复制… {done}/{total}</translation>
    </message>
    <message>
        <source>Putting files back… {done} of {total}</source>
        <translation>正在放回文件… {done} / {total}</translation>
    </message>
    <message>
        <source>Replacing files by hard links… {done} of {total}</source>
        <translation>正在替换为硬链接… {done}/{total}</translation>
    </message>
    <message>
        <source>Moving files… {done} of {total}</source>
        <translation>正在移动文件… {done} / {total}</translation>
    </message>
    <message numerus="yes">
        <source>Moved %n file(s) ({size}) to the Trash.</source>
        <translation>
            <numerusform>已将 %n 个文件（{size}）移到回收站。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Moved %n file(s) ({size}) to {folder}.</source>
        <translation>
            <numerusform>已将 %n 个文件（{size}）移到 {folder}。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Replaced %n file(s) by hard links to the kept files, freeing {size}.</source>
        <translation>
            <numerusform>已把 %n 个文件替换为指向保留文件的硬链接，腾出 {size}。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Made %n file(s) independent copies again.</source>
        <translation>
            <numerusform>已把 %n 个文件重新变成独立的副本。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Put %n file(s) back where they were.</source>
        <translation>
            <numerusform>已将 %n 个文件放回原处。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be made copies again (see Details).</source>
        <translation>
            <numerusform>%n 个文件无法重新变成副本（见详细信息）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) were not replaced (see Details).</source>
        <translation>
            <numerusform>%n 个文件未被替换（见详细信息）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be put back (see Details).</source>
        <translation>
            <numerusform>%n 个文件无法放回（见详细信息）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) were not moved (see Details).</source>
        <translation>
            <numerusform>%n 个文件未移动（见详细信息）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Logged in {path}</source>
        <translation>日志已保存到 {path}</translation>
    </message>
    <message>
        <source>The log could not be written: {error}</source>
        <translation>无法写入日志：{error}</translation>
    </message>
</context>
<context>
    <name>OptionsPanel</name>
    <message>
        <source>Fingerprint:</source>
        <extracomment>The ranking box&apos;s first entry: RankOptions.short_by_containment.</extracomment>
        <translation>指纹：</translation>
    </message>
    <message>
        <source>64 bits</source>
        <translation>64 位</translation>
    </message>
    <message>
        <source>128 bits (finer)</source>
        <translation>128 位（更精细）</translation>
    </message>
    <message>
        <source>Only files matching:</source>
        <translation>只扫描匹配的文件：</translation>
    </message>
    <message>
        <source>e.g. *.py *.md (all files when empty)</source>
        <translation>例如 *.py *.md（留空则包含所有文件）</translation>
    </message>
    <message>
        <source>Leave out:</source>
        <translation>排除：</translation>
    </message>
    <message>
        <source>e.g. build/ *.min.js</source>
        <translation>例如 build/ *.min.js</translation>
    </message>
    <message>
        <source>Include hidden files and folders</source>
        <translation>包含隐藏的文件和文件夹</translation>
    </message>
    <message>
        <source>Follow symbolic links</source>
        <translation>跟随符号链接</translation>
    </message>
    <message>
        <source>Remember fingerprints between scans</source>
        <translation>记住指纹，下次扫描更快</translation>
    </message>
    <message>
        <source>Rank by:</source>
        <translation>排序依据：</translation>
    </message>
    <message>
        <source>Automatic (a short reference: the files that contain it first)</source>
        <extracomment>The default ranking: a reference far smaller than the folder&apos;s files (a quotation, a pasted paragraph) ranks the files that contain it first.</extracomment>
        <translation>自动（参考较短时：包含它的文件在前）</translation>
    </message>
    <message>
        <source>Similarity of the whole file</source>
        <translation>整个文件的相似度</translation>
    </message>
    <message>
        <source>Contains the reference</source>
        <translation>包含参考文件</translation>
    </message>
    <message>
        <source>“Contains the reference” puts first the files that hold most of the reference (an excerpt, a quotation, a text pasted into a longer one), however unlike it they are as a whole</source>
        <translation>“包含参考文件”把含有参考文件内容最多的文件排在前面（摘录、引文、粘贴进更长文本的段落），即使它们整体上并不相似</translation>
    </message>
    <message>
        <source>Plain text files only (not Word, PDF, …)</source>
        <translation>只比较纯文本文件（不读 Word、PDF 等）</translation>
    </message>
    <message>
        <source>Documents (Word, PowerPoint, OpenDocument, PDF, EPUB, RTF and web pages) are compared by their text unless this is ticked</source>
        <translation>不勾选时，文档（Word、PowerPoint、OpenDocument、PDF、EPUB、RTF 和网页）按其中的文字比较</translation>
    </message>
    <message>
        <source>Treat Traditional and Simplified as the same</source>
        <translation>繁体与简体视为相同</translation>
    </message>
    <message>
        <source>Chinese in Traditional characters is compared as if written in Simplified (頭髮 as 头发); each file is still shown as written</source>
        <translation>繁体中文按简体比较（頭髮 视为 头发）；每个文件仍按原样显示</translation>
    </message>
</context>
<context>
    <name>Page</name>
    <message>
        <source>Could not write {path}:
{error}</source>
        <translation>无法写入 {path}：
{error}</translation>
    </message>
    <message>
        <source>Export the Table</source>
        <translation>导出表格</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>Web pages (*.html)</source>
        <translation>网页 (*.html)</translation>
    </message>
    <message>
        <source>Could not read {path} as text: {why}.</source>
        <translation>无法把 {path} 读取为文本：{why}。</translation>
    </message>
    <message>
        <source>Exported to {path}</source>
        <translation>已导出到 {path}</translation>
    </message>
</context>
<context>
    <name>PairWindow</name>
    <message>
        <source>{left} ↔ {right}</source>
        <extracomment>The window&apos;s size when it opens. The title of the window that compares two files: &quot;a.txt ↔ b.docx — simfind&quot;.</extracomment>
        <translation>{left} ↔ {right}</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <translation>查找范围(&amp;L)：</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>文件类型(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>RecordGroupsModel</name>
    <message>
        <source>Record</source>
        <translation>记录</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Similarity %</source>
        <translation>相似度 %</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Exact similarity to the group&apos;s centre (the first record, in bold); on a group&apos;s row, the lowest of its records</source>
        <translation>与本组中心（第一条记录，粗体）的精确相似度；组所在行显示组内最低的相似度</translation>
    </message>
    <message>
        <source>Group {number}: {count} records</source>
        <translation>第 {number} 组：{count} 条记录</translation>
    </message>
    <message>
        <source>≥ {similarity}</source>
        <extracomment>A group&apos;s row: every record of the group is at least this similar to its first.</extracomment>
        <translation>≥ {similarity}</translation>
    </message>
</context>
<context>
    <name>ReportWords</name>
    <message numerus="yes">
        <source>%n shared passage(s)</source>
        <translation>
            <numerusform>%n 处共同段落</numerusform>
        </translation>
    </message>
    <message>
        <source>Similarity report: {left} and {right}</source>
        <extracomment>The report&apos;s title: the names of the two files compared.</extracomment>
        <translation>相似度报告：{left} 与 {right}</translation>
    </message>
    <message>
        <source>Similarity report: group {number} ({files} files)</source>
        <extracomment>The report&apos;s title for a group ({number}: its number in the list).</extracomment>
        <translation>相似度报告：第 {number} 组（{files} 个文件）</translation>
    </message>
    <message>
        <source>Made {date} by simfind {version}.</source>
        <extracomment>Below the report&apos;s title: when it was made, and by which version.</extracomment>
        <translation>由 simfind {version} 于 {date} 生成。</translation>
    </message>
    <message>
        <source>A</source>
        <extracomment>The report&apos;s name for the first file of a pair (the reference, the centre).</extracomment>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <extracomment>The report&apos;s name for the second file of a pair.</extracomment>
        <translation>B</translation>
    </message>
    <message>
        <source>Figures</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>Similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <source>({figure} % counting the text many of the searched files share)</source>
        <extracomment>After the similarity ({figure}: a percentage) where the text many of the searched files share, not counted in it, would raise it by a point or more.</extracomment>
        <translation>（计入所搜索的许多文件共有的文字，则为 {figure} %）</translation>
    </message>
    <message>
        <source>(an estimate: the texts are too long to compare word by word in time)</source>
        <translation>（估计值：文本太长，无法及时逐词比较）</translation>
    </message>
    <message>
        <source>Share of {left} found in {right}</source>
        <extracomment>{left}, {right}: the files&apos; names in the report, &quot;A&quot; and &quot;B&quot;.</extracomment>
        <translation>{left} 在 {right} 中的比例</translation>
    </message>
    <message>
        <source>Share of {right} found in {left}</source>
        <translation>{right} 在 {left} 中的比例</translation>
    </message>
    <message>
        <source>Fingerprint distance</source>
        <translation>指纹距离</translation>
    </message>
    <message>
        <source>{distance} of {bits} bits</source>
        <translation>{distance}/{bits} 位</translation>
    </message>
    <message>
        <source>— (a text without words has no fingerprint)</source>
        <translation>—（没有词语的文本没有指纹）</translation>
    </message>
    <message>
        <source>Boilerplate discounted</source>
        <translation>已降权的样板文字</translation>
    </message>
    <message>
        <source>{a}: {left}; {b}: {right}</source>
        <extracomment>{a}, {b}: the files&apos; names in the report, &quot;A&quot; and &quot;B&quot;; {left}, {right}: their words.</extracomment>
        <translation>{a}：{left}；{b}：{right}</translation>
    </message>
    <message>
        <source>{words} words ({share} %)</source>
        <translation>{words} 个词（{share} %）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>near-duplicates (similarity at or above {threshold} %)</source>
        <translation>近似重复（相似度不低于 {threshold} %）</translation>
    </message>
    <message>
        <source>not near-duplicates (similarity below {threshold} %)</source>
        <translation>不算近似重复（相似度低于 {threshold} %）</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>路径</translation>
    </message>
    <message>
        <source>Path as bytes (hexadecimal)</source>
        <extracomment>A row of the report&apos;s file facts, shown where a name is not shown as it is (a byte that is not UTF-8, a control character): the path&apos;s exact bytes.</extracomment>
        <translation>路径的字节（十六进制）</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>{size} ({bytes} bytes)</source>
        <translation>{size}（{bytes} 字节）</translation>
    </message>
    <message>
        <source>Modified</source>
        <translation>修改时间</translation>
    </message>
    <message>
        <source>Encoding</source>
        <translation>编码</translation>
    </message>
    <message>
        <source>Read as</source>
        <extracomment>What a file&apos;s text was taken from: &quot;text&quot;, or a document&apos;s format.</extracomment>
        <translation>读取为</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>SHA-256</source>
        <translation>SHA-256</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Fingerprint bits</source>
        <translation>指纹位数</translation>
    </message>
    <message>
        <source>Similar from</source>
        <translation>相似度阈值</translation>
    </message>
    <message>
        <source>Largest file read</source>
        <translation>读取的最大文件</translation>
    </message>
    <message>
        <source>Documents read for their text</source>
        <translation>读取文档中的文本</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Boilerplate learnt from</source>
        <translation>样板文字的来源</translation>
    </message>
    <message>
        <source>the {files} files searched</source>
        <translation>搜索的 {files} 个文件</translation>
    </message>
    <message>
        <source>nothing (the files compared alone)</source>
        <translation>无（只比较这两个文件）</translation>
    </message>
    <message>
        <source>Shortest shared passage (words)</source>
        <translation>共同段落的最短长度（词）</translation>
    </message>
    <message>
        <source>Folders searched</source>
        <translation>搜索的文件夹</translation>
    </message>
    <message>
        <source>Shared passages</source>
        <translation>共同段落</translation>
    </message>
    <message>
        <source>{passages} of {least} words or more, {words} words: {left_share} % of {left} and {right_share} % of {right}.</source>
        <extracomment>{passages}: &quot;3 shared passages&quot;; {left}, {right}: &quot;A&quot; and &quot;B&quot;.</extracomment>
        <translation>{passages}（每段至少 {least} 个词），共 {words} 个词：占 {left} 的 {left_share} %，占 {right} 的 {right_share} %。</translation>
    </message>
    <message>
        <source>A passage is a run of {least} words or more found in both texts, in any order, so their shares can differ from the similarity, which counts only the words a diff keeps in order.</source>
        <extracomment>After the passages&apos; summary: why their shares can differ from the similarity.</extracomment>
        <translation>共有段落是两个文本中都有的、至少 {least} 个词的连续片段，不论先后顺序，因此其占比可能与相似度不同：相似度只计差异比较按顺序保留下来的词。</translation>
    </message>
    <message>
        <source>No shared passages of {words} words or more.</source>
        <translation>两个文件没有共同段落（至少 {words} 个词相连）。</translation>
    </message>
    <message>
        <source>The files are too large to look for shared passages.</source>
        <translation>文件太大，没有查找共同段落。</translation>
    </message>
    <message>
        <source>Passage</source>
        <translation>段落</translation>
    </message>
    <message>
        <source>Words</source>
        <translation>词数</translation>
    </message>
    <message>
        <source>Lines in {side}</source>
        <translation>{side} 中的行</translation>
    </message>
    <message>
        <source>Shared passage {number}: go to it in {side}</source>
        <extracomment>The tooltip of a shared passage in the report ({side}: &quot;A&quot; or &quot;B&quot;).</extracomment>
        <translation>共同段落 {number}：跳到 {side} 中的这一段</translation>
    </message>
    <message>
        <source>Both texts</source>
        <translation>两份文本</translation>
    </message>
    <message>
        <source>Highlighted: the shared passages. Click one to go to the same passage in the other file.</source>
        <translation>高亮：共同段落。点击一段可跳到另一文件中的同一段落。</translation>
    </message>
    <message>
        <source>Grey: text that many of the searched files share, which counted for nothing where both files have it.</source>
        <translation>灰色：许多被搜索文件共有的文字，两个文件都有时不计分。</translation>
    </message>
    <message>
        <source>The group</source>
        <translation>分组</translation>
    </message>
    <message>
        <source>Each file of the group is compared with the group&apos;s centre (A), the file most similar to the others.</source>
        <translation>组内每个文件都与组的中心文件（A）比较，中心文件是与其他文件最相似的那个。</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Comparison {number}</source>
        <translation>比较 {number}</translation>
    </message>
    <message>
        <source>(no text)</source>
        <translation>（没有文本）</translation>
    </message>
</context>
<context>
    <name>ResultFiles</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Saving the results…</source>
        <translation>正在保存结果…</translation>
    </message>
    <message>
        <source>The results were not saved: {error}</source>
        <translation>结果未保存：{error}</translation>
    </message>
    <message>
        <source>Save Results</source>
        <translation>保存结果</translation>
    </message>
    <message>
        <source>Opening the results…</source>
        <translation>正在打开结果…</translation>
    </message>
    <message>
        <source>Open Results</source>
        <translation>打开结果</translation>
    </message>
</context>
<context>
    <name>ResultWords</name>
    <message>
        <source>{name}  (gone since saved)</source>
        <extracomment>A file of a result opened from a file: it is no longer there.</extracomment>
        <translation>{name}（保存后已不存在）</translation>
    </message>
    <message>
        <source>{name}  (changed since saved)</source>
        <extracomment>A file of a result opened from a file: it is not as it was when saved.</extracomment>
        <translation>{name}（保存后已改动）</translation>
    </message>
    <message>
        <source>This file is no longer there: it was moved, renamed or deleted since the result was saved. It is never marked or moved; scan again to see the groups as they are now.</source>
        <translation>此文件已不存在：保存结果之后它被移动、改名或删除了。它不会被标记或移动；重新扫描可查看当前的分组。</translation>
    </message>
    <message>
        <source>This file is not as it was when the result was saved (its size, modified time or identity differ). It is never marked or moved, nor kept in place of another; scan again to compare it anew.</source>
        <translation>此文件与保存结果时不同（大小、修改时间或文件身份不同）。它不会被标记或移动，也不会代替其他文件被保留；重新扫描可重新比较。</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) changed since saved</source>
        <translation>
            <numerusform>%n 个文件在保存后已改动</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) gone since saved</source>
        <translation>
            <numerusform>%n 个文件在保存后已不存在</numerusform>
        </translation>
    </message>
    <message>
        <source>, </source>
        <extracomment>Between the parts of a list (&quot;3 files changed since saved, 1 file gone since saved&quot;).</extracomment>
        <translation>，</translation>
    </message>
    <message numerus="yes">
        <source>%n group(s) opened from a result saved {saved}</source>
        <translation>
            <numerusform>已打开 {saved} 保存的结果：%n 个组</numerusform>
        </translation>
    </message>
    <message>
        <source>Saved {saved}: {summary}</source>
        <extracomment>The summary of groups opened from a result file: {saved}, when it was saved; {summary}, the groups&apos; own summary.</extracomment>
        <translation>保存于 {saved}：{summary}</translation>
    </message>
    <message>
        <source>Nothing was opened.</source>
        <extracomment>After why a result file is damaged: the window shows what it showed.</extracomment>
        <translation>未打开任何内容。</translation>
    </message>
</context>
<context>
    <name>ResultsModel</name>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>Distance</source>
        <translation>距离</translation>
    </message>
    <message>
        <source>Similarity %</source>
        <translation>相似度 %</translation>
    </message>
    <message>
        <source>Holds %</source>
        <translation>含参考 %</translation>
    </message>
    <message>
        <source>Held %</source>
        <translation>参考含 %</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Modified</source>
        <translation>修改时间</translation>
    </message>
    <message>
        <source>Encoding</source>
        <translation>编码</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>How many bits of the file&apos;s fingerprint differ from the reference&apos;s: 0 means the same words. The fast first filter; smaller is closer.</source>
        <translation>文件指纹与参考文件指纹不同的位数：0 表示词语相同。这是快速的初步筛选，数值越小越接近。</translation>
    </message>
    <message>
        <source>How much of the text the file shares with the reference, compared word by word. Only the files nearest by distance are compared; the others stay blank. A second figure in brackets: the same with the text many files of the folder share counted, as the two files compared alone read. ~: an estimate.</source>
        <translation>逐词比较后，文件与参考文件相同内容所占的比例。只有距离最近的文件会逐词比较，其余留空。括号中的第二个数字：计入此文件夹中许多文件共有的文字后的比例，即两个文件单独比较时的结果。~：估计值。</translation>
    </message>
    <message>
        <source>How much of the reference is found in the file: 100% when the file holds all of it, however much more it holds. Blank where not compared.</source>
        <translation>参考文件的内容有多少出现在这个文件里：文件含有参考文件的全部内容时为 100%，无论它另外还有多少内容。未比较的文件留空。</translation>
    </message>
    <message>
        <source>How much of the file is found in the reference: 100% when the file is an excerpt of it. Blank where not compared.</source>
        <translation>这个文件的内容有多少出现在参考文件里：文件是参考文件的摘录时为 100%。未比较的文件留空。</translation>
    </message>
    <message>
        <source>{name} (reference)</source>
        <translation>{name}（参考文件）</translation>
    </message>
    <message>
        <source>identical</source>
        <extracomment>In the Similarity % column: byte for byte the same file as the reference (100 % alone would not tell it from the same text in other bytes).</extracomment>
        <translation>完全相同</translation>
    </message>
</context>
<context>
    <name>ScanPage</name>
    <message>
        <source>Cannot scan</source>
        <translation>无法扫描</translation>
    </message>
</context>
<context>
    <name>ScanStatus</name>
    <message>
        <source>An unexpected error stopped the scan: {error}</source>
        <extracomment>A scan ended by an error simfind did not expect; the error&apos;s own words follow.</extracomment>
        <translation>扫描因意外错误而中止：{error}</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Looking for files…</source>
        <translation>正在查找文件…</translation>
    </message>
    <message>
        <source>Finding pairs of similar fingerprints…</source>
        <translation>正在查找指纹相近的文件对…</translation>
    </message>
    <message>
        <source>%v of %m compared</source>
        <translation>已比较 %v / %m 个</translation>
    </message>
    <message>
        <source>Comparing files with similar fingerprints exactly…</source>
        <translation>正在精确比较指纹相近的文件…</translation>
    </message>
    <message>
        <source>Checking the closest files exactly…</source>
        <translation>正在精确比较最接近的文件…</translation>
    </message>
    <message>
        <source>%v of %m files</source>
        <translation>%v / %m 个文件</translation>
    </message>
    <message>
        <source>Comparing the bytes of files of the same size…</source>
        <translation>正在比较大小相同的文件的字节…</translation>
    </message>
    <message>
        <source>{rate:.0f} files/s</source>
        <translation>每秒 {rate:.0f} 个文件</translation>
    </message>
    <message>
        <source>about {seconds:.0f} s left</source>
        <translation>大约还需 {seconds:.0f} 秒</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>Not started: {message}</source>
        <extracomment>Inputs refused before a scan or search began; the reason follows.</extracomment>
        <translation>未开始：{message}</translation>
    </message>
    <message>
        <source>The scan stopped: {message}</source>
        <translation>扫描已中止：{message}</translation>
    </message>
    <message numerus="yes">
        <source>%n group(s) ({files} files) left. Found: {summary}</source>
        <extracomment>%n: the groups still shown after files were moved, trashed or set apart; {summary}: what the search had found.</extracomment>
        <translation>
            <numerusform>剩余 %n 组（{files} 个文件）。搜索找到：{summary}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n group(s) of near-duplicates so far ({files} files); still comparing…</source>
        <extracomment>%n: the groups of near-duplicates shown so far, while the search goes on.</extracomment>
        <translation>
            <numerusform>已找到 %n 组近似重复文件（共 {files} 个），仍在比较…</numerusform>
        </translation>
    </message>
    <message>
        <source>Looking for near-duplicates in {folder}…</source>
        <translation>正在 {folder} 中查找近似重复文件…</translation>
    </message>
    <message>
        <source>Scanning {folder}…</source>
        <translation>正在扫描 {folder}…</translation>
    </message>
    <message>
        <source>Skipped files ({count})…</source>
        <translation>跳过的文件（{count}）…</translation>
    </message>
    <message>
        <source>text shared by many files (licence headers, banners) counted for nothing where both files have it</source>
        <extracomment>After a scan&apos;s summary, when the files share text (licence headers, banners, a template) that counted for nothing where both files have it.</extracomment>
        <translation>许多文件共有的文字（许可证声明、分隔横幅等）在两个文件都有时不计入相似度</translation>
    </message>
    <message>
        <source>{summary} · {note}</source>
        <extracomment>Joins a summary and a note after it.</extracomment>
        <translation>{summary} · {note}</translation>
    </message>
    <message numerus="yes">
        <source>%n figure(s) marked ~ are estimates: the texts are too long to compare word by word in time</source>
        <extracomment>%n: figures shown &quot;~&quot; because the two texts are too long to compare word by word in time.</extracomment>
        <translation>
            <numerusform>%n 个标有 ~ 的数值是估计值：文本太长，无法及时逐词比较</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n identical copy(-ies) of the reference; it is no text, so the files of its size were compared with it by their bytes; {skipped} skipped</source>
        <extracomment>%n: the copies found of a reference that is no text (an image, an archive), compared with the folder&apos;s files of its size by their bytes.</extracomment>
        <translation>
            <numerusform>找到参考文件的 %n 个完全相同的副本；参考文件不是文本，因此按字节与同样大小的文件比较；跳过 {skipped} 个</numerusform>
        </translation>
    </message>
    <message>
        <source>{holding} holding {share} % or more of the reference, {similar} similar, of {scanned} scanned, {skipped} skipped</source>
        <extracomment>Ranked by &quot;contains the reference&quot;: the files holding at least the threshold&apos;s share of the reference, then those similar as a whole.</extracomment>
        <translation>扫描了 {scanned} 个文件，其中 {holding} 个包含参考文件的 {share}% 以上，{similar} 个相似，跳过 {skipped} 个</translation>
    </message>
    <message>
        <source>{similar} similar of {scanned} scanned, {skipped} skipped</source>
        <translation>扫描了 {scanned} 个文件，其中 {similar} 个相似，跳过 {skipped} 个</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled — {similar} similar of {scanned} scanned; only the nearest %n compared exactly; {skipped} skipped</source>
        <extracomment>%n: how many of the files found before the cancel were compared exactly.</extracomment>
        <translation>
            <numerusform>已取消：扫描了 {scanned} 个文件，其中 {similar} 个相似；只精确比较了最接近的 %n 个；跳过 {skipped} 个</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled — {scanned} scanned, none compared exactly; {skipped} skipped</source>
        <translation>已取消：扫描了 {scanned} 个文件，未做精确比较；跳过 {skipped} 个</translation>
    </message>
    <message numerus="yes">
        <source>%n group(s) ({files} files): {identical} identical, {same} same text, {near} near-duplicates; among {scanned} files, {skipped} skipped</source>
        <extracomment>%n: groups of files; then the files in them, how many groups are of identical files, of the same text, of near-duplicates, the files looked at (of any kind) and the files skipped.</extracomment>
        <translation>
            <numerusform>%n 组（{files} 个文件）：完全相同 {identical} 组，文本相同 {same} 组，近似重复 {near} 组；共 {scanned} 个文件，跳过 {skipped} 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n group(s) of near-duplicates ({files} files) among {scanned} scanned, {skipped} skipped</source>
        <extracomment>%n: groups of near-duplicate files; then the files in them, the text files read and the files skipped.</extracomment>
        <translation>
            <numerusform>扫描了 {scanned} 个文件，找到 %n 组近似重复文件（共 {files} 个），跳过 {skipped} 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{summary}; %n estimate(s) from fingerprints (a catalogue&apos;s drive is away)</source>
        <extracomment>%n: pairs with a catalogued file whose drive is away, compared by their fingerprints&apos; estimate alone (no text to compare exactly).</extracomment>
        <translation>
            <numerusform>{summary}；%n 对文件按指纹估计（编目所在的驱动器不在）</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled, the list is partial — {summary}</source>
        <extracomment>The search was cancelled: the groups listed are final, but others may be missing.</extracomment>
        <translation>已取消，列表不完整：{summary}</translation>
    </message>
</context>
<context>
    <name>SimilarityHistogram</name>
    <message>
        <source>The similarities of the {total} files compared: {above} at or above {threshold} %, {below} below</source>
        <extracomment>The tooltip of the histogram of similarities beside the threshold.</extracomment>
        <translation>已比较的 {total} 个文件的相似度：{above} 个不低于 {threshold}%，{below} 个低于此值</translation>
    </message>
</context>
<context>
    <name>SkippedDialog</name>
    <message>
        <source>Skipped files</source>
        <translation>跳过的文件</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) were not compared:</source>
        <translation>
            <numerusform>有 %n 个文件未参与比较：</numerusform>
        </translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Copy List</source>
        <translation>复制列表</translation>
    </message>
</context>
<context>
    <name>TableExport</name>
    <message>
        <source>Counting shared text %</source>
        <extracomment>A column of the exported table: the similarity with the text many files of the folder share counted (as the two files compared alone read), where that moves it by a point or more; the table shows it in brackets after the similarity.</extracomment>
        <translation>计入共有文字的相似度 %</translation>
    </message>
    <message>
        <source>Size (bytes)</source>
        <translation>大小（字节）</translation>
    </message>
    <message>
        <source>Note</source>
        <extracomment>A column of the exported table: &quot;reference&quot; or &quot;similar&quot;, or nothing.</extracomment>
        <translation>备注</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>路径</translation>
    </message>
    <message>
        <source>Path as bytes (hexadecimal)</source>
        <extracomment>A column of the exported table, filled where a name is not written as it is (a byte that is not UTF-8; a name a spreadsheet would take for a formula).</extracomment>
        <translation>路径的字节（十六进制）</translation>
    </message>
    <message>
        <source>Group</source>
        <extracomment>Headers of the exported groups and records (the command line&apos;s columns).</extracomment>
        <translation>组</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Similarity (0-1)</source>
        <translation>相似度（0-1）</translation>
    </message>
    <message>
        <source>Distance</source>
        <translation>距离</translation>
    </message>
    <message>
        <source>Centre</source>
        <extracomment>The group&apos;s centre: the file (or record) the others are compared with.</extracomment>
        <translation>中心</translation>
    </message>
    <message>
        <source>Identical</source>
        <translation>完全相同</translation>
    </message>
    <message>
        <source>Identical to</source>
        <translation>与之完全相同</translation>
    </message>
    <message>
        <source>Modified</source>
        <translation>修改时间</translation>
    </message>
    <message>
        <source>Encoding</source>
        <translation>编码</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation>指纹</translation>
    </message>
    <message>
        <source>Hash</source>
        <translation>哈希</translation>
    </message>
    <message>
        <source>Counting shared text (0-1)</source>
        <extracomment>The similarity to the centre with the text many files share counted, where that moves it by a point or more (a fraction, as &quot;Similarity (0-1)&quot;).</extracomment>
        <translation>计入共有文字的相似度（0-1）</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>记录</translation>
    </message>
    <message>
        <source>Places</source>
        <extracomment>For names (functions, classes): how many files define the name.</extracomment>
        <translation>定义它的文件数</translation>
    </message>
    <message>
        <source>reference</source>
        <translation>参考文件</translation>
    </message>
    <message>
        <source>similar</source>
        <translation>相似</translation>
    </message>
    <message>
        <source>Whole values</source>
        <extracomment>The name of a workbook&apos;s sheet that holds, whole, the texts too long for a cell.</extracomment>
        <translation>完整内容</translation>
    </message>
    <message>
        <source>Sheet</source>
        <extracomment>The headers of that sheet: where the cut cell is, its text&apos;s length, the text.</extracomment>
        <translation>工作表</translation>
    </message>
    <message>
        <source>Row</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Column</source>
        <translation>列</translation>
    </message>
    <message>
        <source>Characters</source>
        <translation>字符数</translation>
    </message>
    <message>
        <source>Text, in parts (join them)</source>
        <translation>文本，分段（连起来即为全文）</translation>
    </message>
    <message>
        <source>Cut: Excel holds 32,767 characters in a cell. The whole text, {characters} characters, is on sheet &quot;{sheet}&quot;, row {row}.</source>
        <extracomment>A note on a cell of a workbook. {characters}: a count; {sheet}: a sheet&apos;s name.</extracomment>
        <translation>已截断：Excel 每个单元格最多容纳 32,767 个字符。完整文本共 {characters} 个字符，见工作表“{sheet}”第 {row} 行。</translation>
    </message>
</context>
<context>
    <name>ThresholdControl</name>
    <message>
        <source>Similar from:</source>
        <extracomment>Before the threshold: files at or above it are called similar (and can be marked).</extracomment>
        <translation>相似阈值：</translation>
    </message>
    <message>
        <source>Files at least this similar are called similar and marked green. Similarity is the share of the two texts that is the same</source>
        <translation>相似度不低于此值的文件视为相似，并以绿色标出。相似度是两个文本中相同部分所占的比例</translation>
    </message>
</context>
<context>
    <name>VersionsPanel</name>
    <message>
        <source>Versions</source>
        <extracomment>The files a page shows as versions: groups of them. How the page&apos;s files were read and compared, at the threshold shown.</extracomment>
        <translation>版本</translation>
    </message>
    <message>
        <source>Cannot order the versions</source>
        <translation>无法排列版本</translation>
    </message>
</context>
<context>
    <name>VersionsView</name>
    <message>
        <source>Group {number}: {versions}, {chains}</source>
        <extracomment>A group&apos;s row among the versions: &quot;Group 2: 3 versions, 1 chain&quot;.</extracomment>
        <translation>第 {number} 组：{versions}，{chains}</translation>
    </message>
    <message numerus="yes">
        <source>%n version(s)</source>
        <translation>
            <numerusform>%n 个版本</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n chain(s)</source>
        <translation>
            <numerusform>%n 条版本链</numerusform>
        </translation>
    </message>
    <message>
        <source>{versions}, {chains}</source>
        <extracomment>The reference&apos;s versions, as their row: &quot;3 versions, 1 chain&quot;.</extracomment>
        <translation>{versions}，{chains}</translation>
    </message>
    <message>
        <source>newest</source>
        <extracomment>Beside a version no later version grew from.</extracomment>
        <translation>最新</translation>
    </message>
    <message>
        <source>same time, placed by name</source>
        <extracomment>Beside a version modified at the same moment as another: placed by its name.</extracomment>
        <translation>时间相同，按名称排列</translation>
    </message>
    <message>
        <source>; </source>
        <extracomment>Goes between two notes beside a version (&quot;newest; same time, placed by name&quot;).</extracomment>
        <translation>；</translation>
    </message>
    <message>
        <source>Working out the versions…</source>
        <translation>正在排列版本…</translation>
    </message>
    <message>
        <source>No file similar to the reference to show as versions.</source>
        <translation>没有与参考文件相似、可以显示为版本的文件。</translation>
    </message>
    <message>
        <source>No group to show as versions.</source>
        <translation>没有可以显示为版本的分组。</translation>
    </message>
    <message>
        <source>The reference and its similar files oldest first, each under the earlier version it most resembles, with the words its step added, removed and changed; the newest of each chain in bold. Select a version to see its step.</source>
        <translation>参考文件和与它相似的文件从旧到新排列，每个版本排在与它最相似的较早版本之下，并列出这一步增加、删除和改动的词数；每条版本链的最新版本以粗体显示。选择一个版本即可查看这一步的改动。</translation>
    </message>
    <message>
        <source>Each group&apos;s files oldest first, each under the earlier version it most resembles, with the words its step added, removed and changed; the newest of each chain in bold. Select a version to see its step.</source>
        <translation>每组文件从旧到新排列，每个版本排在与它最相似的较早版本之下，并列出这一步增加、删除和改动的词数；每条版本链的最新版本以粗体显示。选择一个版本即可查看这一步的改动。</translation>
    </message>
    <message>
        <source>Added</source>
        <extracomment>Header: words the version added to the one it grew from.</extracomment>
        <translation>增加</translation>
    </message>
    <message>
        <source>Removed</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>改动</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Similarity to the earlier version it grew from</source>
        <translation>与它所源自的较早版本的相似度</translation>
    </message>
    <message>
        <source>Words added since the earlier version</source>
        <translation>相对较早版本增加的词数</translation>
    </message>
    <message>
        <source>Words removed since the earlier version</source>
        <translation>相对较早版本删除的词数</translation>
    </message>
    <message>
        <source>Words changed since the earlier version</source>
        <translation>相对较早版本改动的词数</translation>
    </message>
</context>
<context>
    <name>Wording</name>
    <message>
        <source>identical</source>
        <extracomment>The core&apos;s catalogue, in the interface language of the moment. A group of files with the same bytes.</extracomment>
        <translation>完全相同</translation>
    </message>
    <message>
        <source>same text</source>
        <extracomment>A group of files with the same words in the same order, in other bytes.</extracomment>
        <translation>文本相同</translation>
    </message>
    <message>
        <source>near-duplicates</source>
        <extracomment>A group of files similar to its centre.</extracomment>
        <translation>近似重复</translation>
    </message>
    <message numerus="yes">
        <source>%n changed line(s) longer than {limit} characters are shown without word highlighting</source>
        <translation>
            <numerusform>有 %n 行改动超过 {limit} 个字符，未标出改动的词语</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>⋯ %n unchanged line(s)</source>
        <translation>
            <numerusform>⋯ %n 行未改动</numerusform>
        </translation>
    </message>
    <message>
        <source>(standard input)</source>
        <extracomment>A reference text read from standard input, where a file&apos;s name would be.</extracomment>
        <translation>（标准输入）</translation>
    </message>
    <message>
        <source>(pasted text)</source>
        <extracomment>The reference text typed or pasted in the Compare tab, where a file&apos;s name would be.</extracomment>
        <translation>（粘贴的文本）</translation>
    </message>
    <message>
        <source>mixed</source>
        <extracomment>Line endings of a file that has both CRLF and LF.</extracomment>
        <translation>CRLF/LF 混用</translation>
    </message>
    <message>
        <source>line endings differ ({left} and {right}); they are ignored</source>
        <translation>两侧换行符不同（左：{left}，右：{right}），已忽略</translation>
    </message>
    <message>
        <source>the texts are too large to align line by line; they are shown whole</source>
        <translation>文本太大，无法逐行对齐，因此整体显示</translation>
    </message>
</context>
</TS>
