<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>AboutDialog</name>
    <message>
        <source>About simfind</source>
        <translation>關於 simfind</translation>
    </message>
    <message>
        <source>&amp;Licences…</source>
        <translation>許可證(&amp;L)…</translation>
    </message>
    <message>
        <source>MIT licence</source>
        <translation>MIT 許可證</translation>
    </message>
    <message>
        <source>Home page</source>
        <translation>專案主頁</translation>
    </message>
    <message>
        <source>Report a problem</source>
        <translation>報告問題</translation>
    </message>
    <message>
        <source>Find the near-duplicates of a file in a folder, and see how they differ.</source>
        <translation>在資料夾中找出與某個檔案相似的檔案，並檢視它們的差異。</translation>
    </message>
    <message>
        <source>SimHash fingerprints, jieba for Chinese, exact verification.</source>
        <translation>SimHash 指紋，中文使用結巴分詞，並對結果精確核對。</translation>
    </message>
    <message>
        <source>Free software under the {licence}.</source>
        <translation>本軟體是自由軟體，採用 {licence}。</translation>
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
        <translation>意外錯誤</translation>
    </message>
    <message>
        <source>Something went wrong: {error}
Your results are still here.</source>
        <translation>出現了問題：{error}
已有的結果仍然保留。</translation>
    </message>
</context>
<context>
    <name>CatalogueDialog</name>
    <message>
        <source>Update a Catalogue</source>
        <extracomment>The lane&apos;s key of the catalogue being written (one at a time). The catalogue is written (or the update done, or cancelled): what it did.</extracomment>
        <translation>更新編目</translation>
    </message>
    <message>
        <source>Bring a catalogue up to date: its folders are walked again and only the files that are new or changed are read. Its drive must be plugged in.</source>
        <translation>更新編目：重新遍歷它的資料夾，只讀取新增或改動過的檔案。它所在的磁碟機必須已接入。</translation>
    </message>
    <message>
        <source>&amp;Catalogue:</source>
        <translation>編目(&amp;C)：</translation>
    </message>
    <message>
        <source>Make a Catalogue</source>
        <translation>製作編目</translation>
    </message>
    <message>
        <source>A catalogue is one file describing the text files of folders (a backup drive, a USB stick, a share): their fingerprints, sizes and hashes. Compare with it, or search it for groups, while the drive is away: give the .simcat where a folder goes.</source>
        <translation>編目是一個檔案，記錄若干資料夾（備份硬碟、U 盤、共享資料夾）中文字檔案的指紋、大小和雜湊值。磁碟機不在身邊時，也能拿它來比較或尋找重複組：在填資料夾的地方填上這個 .simcat 檔案即可。</translation>
    </message>
    <message>
        <source>&amp;Write to:</source>
        <translation>儲存到(&amp;W)：</translation>
    </message>
    <message>
        <source>The catalogue file (.simcat)</source>
        <translation>編目檔案（.simcat）</translation>
    </message>
    <message>
        <source>Add Folder…</source>
        <translation>新增資料夾…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>瀏覽…</translation>
    </message>
    <message>
        <source>&amp;Keep the texts too (compressed)</source>
        <translation>同時儲存文字（壓縮）(&amp;K)</translation>
    </message>
    <message>
        <source>With the texts, the figures are exact and the diff is shown while the drive is away; without them the catalogue is much smaller and its figures are estimates from the fingerprints</source>
        <translation>儲存文字後，即使磁碟機不在，數值也是精確的，並能顯示差異；不儲存文字時編目小得多，數值是根據指紋得出的估計</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>關閉</translation>
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
        <translation>製作(&amp;M)</translation>
    </message>
    <message>
        <source>Add a folder to catalogue</source>
        <translation>新增要編目的資料夾</translation>
    </message>
    <message>
        <source>Choose the catalogue to update</source>
        <translation>選擇要更新的編目</translation>
    </message>
    <message>
        <source>Write the catalogue to</source>
        <translation>編目儲存位置</translation>
    </message>
    <message>
        <source>Choose where to write the catalogue (a .simcat).</source>
        <translation>請選擇編目的儲存位置（一個 .simcat 檔案）。</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>%v of %m files</source>
        <extracomment>The progress bar while a catalogue is made: files read of all found.</extracomment>
        <translation>%v / %m 個檔案</translation>
    </message>
    <message>
        <source>The catalogue could not be made ({error}):
{path}</source>
        <extracomment>Making a catalogue failed; the system&apos;s reason follows.</extracomment>
        <translation>無法制作編目（{error}）：
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
        <translation>根據指紋得出的估計值（~）：參與比較的一個檔案在編目中，它所在的磁碟機不在，編目裡也沒有儲存它的文字。重新接入磁碟機，或使用儲存了文字的編目，就能算出精確值。估計值從不會讓檔案被標記。</translation>
    </message>
    <message numerus="yes">
        <source>%n figure(s) marked ~ are estimates from the fingerprints (the catalogue&apos;s drive is away)</source>
        <extracomment>%n: figures shown &quot;~&quot;: a catalogue&apos;s files whose drive is away, no text kept.</extracomment>
        <translation>
            <numerusform>%n 個標有 ~ 的數值是根據指紋得出的估計（編目所在的磁碟機不在）</numerusform>
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
位於編目 {catalogue} 中（這是編目時它在磁碟機上的位置）：永遠不會被標記或移動</translation>
    </message>
    <message>
        <source>Cancelled: nothing was written, the catalogue there is as it was.</source>
        <extracomment>A file dialog&apos;s choice of files: simfind&apos;s catalogues, or any file.</extracomment>
        <translation>已取消：沒有寫入任何內容，原有的編目保持不變。</translation>
    </message>
    <message numerus="yes">
        <source>Catalogued %n text file(s) ({size}) in {name}, a file of {written}.</source>
        <extracomment>%n: text files catalogued; {size}: their size on the drive; {name}: the catalogue&apos;s file; {written}: that file&apos;s own size.</extracomment>
        <translation>
            <numerusform>已將 %n 個文字檔案（{size}）編入 {name}，編目檔案大小為 {written}。</numerusform>
        </translation>
    </message>
    <message>
        <source>{read} read anew, {gone} gone since.</source>
        <extracomment>After updating a catalogue: files read again (new or changed), files gone.</extracomment>
        <translation>重新讀取 {read} 個，已不存在 {gone} 個。</translation>
    </message>
    <message>
        <source>Make it again with File → Make a Catalogue…</source>
        <translation>請用「檔案 → 製作編目…」重新制作。</translation>
    </message>
    <message>
        <source>Set the options (fingerprint size, text only, Traditional as Simplified) as when it was made.</source>
        <translation>請把選項（指紋位數、僅文字、繁體按簡體比較）設成製作時的樣子。</translation>
    </message>
    <message>
        <source>{name} is in the catalogue {catalogue}: its drive is away and the catalogue holds no text of it, so there is no diff to show. Plug the drive in (at {folder}), or make the catalogue again keeping the texts, to see it.</source>
        <translation>{name} 位於編目 {catalogue} 中：它所在的磁碟機不在，編目裡也沒有儲存它的文字，因此無法顯示差異。接入磁碟機（位於 {folder}），或重新制作儲存文字的編目，即可檢視。</translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>skipped {path}: {why}</source>
        <extracomment>A file left out of a scan: its path, and why (a skip reason with its detail).</extracomment>
        <translation>已跳過 {path}：{why}</translation>
    </message>
    <message>
        <source>skipped {path}: a document ({document}), which --text-only leaves out</source>
        <extracomment>{document} is a document format, e.g. Word, PDF.</extracomment>
        <translation>已跳過 {path}：這是文件（{document}），--text-only 不讀文件</translation>
    </message>
    <message>
        <source>{path} is a document ({document}); --text-only reads plain text only</source>
        <translation>{path} 是文件（{document}）；--text-only 只讀純文字</translation>
    </message>
    <message>
        <source>no column {column} in {path}</source>
        <translation>{path} 中找不到欄「{column}」</translation>
    </message>
    <message>
        <source>no column {column} in {path} (its columns: {columns})</source>
        <extracomment>A CSV file lacks the column asked for; {columns} lists those it has.</extracomment>
        <translation>{path} 中找不到欄「{column}」（現有的欄：{columns}）</translation>
    </message>
    <message>
        <source>the reference on standard input ({stdin}) is empty: pipe the text to compare with into &apos;simfind scan -&apos;</source>
        <translation>標準輸入（{stdin}）上的參考文字是空的：請把要比較的文字用管道傳給「simfind scan -」</translation>
    </message>
    <message>
        <source>standard input ({stdin}) cannot be read: {error}: pipe the text to compare with into &apos;simfind scan -&apos;</source>
        <translation>無法讀取標準輸入（{stdin}）：{error}：請把要比較的文字用管道傳給「simfind scan -」</translation>
    </message>
    <message>
        <source>standard input ({stdin}) is closed: pipe the text to compare with into &apos;simfind scan -&apos;</source>
        <translation>標準輸入（{stdin}）已關閉：請把要比較的文字用管道傳給「simfind scan -」</translation>
    </message>
    <message>
        <source>{problem} Give it in the system&apos;s encoding, or in a file.</source>
        <extracomment>After &quot;The text to look for is not valid UTF-8.&quot;, given on the command line.</extracomment>
        <translation>{problem}請用系統的編碼給出，或者放在檔案裡。</translation>
    </message>
    <message>
        <source>{problem} (.gitignore syntax; quote it in the shell)</source>
        <extracomment>After &quot;This is not a valid file pattern: ...&quot;, given with --include or --exclude.</extracomment>
        <translation>{problem}（按 .gitignore 的語法；在 shell 中請加引號）</translation>
    </message>
    <message>
        <source>cannot read {path} as text ({why}): no report written</source>
        <extracomment>simfind report: a file of the two to compare is no text ({why}: a skip reason).</extracomment>
        <translation>無法把 {path} 當作文字讀取（{why}）：沒有寫出報告</translation>
    </message>
    <message>
        <source>every file is shown this time</source>
        <extracomment>After the ignore list&apos;s trouble: what a run does without it.</extracomment>
        <translation>這次顯示所有檔案</translation>
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
        <translation>{problem}；請用「simfind catalogue」重新制作</translation>
    </message>
    <message>
        <source>{problem}; give the same --bits, --text-only and --no-fold-scripts as when it was made</source>
        <extracomment>A catalogue made with other settings: the options to give as when it was made.</extracomment>
        <translation>{problem}；請給出與製作時相同的 --bits、--text-only 和 --no-fold-scripts</translation>
    </message>
    <message>
        <source>{outcome} (--link-to-reference links to it)</source>
        <extracomment>After why a file was not replaced by a hard link to a file in a reference folder.</extracomment>
        <translation>{outcome}（加上 --link-to-reference 則會連結到它）</translation>
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
        <translation>用來比較的檔案</translation>
    </message>
    <message>
        <source>The folder to search, or a catalogue of one (.simcat)</source>
        <translation>要尋找的資料夾，或它的編目（.simcat）</translation>
    </message>
    <message>
        <source>Catalogue…</source>
        <translation>編目…</translation>
    </message>
    <message>
        <source>Search a catalogue (.simcat) instead of a folder: a drive catalogued with File → Make a Catalogue…, searched while it is away</source>
        <translation>尋找編目（.simcat）而不是資料夾：用「檔案 → 製作編目…」編目的磁碟機，不在身邊時也能尋找</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>瀏覽…</translation>
    </message>
    <message>
        <source>Type or paste the text to compare with</source>
        <translation>輸入或貼上要比較的文字</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文字</translation>
    </message>
    <message>
        <source>Compare with a text you type or paste instead of a file</source>
        <translation>用輸入或貼上的文字代替檔案進行比較</translation>
    </message>
    <message>
        <source>F&amp;older:</source>
        <translation>資料夾(&amp;O)：</translation>
    </message>
    <message>
        <source>R&amp;eference text:</source>
        <translation>參考文字(&amp;E)：</translation>
    </message>
    <message>
        <source>R&amp;eference file:</source>
        <translation>參考檔案(&amp;E)：</translation>
    </message>
    <message>
        <source>Choose the reference file</source>
        <translation>選擇參考檔案</translation>
    </message>
    <message>
        <source>Choose the folder to search</source>
        <translation>選擇要尋找的資料夾</translation>
    </message>
    <message>
        <source>Choose a catalogue to search</source>
        <translation>選擇要尋找的編目</translation>
    </message>
</context>
<context>
    <name>ComparePage</name>
    <message>
        <source>Compare &amp;Two Files…</source>
        <translation>比較兩個檔案(&amp;T)…</translation>
    </message>
    <message>
        <source>Max distance:</source>
        <translation>最大距離：</translation>
    </message>
    <message>
        <source>any</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>Hide files whose fingerprint differs in more bits</source>
        <translation>隱藏指紋差異位數超過此值的檔案</translation>
    </message>
    <message>
        <source>Show the files you said are not duplicates of the reference (Not Duplicates), dimmed; Mark → Ignore List… takes them off the list</source>
        <translation>顯示你標為「不是重複」的、與參考檔案配對的檔案（灰色）；「標記 → 忽略列表…」可把它們移出列表</translation>
    </message>
    <message>
        <source>Choose &amp;Reference File…</source>
        <translation>選擇參考檔案(&amp;R)…</translation>
    </message>
    <message>
        <source>Choose &amp;Folder…</source>
        <translation>選擇資料夾(&amp;F)…</translation>
    </message>
    <message>
        <source>&amp;Export the Table…</source>
        <translation>匯出表格(&amp;E)…</translation>
    </message>
    <message>
        <source>Export &amp;Report…</source>
        <translation>匯出報告(&amp;R)…</translation>
    </message>
    <message>
        <source>Write the selected file beside the reference as a web page to share</source>
        <translation>把選中的檔案與參考檔案並排寫成一個網頁，便於分享</translation>
    </message>
    <message>
        <source>Mark the &amp;Similar Files</source>
        <translation>標記相似檔案(&amp;S)</translation>
    </message>
    <message>
        <source>Mark every file found similar to the reference (not the reference)</source>
        <translation>標記所有與參考檔案相似的檔案（不含參考檔案本身）</translation>
    </message>
    <message>
        <source>Choose a reference file above (or switch on Text and type or paste one) and a folder, and press Scan: the folder&apos;s files appear here, the most similar first, and the one you select is shown beside the reference below.</source>
        <translation>在上方選擇參考檔案（或開啟「文字」，輸入或貼上一段文字）和資料夾，然後點「掃描」：資料夾裡的檔案會列在這裡，最相似的在前；選中一個，下方會把它和參考檔案並排顯示。</translation>
    </message>
    <message>
        <source>A typed text is no file: only files can be said not to be duplicates</source>
        <translation>輸入的文字不是檔案：只有檔案才能標為「不是重複」</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) set apart: not duplicates of the reference</source>
        <translation>
            <numerusform>已分開 %n 個檔案：它們不是參考檔案的重複</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Show Ignored (%n)</source>
        <translation>
            <numerusform>顯示已忽略（%n）</numerusform>
        </translation>
    </message>
    <message>
        <source>The report describes two files, and a typed text is no file: save the text as a file and scan with it as the reference to report on it.</source>
        <translation>報告描述的是兩個檔案，而輸入的文字不是檔案：請把文字儲存為檔案，再以它為參考檔案掃描，然後匯出報告。</translation>
    </message>
    <message>
        <source>Show the reference and its similar files as versions: oldest first, each under the earlier version it most resembles, with the size of each step</source>
        <translation>把參考檔案和與它相似的檔案顯示為版本：從舊到新，每個版本排在與它最相似的較早版本之下，並顯示每一步改動的大小</translation>
    </message>
    <message>
        <source>Cannot scan</source>
        <translation>無法掃描</translation>
    </message>
    <message>
        <source>Choose the first file</source>
        <translation>選擇第一個檔案</translation>
    </message>
    <message>
        <source>Choose the file to compare with {name}</source>
        <translation>選擇要與 {name} 比較的檔案</translation>
    </message>
    <message>
        <source>Export the Table</source>
        <translation>匯出表格</translation>
    </message>
    <message>
        <source>There are no rows to export.</source>
        <translation>沒有可匯出的行。</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 檔案 (*.csv)</translation>
    </message>
    <message>
        <source>Excel workbooks (*.xlsx)</source>
        <translation>Excel 工作簿 (*.xlsx)</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>匯出報告</translation>
    </message>
    <message>
        <source>Select a file in the table: the report shows it beside the reference.</source>
        <translation>請先在表格中選擇一個檔案：報告會把它與參考檔案並排顯示。</translation>
    </message>
</context>
<context>
    <name>ConfirmLinksDialog</name>
    <message>
        <source>Replace by Hard Links</source>
        <translation>替換為硬連結</translation>
    </message>
    <message>
        <source>&amp;Replace</source>
        <translation>替換(&amp;R)</translation>
    </message>
    <message>
        <source>File</source>
        <translation>檔案</translation>
    </message>
    <message>
        <source>Becomes a link to</source>
        <translation>成為連結，指向</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message numerus="yes">
        <source>Link the %n file(s) whose kept file is in a reference folder too (editing one would then edit the reference)</source>
        <translation>
            <numerusform>連同保留檔案位於參照資料夾中的 %n 個檔案一起替換（之後編輯其中一個就會改動參照檔案）</numerusform>
        </translation>
    </message>
    <message>
        <source>would tie to a reference folder</source>
        <extracomment>A file that would become a link to a file in a reference folder.</extracomment>
        <translation>會與參照資料夾中的檔案綁在一起</translation>
    </message>
    <message numerus="yes">
        <source>Replace %n file(s) by hard links to the file kept in their group?</source>
        <translation>
            <numerusform>要把 %n 個檔案替換為指向其所在組保留檔案的硬連結嗎？</numerusform>
        </translation>
    </message>
    <message>
        <source>Each becomes another name for the kept file (it has the same bytes): they then share one copy on disk, so editing one of them edits them all.</source>
        <translation>每個檔案都會成為保留檔案的另一個名字（二者位元組完全相同）：它們從此在磁碟上共用一份內容，修改其中一個就等於修改全部。</translation>
    </message>
    <message>
        <source>The kept files do not change. This frees {size}.</source>
        <translation>保留的檔案不會改變。這樣可以騰出 {size}。</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) have the bytes of a file in a reference folder (in orange): as links, editing one would edit the reference, so they are left as they are unless you tick the box.</source>
        <translation>
            <numerusform>有 %n 個檔案與參照資料夾中的檔案位元組相同（橙色）：變成硬連結後，編輯其中一個就會改動參照檔案，因此除非勾選下面的選項，它們保持原樣。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) become links to files in reference folders: editing one of them edits the reference.</source>
        <translation>
            <numerusform>%n 個檔案將成為指向參照資料夾中檔案的硬連結：編輯其中任何一個都會改動參照檔案。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) differ from the kept file and are left as they are.</source>
        <translation>
            <numerusform>%n 個檔案與保留檔案不同，保持原樣。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n other file(s) are left as they are (in grey).</source>
        <translation>
            <numerusform>另有 %n 個檔案保持原樣（灰色顯示）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Each file is compared byte by byte with its kept file again as it is replaced: where either changed meanwhile, it is left as it is. Undo makes them independent copies again, with their permissions and modified times.</source>
        <translation>替換每個檔案時都會再與其保留檔案逐位元組比較一次：其間任一方被改動過，就保持原樣。復原會把它們重新變成獨立的副本，並恢復原來的權限和修改時間。</translation>
    </message>
    <message>
        <source>Every file is written in the log.</source>
        <translation>每個檔案都記入日誌。</translation>
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
        <translation>在目標資料夾中保留各檔案原來的資料夾結構</translation>
    </message>
    <message>
        <source>Move to the Trash</source>
        <translation>移到資源回收筒</translation>
    </message>
    <message>
        <source>Move to a Folder</source>
        <translation>移到資料夾</translation>
    </message>
    <message>
        <source>&amp;Move to Trash</source>
        <translation>移到資源回收筒(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Move</source>
        <translation>移動(&amp;M)</translation>
    </message>
    <message>
        <source>File</source>
        <translation>檔案</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message numerus="yes">
        <source>Move the %n file(s) that changed since the scan too</source>
        <translation>
            <numerusform>掃描後改動過的 %n 個檔案也一併移動</numerusform>
        </translation>
    </message>
    <message>
        <source>changed since the scan</source>
        <translation>掃描後已改動</translation>
    </message>
    <message>
        <source>the file kept for it changed since the scan; left out</source>
        <translation>掃描後它的保留檔案已改動，略過</translation>
    </message>
    <message>
        <source>no longer there; left out</source>
        <translation>已不存在，略過</translation>
    </message>
    <message numerus="yes">
        <source>In %n group(s) every file is marked: no copy of them would be left here.</source>
        <translation>
            <numerusform>有 %n 組的檔案已全部標記：移動後，這些組的檔案將一個不剩。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Keep these %n file(s): leave them where they are</source>
        <translation>
            <numerusform>保留這 %n 個檔案，留在原處不移動</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n marked file(s) hold text the file kept in their group lacks:</source>
        <translation>
            <numerusform>有 %n 個已標記的檔案含有其組中保留檔案所沒有的文字：</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{path}: %n word(s) not in {kept}</source>
        <extracomment>A marked file, how many of its words the kept file lacks, and the kept file.</extracomment>
        <translation>
            <numerusform>{path}：有 %n 個詞不在 {kept} 中</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>另有 %n 個</numerusform>
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
            <numerusform>將 %n 個檔案（{size}）移到資源回收筒？</numerusform>
        </translation>
    </message>
    <message>
        <source>The system&apos;s Trash keeps them until it is emptied; restore them there.</source>
        <translation>系統資源回收筒會保留它們直到被清空，可以在那裡還原。</translation>
    </message>
    <message numerus="yes">
        <source>Move %n file(s) ({size}) to this folder?</source>
        <translation>
            <numerusform>將 %n 個檔案（{size}）移到這個資料夾？</numerusform>
        </translation>
    </message>
    <message>
        <source>A name already taken there gets a number. Undo puts the files back where they were.</source>
        <translation>與那裡已有檔案重名的會加上編號。復原會把檔案放回原處。</translation>
    </message>
    <message>
        <source>Every file moved is written in the log.</source>
        <translation>每個移動的檔案都記入日誌。</translation>
    </message>
    <message>
        <source>Each file keeps its place below {root}: {file} goes to {target}. Undo removes the folders made there once they are empty.</source>
        <translation>每個檔案保持它在 {root} 之下的位置：{file} 會移到 {target}。復原時，在那裡新建的資料夾變空後會被刪除。</translation>
    </message>
    <message>
        <source>Files that changed since the scan (in orange) stay unless you tick the box.</source>
        <translation>掃描後改動過的檔案（橙色）不會移動，除非勾選下面的選項。</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) stay: the file kept in their group changed or is gone since the scan (in grey). Scan again to compare them anew.</source>
        <translation>
            <numerusform>%n 個檔案不會移動：掃描後其所在組的保留檔案已改動或已不存在（灰色）。請重新掃描以再次比較。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CoreWords</name>
    <message>
        <source>permission denied</source>
        <translation>沒有權限</translation>
    </message>
    <message>
        <source>operation not permitted</source>
        <translation>不允許此操作</translation>
    </message>
    <message>
        <source>no such file or folder</source>
        <translation>檔案或資料夾不存在</translation>
    </message>
    <message>
        <source>a part of the path is not a folder</source>
        <translation>路徑中有一部分不是資料夾</translation>
    </message>
    <message>
        <source>it is a folder</source>
        <translation>這是一個資料夾</translation>
    </message>
    <message>
        <source>too many levels of symbolic links</source>
        <translation>符號連結層數過多</translation>
    </message>
    <message>
        <source>the name is too long</source>
        <translation>名稱太長</translation>
    </message>
    <message>
        <source>no space left on the disk</source>
        <translation>磁碟空間已滿</translation>
    </message>
    <message>
        <source>the disk is read-only</source>
        <translation>磁碟是隻讀的</translation>
    </message>
    <message>
        <source>input/output error (a failing disk or a lost connection)</source>
        <translation>輸入/輸出錯誤（磁碟故障或連線中斷）</translation>
    </message>
    <message>
        <source>too many open files</source>
        <translation>開啟的檔案太多</translation>
    </message>
    <message>
        <source>the device or file is busy</source>
        <translation>裝置或檔案正忙</translation>
    </message>
    <message>
        <source>no such device</source>
        <translation>裝置不存在</translation>
    </message>
    <message>
        <source>the connection timed out</source>
        <translation>連線超時</translation>
    </message>
    <message>
        <source>error {number}</source>
        <translation>錯誤 {number}</translation>
    </message>
    <message>
        <source>binary file</source>
        <translation>二進位檔案</translation>
    </message>
    <message>
        <source>text encoding not recognised</source>
        <translation>無法識別文字編碼</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>內容為空</translation>
    </message>
    <message>
        <source>too large</source>
        <translation>檔案過大</translation>
    </message>
    <message>
        <source>not a regular file (pipe, device or socket)</source>
        <translation>不是普通檔案（管道、裝置或套接字）</translation>
    </message>
    <message>
        <source>symbolic link (not followed)</source>
        <translation>符號連結（未跟隨）</translation>
    </message>
    <message>
        <source>symbolic link loop</source>
        <translation>符號連結迴圈</translation>
    </message>
    <message>
        <source>broken symbolic link</source>
        <translation>失效的符號連結</translation>
    </message>
    <message>
        <source>cannot be read</source>
        <translation>無法讀取</translation>
    </message>
    <message>
        <source>disappeared during the scan</source>
        <translation>掃描期間被刪除或移走</translation>
    </message>
    <message>
        <source>changed while it was read</source>
        <translation>讀取期間被修改</translation>
    </message>
    <message>
        <source>simfind&apos;s own fingerprint cache</source>
        <translation>simfind 自己的指紋快取</translation>
    </message>
    <message>
        <source>unexpected error</source>
        <translation>意外錯誤</translation>
    </message>
    <message>
        <source>no records of the kind asked for</source>
        <translation>沒有所選類型的記錄</translation>
    </message>
    <message>
        <source>legacy Office format</source>
        <translation>舊版 Office 格式</translation>
    </message>
    <message>
        <source>password-protected or encrypted</source>
        <translation>受密碼保護或已加密</translation>
    </message>
    <message>
        <source>damaged or incomplete document</source>
        <translation>文件已損壞或不完整</translation>
    </message>
    <message>
        <source>suspicious document: it would unpack to far too much data</source>
        <translation>可疑的文件：解壓後的資料量大得異常</translation>
    </message>
    <message>
        <source>suspicious document: XML entity declarations</source>
        <translation>可疑的文件：含有 XML 實體宣告</translation>
    </message>
    <message>
        <source>no text layer — a scanned image</source>
        <translation>沒有文字層，是掃描件</translation>
    </message>
    <message>
        <source>took too long to read</source>
        <translation>讀取耗時過長</translation>
    </message>
    <message>
        <source>too much text</source>
        <translation>文字過多</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文字</translation>
    </message>
    <message>
        <source>OpenDocument slides</source>
        <translation>OpenDocument 簡報</translation>
    </message>
    <message>
        <source>web page</source>
        <translation>網頁</translation>
    </message>
    <message>
        <source>unknown encoding {encoding}</source>
        <translation>未知編碼 {encoding}</translation>
    </message>
    <message>
        <source>too many invalid bytes for {encoding}</source>
        <translation>按 {encoding} 解碼時無效位元組過多</translation>
    </message>
    <message>
        <source>{size}, the limit is {limit}</source>
        <translation>{size}，上限為 {limit}</translation>
    </message>
    <message>
        <source>no column {column}</source>
        <translation>找不到欄「{column}」</translation>
    </message>
    <message>
        <source>no column {column}; its columns: {columns}</source>
        <extracomment>A CSV file lacks the column asked for; {columns} lists those it has.</extracomment>
        <translation>找不到欄「{column}」；現有的欄：{columns}</translation>
    </message>
    <message>
        <source>not a CSV file ({error})</source>
        <extracomment>{error} is the csv module&apos;s own English words.</extracomment>
        <translation>不是 CSV 檔案：{error}</translation>
    </message>
    <message>
        <source>a {kind} file</source>
        <extracomment>Why a file is no text: its first bytes are those of a kind of file, e.g. &quot;a ZIP file&quot; (an archive), &quot;a PNG file&quot; (an image).</extracomment>
        <translation>{kind} 檔案</translation>
    </message>
    <message>
        <source>grew past {limit} while it was read</source>
        <translation>讀取期間增大到超過 {limit}</translation>
    </message>
    <message>
        <source>no text encoding fits</source>
        <translation>沒有符合的文字編碼</translation>
    </message>
    <message>
        <source>contains NUL bytes</source>
        <translation>含有 NUL 位元組</translation>
    </message>
    <message>
        <source>contains control characters</source>
        <translation>含有控制字元</translation>
    </message>
    <message>
        <source>no words or characters to compare</source>
        <translation>沒有可比較的詞語或字元</translation>
    </message>
    <message>
        <source>written to while it was read</source>
        <translation>讀取期間被寫入</translation>
    </message>
    <message>
        <source>a folder already visited</source>
        <translation>已訪問過的資料夾</translation>
    </message>
    <message>
        <source>not source code that simfind can read names from</source>
        <translation>不是 simfind 能從中讀取名稱的原始碼</translation>
    </message>
    <message>
        <source>legacy PowerPoint format: save it as .pptx</source>
        <translation>舊版 PowerPoint 格式：請另存為 .pptx</translation>
    </message>
    <message>
        <source>legacy Word format: save it as .docx</source>
        <translation>舊版 Word 格式：請另存為 .docx</translation>
    </message>
    <message>
        <source>{count} parts, the limit is {limit}</source>
        <translation>{count} 個部件，上限為 {limit}</translation>
    </message>
    <message>
        <source>a part of {size}, the limit is {limit}</source>
        <translation>有一個部件大小為 {size}，上限為 {limit}</translation>
    </message>
    <message>
        <source>compressed {ratio}:1, the limit is {limit}:1</source>
        <translation>壓縮比 {ratio}:1，上限為 {limit}:1</translation>
    </message>
    <message>
        <source>{size} unpacked, the limit is {limit}</source>
        <translation>解壓後 {size}，上限為 {limit}</translation>
    </message>
    <message>
        <source>{size} of page content, the limit is {limit}</source>
        <translation>頁面內容 {size}，上限為 {limit}</translation>
    </message>
    <message numerus="yes">
        <source>%n scanned page(s)</source>
        <translation>
            <numerusform>共 %n 頁掃描頁</numerusform>
        </translation>
    </message>
    <message>
        <source>more than {seconds} s</source>
        <translation>超過 {seconds} 秒</translation>
    </message>
    <message>
        <source>more than {count} characters</source>
        <translation>超過 {count} 個字元</translation>
    </message>
    <message>
        <source>{reason} ({detail})</source>
        <extracomment>A skip reason with its detail, e.g. &quot;binary file (contains NUL bytes)&quot;.</extracomment>
        <translation>{reason}（{detail}）</translation>
    </message>
    <message>
        <source>The reference file cannot be compared as text.</source>
        <translation>參考檔案無法作為文字比較。</translation>
    </message>
    <message>
        <source>This file cannot be compared as text.</source>
        <translation>這個檔案無法作為文字比較。</translation>
    </message>
    <message>
        <source>This file has no records to compare.</source>
        <translation>這個檔案中沒有可比較的記錄。</translation>
    </message>
    <message>
        <source>{headline}
Why: {reason}
File: {path}</source>
        <extracomment>A problem&apos;s headline, then why (a skip reason) and the file, each on a line.</extracomment>
        <translation>{headline}
原因：{reason}
檔案：{path}</translation>
    </message>
    <message>
        <source>This cannot be read ({error}):
{path}</source>
        <translation>無法讀取（{error}）：
{path}</translation>
    </message>
    <message>
        <source>The reference file cannot be read ({error}):
{path}</source>
        <translation>無法讀取參考檔案（{error}）：
{path}</translation>
    </message>
    <message>
        <source>The folder cannot be read ({error}):
{path}</source>
        <translation>無法讀取資料夾（{error}）：
{path}</translation>
    </message>
    <message>
        <source>This cannot be written ({error}):
{path}</source>
        <translation>無法寫入（{error}）：
{path}</translation>
    </message>
    <message>
        <source>Choose a reference file first.</source>
        <translation>請先選擇參考檔案。</translation>
    </message>
    <message>
        <source>Choose a folder to search.</source>
        <translation>請選擇要尋找的資料夾。</translation>
    </message>
    <message>
        <source>The reference file was not found:
{path}</source>
        <translation>找不到參考檔案：
{path}</translation>
    </message>
    <message>
        <source>The reference must be a file, not a folder:
{path}</source>
        <translation>所選的參考檔案是一個資料夾，請選擇檔案：
{path}</translation>
    </message>
    <message>
        <source>The reference is not a regular file:
{path}</source>
        <translation>參考檔案不是普通檔案：
{path}</translation>
    </message>
    <message>
        <source>The reference file cannot be compared as text:
{path}</source>
        <translation>參考檔案無法作為文字比較：
{path}</translation>
    </message>
    <message>
        <source>The folder was not found:
{path}</source>
        <translation>找不到資料夾：
{path}</translation>
    </message>
    <message>
        <source>This is not a folder:
{path}</source>
        <translation>這不是資料夾：
{path}</translation>
    </message>
    <message>
        <source>The folder to write into was not found:
{path}</source>
        <translation>找不到要寫入的資料夾：
{path}</translation>
    </message>
    <message>
        <source>This is a folder; choose a file:
{path}</source>
        <translation>這是一個資料夾，請選擇一個檔案：
{path}</translation>
    </message>
    <message>
        <source>This is the reference file; simfind will not overwrite it:
{path}</source>
        <translation>這是參考檔案，simfind 不會覆蓋它：
{path}</translation>
    </message>
    <message>
        <source>simfind cannot write to this (it is not a file):
{path}</source>
        <translation>simfind 無法寫入此處（它不是檔案）：
{path}</translation>
    </message>
    <message>
        <source>The maximum distance can be at most {bits}.</source>
        <translation>最大距離不能超過 {bits}。</translation>
    </message>
    <message>
        <source>This file or folder was not found:
{path}</source>
        <translation>找不到此檔案或資料夾：
{path}</translation>
    </message>
    <message>
        <source>This is not a regular file:
{path}</source>
        <translation>這不是普通檔案：
{path}</translation>
    </message>
    <message>
        <source>This cannot be read:
{path}</source>
        <translation>無法讀取：
{path}</translation>
    </message>
    <message>
        <source>This file has no records to compare:
{path}</source>
        <translation>此檔案沒有可比較的記錄：
{path}</translation>
    </message>
    <message>
        <source>The text to look for has no words to compare.</source>
        <translation>要尋找的文字中沒有可比較的詞語。</translation>
    </message>
    <message>
        <source>Type or paste the text to compare with (it has no words yet).</source>
        <translation>請輸入或貼上要比較的文字（現在還沒有任何詞語）。</translation>
    </message>
    <message>
        <source>This file cannot be compared as text:
{path}</source>
        <translation>這個檔案無法作為文字比較：
{path}</translation>
    </message>
    <message>
        <source>Standard input cannot be read.</source>
        <translation>無法讀取標準輸入。</translation>
    </message>
    <message>
        <source>The text to look for is not valid {encoding}.</source>
        <translation>要尋找的文字不是有效的 {encoding}。</translation>
    </message>
    <message>
        <source>This is not a valid file pattern: {pattern}</source>
        <translation>檔案符合模式無效：{pattern}</translation>
    </message>
    <message>
        <source>The fingerprint cache was damaged; it was moved to {path} and a new one started</source>
        <translation>指紋快取已損壞，已移至 {path}，並新建了快取</translation>
    </message>
    <message>
        <source>Another program&apos;s file was where the fingerprint cache belongs; it was moved to {path} and a new cache started</source>
        <translation>指紋快取的位置上有其他程式的檔案，已將其移至 {path}，並新建了快取</translation>
    </message>
    <message numerus="yes">
        <source>%n unreadable entry(s) in the fingerprint cache were dropped</source>
        <translation>
            <numerusform>已丟棄指紋快取中 %n 個無法讀取的條目</numerusform>
        </translation>
    </message>
    <message>
        <source>Fingerprints are not saved this time ({error})</source>
        <translation>本次不儲存指紋（{error}）</translation>
    </message>
    <message>
        <source>Fingerprints are not saved this time</source>
        <translation>本次不儲存指紋</translation>
    </message>
    <message>
        <source>The fingerprint cache is damaged and another simfind has it open; this scan runs without it</source>
        <translation>指紋快取已損壞，且另一個 simfind 正在使用它；本次掃描不使用快取</translation>
    </message>
    <message>
        <source>The fingerprint cache is locked by another simfind; this scan runs without it</source>
        <translation>指紋快取被另一個 simfind 鎖定；本次掃描不使用快取</translation>
    </message>
    <message>
        <source>The fingerprint cache cannot be written; fingerprints are read but not saved</source>
        <translation>指紋快取無法寫入；只讀取其中的指紋，不儲存新的指紋</translation>
    </message>
    <message>
        <source>Fingerprints are not remembered this time: the cache cannot be opened ({error}): {path}</source>
        <extracomment>{error}: why the cache cannot be opened; {path}: where it is.</extracomment>
        <translation>本次不會記住指紋：無法開啟快取（{error}）：{path}</translation>
    </message>
    <message>
        <source>Fingerprints are not remembered this time: the cache cannot be opened ({error})</source>
        <translation>本次不會記住指紋：無法開啟快取（{error}）</translation>
    </message>
    <message>
        <source>Fingerprints are not remembered this time: the cache cannot be opened</source>
        <translation>本次不會記住指紋：無法開啟快取</translation>
    </message>
    <message numerus="yes">
        <source>The ignore list was damaged; it was moved to {path} and a new one started with the %n entry(s) that could still be read</source>
        <translation>
            <numerusform>忽略列表已損壞；已移到 {path}，並用仍能讀出的 %n 條記錄建立了新列表</numerusform>
        </translation>
    </message>
    <message>
        <source>The ignore list cannot be used ({error}): {path}</source>
        <translation>無法使用忽略列表（{error}）：{path}</translation>
    </message>
    <message>
        <source>The file cannot be read: {error}</source>
        <translation>無法讀取該檔案：{error}</translation>
    </message>
    <message>
        <source>The file is empty: it holds no result.</source>
        <translation>該檔案是空的：其中沒有結果。</translation>
    </message>
    <message>
        <source>The file is damaged: it breaks off at line {line}, column {column}.</source>
        <translation>該檔案已損壞：在第 {line} 行第 {column} 列處中斷。</translation>
    </message>
    <message>
        <source>The file is damaged: it is not a whole result.</source>
        <translation>該檔案已損壞：它不是完整的結果。</translation>
    </message>
    <message>
        <source>This is not a simfind result. Results are saved with File → Save Results… or written by &apos;simfind groups --format json&apos;.</source>
        <translation>這不是 simfind 的結果檔案。結果可以用「檔案 → 儲存結果…」儲存，或由 &apos;simfind groups --format json&apos; 寫出。</translation>
    </message>
    <message>
        <source>This is a list of groups from an older simfind, without the files&apos; times and hashes that a clean-up checks. Scan the folders again and save the result.</source>
        <translation>這是舊版 simfind 寫出的組列表，缺少清理時需要核對的檔案時間和雜湊值。請重新掃描這些資料夾並儲存結果。</translation>
    </message>
    <message>
        <source>This result was saved by a newer simfind ({version}, format {format}); this one opens results up to format {newest}. Update simfind to open it.</source>
        <translation>此結果由較新版本的 simfind（{version}，格式 {format}）儲存；當前版本只能開啟格式 {newest} 及以下的結果。請更新 simfind 後再開啟。</translation>
    </message>
    <message>
        <source>The file is damaged: {where} is missing or not what it must be.</source>
        <translation>該檔案已損壞：{where} 缺失或內容不符合要求。</translation>
    </message>
    <message>
        <source>The file is damaged: {where} {what}.</source>
        <extracomment>{where}: a field of the result file, e.g. groups[3].members[1].size; {what}: what it must be, e.g. &quot;must be a whole number&quot;.</extracomment>
        <translation>該檔案已損壞：{where} {what}。</translation>
    </message>
    <message>
        <source>is missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>must be an object</source>
        <translation>必須是物件</translation>
    </message>
    <message>
        <source>must be a list</source>
        <translation>必須是列表</translation>
    </message>
    <message>
        <source>must be a path ({path: ...})</source>
        <translation>必須是路徑（{path: ...}）</translation>
    </message>
    <message>
        <source>must be hexadecimal</source>
        <translation>必須是十六進位數</translation>
    </message>
    <message>
        <source>must be a whole number</source>
        <translation>必須是整數</translation>
    </message>
    <message>
        <source>must be a number from 0 to 1</source>
        <translation>必須是 0 到 1 之間的數</translation>
    </message>
    <message>
        <source>must be true or false</source>
        <translation>必須是 true 或 false</translation>
    </message>
    <message>
        <source>must be text</source>
        <translation>必須是文字</translation>
    </message>
    <message>
        <source>must be a list of texts</source>
        <translation>必須是文字列表</translation>
    </message>
    <message>
        <source>must hold exactly one centre</source>
        <translation>必須恰好有一箇中心檔案</translation>
    </message>
    <message>
        <source>must be 64 or 128</source>
        <translation>必須是 64 或 128</translation>
    </message>
    <message>
        <source>must be a whole number from 2</source>
        <translation>必須是不小於 2 的整數</translation>
    </message>
    <message>
        <source>must be identical, same-text or near-duplicate</source>
        <translation>必須是 identical、same-text 或 near-duplicate</translation>
    </message>
    <message>
        <source>must all have the centre&apos;s hash (the group says they are identical)</source>
        <translation>必須都與中心檔案的雜湊相同（該組標明它們完全相同）</translation>
    </message>
    <message>
        <source>left: it changed since it was compared (a version of it is kept as {path})</source>
        <extracomment>A file another program saved while simfind was acting on it: left, and an earlier version of it kept under another name beside it (or where it went).</extracomment>
        <translation>保持原樣：比較之後它被改動過（它的一個版本儲存在 {path}）</translation>
    </message>
    <message>
        <source>it is no longer a hard link to the kept file; left as it is</source>
        <translation>它已不再是指向保留檔案的硬連結；保持原樣</translation>
    </message>
    <message>
        <source>left: another program has it or its kept file open for writing</source>
        <translation>保持原樣：另一個程式正以寫入方式開啟它或它的保留檔案</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>left: it changed since it was compared</source>
        <translation>保持原樣：比較之後它被改動過</translation>
    </message>
    <message>
        <source>left: the file kept for it changed since it was compared</source>
        <translation>保持原樣：比較之後它的保留檔案被改動過</translation>
    </message>
    <message>
        <source>left: it would tie to a file in a reference folder</source>
        <translation>保持原樣：否則會與參照資料夾中的檔案綁在一起</translation>
    </message>
    <message>
        <source>left: another program has it open for writing</source>
        <translation>保持原樣：另一個程式正以寫入方式開啟它</translation>
    </message>
    <message>
        <source>it is no longer there</source>
        <translation>已不存在</translation>
    </message>
    <message>
        <source>another file has taken its place</source>
        <translation>原位置已有另一個檔案</translation>
    </message>
    <message>
        <source>the system refused</source>
        <translation>系統拒絕</translation>
    </message>
    <message>
        <source>stopped before its turn</source>
        <translation>操作已停止，未處理此檔案</translation>
    </message>
    <message>
        <source>the folder to move it into is no longer there</source>
        <translation>要移入的資料夾已不存在</translation>
    </message>
    <message>
        <source>the file where it was moved is no longer the one moved</source>
        <translation>移動到的位置上已不是當初移過去的那個檔案</translation>
    </message>
    <message>
        <source>its drive has no trash that could give it back (move it to a folder instead)</source>
        <translation>所在磁碟機沒有可還原檔案的資源回收筒（請改用「移到資料夾」）</translation>
    </message>
    <message>
        <source>it is in that folder already</source>
        <translation>它已經在那個資料夾裡</translation>
    </message>
    <message>
        <source>its bytes differ from the kept file&apos;s; left as it is</source>
        <translation>它的位元組與保留檔案不同；保持原樣</translation>
    </message>
    <message>
        <source>it is on another drive or file system than the kept file; hard links cannot cross</source>
        <translation>它與保留檔案不在同一個磁碟機或檔案系統上；硬連結不能跨越</translation>
    </message>
    <message>
        <source>it is a hard link to the kept file already</source>
        <translation>它已經是指向保留檔案的硬連結</translation>
    </message>
    <message>
        <source>no file of its group is kept, or the kept file is gone</source>
        <translation>它所在的組沒有保留的檔案，或保留的檔案已不存在</translation>
    </message>
    <message>
        <source>it is not a regular file</source>
        <translation>它不是普通檔案</translation>
    </message>
    <message>
        <source>its drive cannot make hard links (FAT, exFAT, many network shares)</source>
        <translation>它所在的磁碟機不支援硬連結（FAT、exFAT 和許多網路共享）</translation>
    </message>
    <message>
        <source>There is no catalogue here:
{path}</source>
        <translation>這裡沒有編目：
{path}</translation>
    </message>
    <message>
        <source>The catalogue cannot be read ({detail}):
{path}</source>
        <translation>無法讀取編目（{detail}）：
{path}</translation>
    </message>
    <message>
        <source>This catalogue is damaged and cannot be used ({detail}):
{path}</source>
        <translation>此編目已損壞，無法使用（{detail}）：
{path}</translation>
    </message>
    <message>
        <source>This is an SQLite database, but not a simfind catalogue:
{path}</source>
        <translation>這是一個 SQLite 資料庫，但不是 simfind 編目：
{path}</translation>
    </message>
    <message>
        <source>This catalogue was made by a later simfind (format {version}); update simfind to read it:
{path}</source>
        <translation>此編目由更新版本的 simfind 製作（格式 {version}）；請升級 simfind 後再讀取：
{path}</translation>
    </message>
    <message>
        <source>This catalogue was made with other settings ({detail}):
{path}</source>
        <translation>此編目是用其他設定製作的（{detail}）：
{path}</translation>
    </message>
    <message>
        <source>The catalogued folder {detail} is not there (is its drive plugged in?); the catalogue is left as it was:
{path}</source>
        <translation>編目中的資料夾 {detail} 不存在（磁碟機接上了嗎？）；編目保持不變：
{path}</translation>
    </message>
    <message>
        <source>The catalogue cannot be written here ({detail}):
{path}</source>
        <translation>無法在此寫入編目（{detail}）：
{path}</translation>
    </message>
</context>
<context>
    <name>CutCellsWarning</name>
    <message numerus="yes">
        <source>%n cell(s) held more than the {limit} characters an Excel cell holds. Each is cut in its cell, with a note, and written whole on the sheet &quot;{sheet}&quot;. A CSV export keeps every value in one piece.</source>
        <extracomment>{limit}: 32,767; {sheet}: the name of the workbook&apos;s sheet of whole texts.</extracomment>
        <translation>
            <numerusform>有 %n 個單元格超過了 Excel 單元格可容納的 {limit} 個字元。每個都在其單元格中被截斷並附有批註，完整內容寫在工作表「{sheet}」中。匯出 CSV 則每個值都完整保留在一處。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DiffNavigation</name>
    <message>
        <source>◀ Previous</source>
        <translation>◀ 上一處</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>下一處 ▶</translation>
    </message>
    <message>
        <source>Previous change (Alt+Up)</source>
        <translation>上一處改動 (Alt+↑)</translation>
    </message>
    <message>
        <source>Next change (Alt+Down)</source>
        <translation>下一處改動 (Alt+↓)</translation>
    </message>
    <message>
        <source>Previous change in the diff</source>
        <translation>差異中的上一處改動</translation>
    </message>
    <message>
        <source>Next change in the diff</source>
        <translation>差異中的下一處改動</translation>
    </message>
</context>
<context>
    <name>DiffOptionsBar</name>
    <message>
        <source>Only changes</source>
        <translation>只看改動</translation>
    </message>
    <message>
        <source>Ignore white space</source>
        <translation>忽略空白</translation>
    </message>
    <message>
        <source>Ignore case</source>
        <translation>忽略大小寫</translation>
    </message>
    <message>
        <source>Ignore blank lines</source>
        <translation>忽略空行</translation>
    </message>
    <message>
        <source>Wrap lines</source>
        <translation>自動換行</translation>
    </message>
    <message>
        <source>Long lines go on below, the two sides still side by side (on for prose)</source>
        <translation>長行折到下一行顯示，左右兩邊仍然逐行對齊（文章預設開啟）</translation>
    </message>
</context>
<context>
    <name>DiffSummary</name>
    <message>
        <source>Open in Default Application</source>
        <extracomment>The file shown on the right: a scan&apos;s match (its figures to the reference) or a group&apos;s member (its figures to the centre). Two files compared on their own (File → Compare Two Files): the first one. The version the file on the right grew from (the groups&apos; versions).</extracomment>
        <translation>用預設程式開啟</translation>
    </message>
    <message>
        <source>Select a pair of files to see their diff.</source>
        <translation>選擇一對檔案，即可檢視它們的差異。</translation>
    </message>
    <message>
        <source>Select a file to compare it with the centre of its group.</source>
        <translation>選擇一個檔案，與它所在組的中心檔案比較。</translation>
    </message>
    <message>
        <source>Select a row to compare it with the reference.</source>
        <translation>選擇一行，將其與參考檔案進行比較。</translation>
    </message>
    <message>
        <source>Centre of the group</source>
        <extracomment>The left pane&apos;s title in the groups mode: the file the others are compared with.</extracomment>
        <translation>組的中心檔案</translation>
    </message>
    <message>
        <source>Another file of the group</source>
        <extracomment>The left pane&apos;s title when the group&apos;s centre has been moved away.</extracomment>
        <translation>同組的另一個檔案</translation>
    </message>
    <message>
        <source>First file</source>
        <extracomment>The left pane&apos;s title when two files are compared on their own.</extracomment>
        <translation>第一個檔案</translation>
    </message>
    <message>
        <source>Earlier version</source>
        <extracomment>The left pane&apos;s title when a step between two versions is shown.</extracomment>
        <translation>較早的版本</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>參考檔案</translation>
    </message>
    <message>
        <source>Distance {distance} of {bits} bits · similarity {similarity}</source>
        <translation>距離 {distance}/{bits} 位 · 相似度 {similarity}</translation>
    </message>
    <message>
        <source>Identical: byte for byte the same ({size} bytes) · nothing to compare</source>
        <extracomment>Above the (empty) panes: a file with the same bytes as the one it is compared with, not read as text (an image, an archive): there is no diff to show.</extracomment>
        <translation>完全相同：逐位元組一致（{size} 位元組）· 無需比較</translation>
    </message>
    <message>
        <source>Compared by their bytes: these files are not read as text.</source>
        <translation>按位元組比較：這些檔案不作為文字讀取。</translation>
    </message>
    <message>
        <source>text extracted from {format}</source>
        <extracomment>Above a pane: the text shown is what was read out of a document.</extracomment>
        <translation>文字提取自：{format}</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>正在比較…</translation>
    </message>
    <message>
        <source>These files could not be compared.</source>
        <translation>無法比較這兩個檔案。</translation>
    </message>
    <message>
        <source>no differences</source>
        <translation>沒有差異</translation>
    </message>
    <message>
        <source>; </source>
        <extracomment>Goes between two notices shown above the diff.</extracomment>
        <translation>；</translation>
    </message>
    <message>
        <source>Cannot compare these files: {why}.</source>
        <translation>無法比較這兩個檔案：{why}。</translation>
    </message>
    <message>
        <source>{share} % of the centre is in this file</source>
        <extracomment>How much of the group&apos;s centre is found in the file on the right.</extracomment>
        <translation>中心檔案的 {share}% 在本檔案中</translation>
    </message>
    <message>
        <source>{share} % of this file is in the centre</source>
        <extracomment>How much of the file on the right is found in the group&apos;s centre.</extracomment>
        <translation>本檔案的 {share}% 在中心檔案中</translation>
    </message>
    <message>
        <source>{share} % of the other file is in this file</source>
        <translation>另一個檔案的 {share}% 在本檔案中</translation>
    </message>
    <message>
        <source>{share} % of this file is in the other file</source>
        <translation>本檔案的 {share}% 在另一個檔案中</translation>
    </message>
    <message>
        <source>{share} % of the first file is in the second</source>
        <extracomment>Two files compared on their own: how much of the left one the right one holds.</extracomment>
        <translation>第一個檔案有 {share} % 出現在第二個檔案中</translation>
    </message>
    <message>
        <source>{share} % of the second file is in the first</source>
        <translation>第二個檔案有 {share} % 出現在第一個檔案中</translation>
    </message>
    <message>
        <source>{share} % of the earlier version is in this file</source>
        <translation>較早版本的 {share} % 在本檔案中</translation>
    </message>
    <message>
        <source>{share} % of this file is in the earlier version</source>
        <translation>本檔案的 {share} % 在較早版本中</translation>
    </message>
    <message>
        <source>{share} % of the reference is in this file</source>
        <translation>參考檔案的 {share}% 在本檔案中</translation>
    </message>
    <message>
        <source>{share} % of this file is in the reference</source>
        <translation>本檔案的 {share}% 在參考檔案中</translation>
    </message>
    <message>
        <source>Similarity {similarity} %: {left}, {right}.</source>
        <extracomment>Above the diff: &quot;Similarity 44.0 %: 100.0 % of the reference is in this file, 28.2 % of this file is in the reference.&quot; (the figures of the table&apos;s row).</extracomment>
        <translation>相似度 {similarity}%：{left}，{right}。</translation>
    </message>
    <message>
        <source>Text that many of the scanned files share (in grey) counted for nothing where both files have it.</source>
        <extracomment>After the pair&apos;s figures, when some of its text is boilerplate.</extracomment>
        <translation>許多被掃描檔案共有的文字（灰色顯示）在兩個檔案都有時不計入相似度。</translation>
    </message>
    <message>
        <source>Shared passages: runs of at least {words} words that both files hold, marked beside the line numbers and in the strip on the right.</source>
        <extracomment>The tooltip of the shared passages&apos; summary.</extracomment>
        <translation>共同段落：兩個檔案都含有的、連續 {words} 個詞以上的文字，在行號旁和右側的細條上標出。</translation>
    </message>
    <message>
        <source>The files are too large to look for shared passages.</source>
        <extracomment>Below the diff&apos;s title when the files are too large to look for shared passages.</extracomment>
        <translation>檔案太大，沒有尋找共同段落。</translation>
    </message>
    <message>
        <source>No shared passages of {words} words or more.</source>
        <extracomment>Below the diff&apos;s title when the two files share no passage (no run of {words} words or more in both).</extracomment>
        <translation>兩個檔案沒有共同段落（至少 {words} 個詞相連）。</translation>
    </message>
    <message>
        <source>{passages} of {least} words or more, {words}.</source>
        <extracomment>The summary of the shared passages: &quot;3 shared passages of 16 words or more, 1240 words.&quot;</extracomment>
        <translation>{passages}（每段至少 {least} 個詞），共 {words}。</translation>
    </message>
    <message numerus="yes">
        <source>%n shared passage(s)</source>
        <translation>
            <numerusform>%n 處共同段落</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n word(s)</source>
        <translation>
            <numerusform>%n 個詞</numerusform>
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
            <numerusform>，另有 %n 處</numerusform>
        </translation>
    </message>
    <message>
        <source>Lines: {places}</source>
        <extracomment>Before the places of the shared passages ({places}: &quot;7–10 ↔ 5–8, 1–5 ↔ 18–22&quot;, lines on the left ↔ lines on the right).</extracomment>
        <translation>所在行：{places}</translation>
    </message>
    <message>
        <source>A place is the lines on the left ↔ the lines on the right; click either to go there.</source>
        <translation>所在行寫作「左側的行 ↔ 右側的行」，點選任一側即可跳轉到那裡。</translation>
    </message>
</context>
<context>
    <name>DiffView</name>
    <message>
        <source>Changes in the whole file: click to go there</source>
        <extracomment>How the files shown were read (the scan&apos;s, taken whole by ``compare``). Whether Traditional Chinese is compared as Simplified, as in the scan shown.</extracomment>
        <translation>整個檔案中的改動：點選可跳轉</translation>
    </message>
</context>
<context>
    <name>Figures</name>
    <message>
        <source>An estimate (~): the two texts are too long to compare word by word in time, so what was left unsearched is estimated from the words it shares</source>
        <translation>估計值（~）：兩個文字太長，無法及時逐詞比較，未比較到的部分按其共有的詞估算</translation>
    </message>
    <message>
        <source>{figure} %: the text many files of the folder share (licence headers, labels, attributions) counts for nothing here. Counting it, as the two files compared alone are, {shared} %</source>
        <translation>{figure} %：此資料夾中許多檔案共有的文字（許可證頭、標籤、出處）在這裡不計。計入這些文字（兩個檔案單獨比較時即如此），為 {shared} %</translation>
    </message>
</context>
<context>
    <name>FileFilter</name>
    <message>
        <source>Filter by name or folder</source>
        <translation>按檔名或資料夾篩選</translation>
    </message>
    <message>
        <source>All formats</source>
        <translation>所有格式</translation>
    </message>
    <message>
        <source>Show only the files of one format</source>
        <translation>只顯示一種格式的檔案</translation>
    </message>
</context>
<context>
    <name>FileMoves</name>
    <message>
        <source>Move the marked files to this folder</source>
        <extracomment>Whether files marked in several folders keep them when moved to a folder (the confirmation&apos;s box, as the user last left it).</extracomment>
        <translation>把標記的檔案移到這個資料夾</translation>
    </message>
    <message>
        <source>Moving stopped: {error}</source>
        <translation>移動中止：{error}</translation>
    </message>
    <message>
        <source>Moving files</source>
        <translation>移動檔案</translation>
    </message>
    <message>
        <source>Files not replaced</source>
        <translation>未替換的檔案</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) were left as they are. Details list each with its reason.</source>
        <translation>
            <numerusform>%n 個檔案保持原樣。詳細資訊列出了每個檔案的原因。</numerusform>
        </translation>
    </message>
    <message>
        <source>Files not moved</source>
        <translation>未移動的檔案</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) stayed where they were. Details list each with its reason.</source>
        <translation>
            <numerusform>%n 個檔案留在原處。詳細資訊列出了每個檔案及原因。</numerusform>
        </translation>
    </message>
    <message>
        <source>The log of moved files</source>
        <translation>移動日誌</translation>
    </message>
    <message>
        <source>No file has been moved yet. The log will be kept in:
{path}</source>
        <translation>還沒有移動過檔案。日誌將儲存在：
{path}</translation>
    </message>
</context>
<context>
    <name>FilePairsModel</name>
    <message>
        <source>In the First Folder</source>
        <translation>第一個資料夾中</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>How They Compare</source>
        <translation>比較結果</translation>
    </message>
    <message>
        <source>In the Second Folder</source>
        <translation>第二個資料夾中</translation>
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
        <translation>已改動：不再相似</translation>
    </message>
    <message>
        <source>Only in the first</source>
        <translation>僅在第一個中</translation>
    </message>
    <message>
        <source>Only in the second</source>
        <translation>僅在第二個中</translation>
    </message>
</context>
<context>
    <name>FolderList</name>
    <message>
        <source>Folders to search</source>
        <translation>要尋找的資料夾</translation>
    </message>
    <message>
        <source>Reference folder</source>
        <translation>參照資料夾</translation>
    </message>
    <message>
        <source>Files in a reference folder are compared with the others but never marked or moved</source>
        <translation>參照資料夾中的檔案參與比較，但不會被標記或移動</translation>
    </message>
    <message>
        <source>Add Folder…</source>
        <translation>新增資料夾…</translation>
    </message>
    <message>
        <source>Add Catalogue…</source>
        <translation>新增編目…</translation>
    </message>
    <message>
        <source>Search a catalogue (.simcat) too: a drive catalogued with File → Make a Catalogue…, searched while it is away; its files are never marked or moved</source>
        <translation>同時尋找編目（.simcat）：用「檔案 → 製作編目…」編目的磁碟機，不在身邊時也能尋找；其中的檔案永遠不會被標記或移動</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Add folders or catalogues (.simcat), or drop them here; double-click one to edit its path</source>
        <translation>新增資料夾或編目（.simcat），或拖放到這裡；雙擊可編輯路徑</translation>
    </message>
    <message>
        <source>Add catalogues to search</source>
        <translation>新增要尋找的編目</translation>
    </message>
    <message>
        <source>Add a folder to search</source>
        <translation>新增要尋找的資料夾</translation>
    </message>
</context>
<context>
    <name>FolderPairsModel</name>
    <message>
        <source>Group</source>
        <translation>組</translation>
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
        <translation>改動</translation>
    </message>
    <message>
        <source>Only in First</source>
        <translation>僅在第一個</translation>
    </message>
    <message>
        <source>Only in Second</source>
        <translation>僅在第二個</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>First Folder</source>
        <translation>第一個資料夾</translation>
    </message>
    <message>
        <source>Second Folder</source>
        <translation>第二個資料夾</translation>
    </message>
</context>
<context>
    <name>FoldersView</name>
    <message>
        <source>Folders</source>
        <translation>資料夾</translation>
    </message>
    <message>
        <source>Show the folders whose files are mostly the same or near-duplicates of another folder&apos;s, each pair&apos;s files side by side</source>
        <translation>顯示其中檔案大多與另一個資料夾相同或近似的資料夾，並排列出每對資料夾的檔案</translation>
    </message>
    <message>
        <source>Keep the First, Mark the Second&apos;s Copies</source>
        <translation>保留第一個，標記第二個中的副本</translation>
    </message>
    <message>
        <source>Mark the files of the second folder that have a copy or near-duplicate in the first; files only in the second stay unmarked</source>
        <translation>標記第二個資料夾中在第一個裡有副本或近似檔案的檔案；僅在第二個中的檔案不會被標記</translation>
    </message>
    <message>
        <source>Keep the Second, Mark the First&apos;s Copies</source>
        <translation>保留第二個，標記第一個中的副本</translation>
    </message>
    <message>
        <source>Mark the files of the first folder that have a copy or near-duplicate in the second; files only in the first stay unmarked</source>
        <translation>標記第一個資料夾中在第二個裡有副本或近似檔案的檔案；僅在第一個中的檔案不會被標記</translation>
    </message>
    <message>
        <source>Comparing folders…</source>
        <translation>正在比較資料夾…</translation>
    </message>
    <message>
        <source>The folders could not be compared: %1</source>
        <translation>無法比較資料夾：%1</translation>
    </message>
    <message>
        <source>Search some folders: those that are near-copies of each other show here.</source>
        <translation>先尋找一些資料夾：彼此近似副本的資料夾會顯示在這裡。</translation>
    </message>
    <message>
        <source>No folders are near-copies of each other.</source>
        <translation>沒有互為近似副本的資料夾。</translation>
    </message>
    <message numerus="yes">
        <source>%n pair(s) of folders with at least half their bytes in identical or near-duplicate files; select a pair of files for its diff below, double-click it for a window of its own.</source>
        <translation>
            <numerusform>%n 對資料夾，其中至少一半位元組在相同或近似的檔案裡；選擇一對檔案可在下方檢視差異，雙擊則在單獨的視窗中開啟。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GroupsModel</name>
    <message>
        <source>Name</source>
        <translation>名稱</translation>
    </message>
    <message>
        <source>Similarity %</source>
        <translation>相似度 %</translation>
    </message>
    <message>
        <source>Kind</source>
        <extracomment>The column that says what a group is (identical, same text, near-duplicates) and what each file is to the group&apos;s centre.</extracomment>
        <translation>類型</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Modified</source>
        <translation>修改時間</translation>
    </message>
    <message>
        <source>Encoding</source>
        <translation>編碼</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>資料夾</translation>
    </message>
    <message>
        <source>Sorts the groups by how many files they hold</source>
        <translation>按組內檔案數排序</translation>
    </message>
    <message>
        <source>Each file&apos;s exact similarity to its group&apos;s centre; sorts the groups by their least similar file</source>
        <translation>每個檔案與組中心檔案的精確相似度；按組內最低相似度排序</translation>
    </message>
    <message>
        <source>Sorts the groups by the space they could free</source>
        <translation>按可釋放的空間排序</translation>
    </message>
    <message>
        <source>Identical: the same bytes. Same text: the same words in the same order in other bytes (another encoding, a .docx and its .txt). Sorts the groups by it</source>
        <translation>完全相同：位元組一致。文字相同：位元組不同，但詞語及其順序一致（如編碼不同，或 .docx 與由它另存的 .txt）。按此對各組排序</translation>
    </message>
    <message>
        <source>{name}  (in {catalogue})</source>
        <extracomment>A file found in a catalogue (a drive that may be away): never marked.</extracomment>
        <translation>{name}  （在 {catalogue} 中）</translation>
    </message>
    <message>
        <source>{name}  (reference folder)</source>
        <extracomment>A file in a reference folder: compared, never marked or moved.</extracomment>
        <translation>{name}（參照資料夾）</translation>
    </message>
    <message>
        <source>identical</source>
        <extracomment>A file byte for byte the same as its group&apos;s centre.</extracomment>
        <translation>完全相同</translation>
    </message>
    <message>
        <source>same text</source>
        <extracomment>A file with the centre&apos;s text (its words, in order) in other bytes.</extracomment>
        <translation>文字相同</translation>
    </message>
    <message>
        <source>identical to {other}</source>
        <extracomment>A file with the same bytes as another file of its group that is not the centre; {other}: that file, as its path reads below their common folder.</extracomment>
        <translation>與 {other} 完全相同</translation>
    </message>
    <message>
        <source>also hard-linked as {names}</source>
        <extracomment>A file&apos;s other names, hard links to it (the same file, so no duplicate of it); {names}: those names, as they read beside the file&apos;s own.</extracomment>
        <translation>另有硬連結：{names}</translation>
    </message>
    <message>
        <source> · </source>
        <extracomment>Between two things said of one file in the Kind column.</extracomment>
        <translation> · </translation>
    </message>
    <message>
        <source>In a reference folder: never marked or moved</source>
        <translation>位於參照資料夾中：不會被標記或移動</translation>
    </message>
    <message>
        <source>The centre: every file here is compared with it</source>
        <translation>中心檔案：本組的每個檔案都與它比較</translation>
    </message>
    <message>
        <source>Byte for byte the same as {other}, not as the centre: its similarity is to the centre</source>
        <translation>與 {other} 逐位元組完全相同（不是與中心檔案）；它的相似度仍是與中心檔案的相似度</translation>
    </message>
    <message>
        <source>Byte for byte the same as the centre</source>
        <translation>與中心檔案逐位元組完全相同</translation>
    </message>
    <message>
        <source>The same file, hard-linked, is also at:
{names}
It is never offered as a duplicate of itself</source>
        <translation>同一個檔案（硬連結）還位於：
{names}
它不會被當作自己的重複檔案</translation>
    </message>
    <message>
        <source>Group {number}: {count} files</source>
        <translation>第 {number} 組：{count} 個檔案</translation>
    </message>
    <message>
        <source>≥ {similarity}</source>
        <extracomment>A group&apos;s row: every file of the group is at least this similar to its centre.</extracomment>
        <translation>≥ {similarity}</translation>
    </message>
    <message>
        <source>frees {size}</source>
        <translation>可釋放 {size}</translation>
    </message>
    <message>
        <source>The space that keeping only the largest file frees</source>
        <translation>只保留最大的檔案時可以釋放的空間</translation>
    </message>
    <message>
        <source>The lowest similarity of a file to the centre</source>
        <translation>組內檔案與中心檔案的最低相似度</translation>
    </message>
</context>
<context>
    <name>GroupsPage</name>
    <message>
        <source>Choose &amp;Folder…</source>
        <translation>選擇資料夾(&amp;F)…</translation>
    </message>
    <message>
        <source>&amp;Export Groups…</source>
        <translation>匯出分組(&amp;E)…</translation>
    </message>
    <message>
        <source>Export &amp;Report…</source>
        <translation>匯出報告(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Save Results…</source>
        <translation>儲存結果(&amp;S)…</translation>
    </message>
    <message>
        <source>Keep these groups in a file, to open them again later and clean them up without a new search (or with &apos;simfind clean&apos;)</source>
        <translation>把這些組儲存到檔案中，以後可以再次開啟並清理，無需重新尋找（也可以用 &apos;simfind clean&apos; 清理）</translation>
    </message>
    <message>
        <source>Write the selected group, each file beside its centre, as a web page</source>
        <translation>把選中的分組寫成一個網頁，組內每個檔案都與組的中心檔案並排顯示</translation>
    </message>
    <message>
        <source>Mark All but One in Each &amp;Group</source>
        <translation>每組保留一個，標記其餘(&amp;G)</translation>
    </message>
    <message>
        <source>Mark All but One</source>
        <translation>保留一個，標記其餘</translation>
    </message>
    <message>
        <source>In each group, keep one file by a rule and mark the others</source>
        <translation>在每組中按規則保留一個檔案，標記其餘檔案</translation>
    </message>
    <message>
        <source>Keep the &amp;Newest</source>
        <translation>保留最新的(&amp;N)</translation>
    </message>
    <message>
        <source>Keep the &amp;Oldest</source>
        <translation>保留最舊的(&amp;O)</translation>
    </message>
    <message>
        <source>Keep the &amp;Largest</source>
        <translation>保留最大的(&amp;L)</translation>
    </message>
    <message>
        <source>Keep the One with the &amp;Shortest Path</source>
        <translation>保留路徑最短的(&amp;S)</translation>
    </message>
    <message>
        <source>Keep the One in a &amp;Folder…</source>
        <translation>保留某個資料夾中的(&amp;F)…</translation>
    </message>
    <message>
        <source>Keep the Newest &amp;Version of Each Chain</source>
        <translation>每條版本鏈保留最新版本(&amp;V)</translation>
    </message>
    <message>
        <source>Order each group&apos;s files as versions by their modified time and keep the newest of each chain (of each branch where versions branch)</source>
        <translation>按修改時間把每組檔案排成版本，保留每條版本鏈的最新版本（版本有分支時，保留每個分支的最新版本）</translation>
    </message>
    <message>
        <source>Show each group&apos;s files as versions: oldest first, each under the earlier version it most resembles, with the size of each step</source>
        <translation>把每組檔案顯示為版本：從舊到新，每個版本排在與它最相似的較早版本之下，並顯示每一步改動的大小</translation>
    </message>
    <message>
        <source>Only Byte-&amp;Identical Files</source>
        <extracomment>In the &quot;Mark All but One&quot; menu: a choice that the rules above it obey.</extracomment>
        <translation>僅限逐位元組相同的檔案(&amp;I)</translation>
    </message>
    <message>
        <source>Mark only files that are byte for byte the same as another of their group, not files with the same text in another encoding or with other line endings</source>
        <translation>只標記與本組另一個檔案逐位元組完全相同的檔案，不標記內容相同但編碼或換行符不同的檔案</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 及另外 %n 個資料夾</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot search</source>
        <translation>無法尋找</translation>
    </message>
    <message>
        <source>Cannot group again</source>
        <translation>無法重新分組</translation>
    </message>
    <message>
        <source>Looking for near-duplicates…</source>
        <translation>正在尋找近似重複檔案…</translation>
    </message>
    <message>
        <source>Add one or more folders above and press Scan: every group of near-duplicates in them appears here, each file with its similarity to the centre of its group.</source>
        <translation>在上方新增一個或多個資料夾，然後點「掃描」：其中所有近似重複的檔案會分組列在這裡，每個檔案都標出它與組中心檔案的相似度。</translation>
    </message>
    <message>
        <source>No near-duplicates were found.</source>
        <translation>沒有找到近似重複檔案。</translation>
    </message>
    <message>
        <source>No group has a file that matches the filter.</source>
        <translation>沒有哪一組含有符合篩選條件的檔案。</translation>
    </message>
    <message>
        <source>No group is left: the files moved away or set apart as not duplicates left each group with one file. Undo puts moved files back; a new scan shows the groups as they are now.</source>
        <translation>沒有剩下的分組：移走的檔案或標為「不是重複」的檔案讓每組只剩一個檔案。復原可以把移走的檔案放回；重新掃描會顯示現在的分組。</translation>
    </message>
    <message>
        <source>Save Results</source>
        <translation>儲存結果</translation>
    </message>
    <message>
        <source>There are no groups to save.</source>
        <translation>沒有可儲存的組。</translation>
    </message>
    <message>
        <source>simfind results (*.json)</source>
        <translation>simfind 結果 (*.json)</translation>
    </message>
    <message>
        <source>Results saved to {path}</source>
        <translation>結果已儲存到 {path}</translation>
    </message>
    <message>
        <source>Open Results</source>
        <translation>開啟結果</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有檔案 (*)</translation>
    </message>
    <message>
        <source>Opened from a saved result: scan again to group at another threshold</source>
        <translation>這是從儲存的結果中開啟的：要按其他閾值分組，請重新掃描</translation>
    </message>
    <message numerus="yes">
        <source>%n group(s) set apart: their files are not duplicates</source>
        <translation>
            <numerusform>已分開 %n 個分組：組內檔案互不重複</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) set apart: not duplicates of their groups</source>
        <translation>
            <numerusform>已分開 %n 個檔案：它們不是所在分組的重複</numerusform>
        </translation>
    </message>
    <message>
        <source>Marking files…</source>
        <translation>正在標記檔案…</translation>
    </message>
    <message numerus="yes">
        <source>Marked %n file(s)</source>
        <translation>
            <numerusform>已標記 %n 個檔案</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %n group(s) have no file in that folder and were left</source>
        <translation>
            <numerusform>；%n 組在該資料夾中沒有檔案，未作標記</numerusform>
        </translation>
    </message>
    <message>
        <source>Keep the files in this folder</source>
        <translation>保留這個資料夾中的檔案</translation>
    </message>
    <message>
        <source>Export Groups</source>
        <translation>匯出分組</translation>
    </message>
    <message>
        <source>There are no groups to export.</source>
        <translation>沒有可匯出的分組。</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 檔案 (*.csv)</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON 檔案 (*.json)</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>匯出報告</translation>
    </message>
    <message>
        <source>Select a group or one of its files: the report shows each file of the group beside its centre.</source>
        <translation>請選擇一個分組或其中的一個檔案：報告會把組內每個檔案與組的中心檔案並排顯示。</translation>
    </message>
    <message>
        <source>This is a file of the group; simfind will not overwrite it:
{path}</source>
        <translation>這是該組中的一個檔案，simfind 不會覆蓋它：
{path}</translation>
    </message>
</context>
<context>
    <name>HelpDialog</name>
    <message>
        <source>Help</source>
        <translation>說明</translation>
    </message>
    <message>
        <source>Every tab</source>
        <extracomment>Where a keyboard shortcut works: on every tab of the window.</extracomment>
        <translation>所有標籤頁</translation>
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
        <translation>按鍵</translation>
    </message>
    <message>
        <source>Tab</source>
        <translation>標籤頁</translation>
    </message>
    <message>
        <source>How simfind Compares</source>
        <translation>simfind 如何比較</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>鍵盤快捷鍵</translation>
    </message>
    <message>
        <source>How simfind compares</source>
        <translation>simfind 如何比較</translation>
    </message>
    <message>
        <source>simfind reads each file&apos;s text (Word, PDF and other documents too), finds the files whose fingerprints are near the reference&apos;s, and compares those word by word, as a diff does. The example below: a reference of 100 words, and a file holding all of it and 300 other words.</source>
        <translation>simfind 讀取每個檔案的文字（也包括 Word、PDF 等文件），找出指紋與參考檔案相近的檔案，再像差異比較那樣逐詞比較它們。下面的例子：參考檔案有 100 個詞，另一個檔案包含參考檔案的全部內容，外加 300 個其他的詞。</translation>
    </message>
    <message>
        <source>Similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <source>The share of the two texts that is the same: the words they have in common, in order, over all the words of both (2 × common ÷ both). Example: 2 × 100 ÷ (100 + 400) = 40 %. Unrelated texts score near 0 %, a copy 100 %. Files from {threshold} % on are called similar; move the threshold above the results (its histogram shows how the files spread).</source>
        <translation>兩份文字中相同部分所佔的比例：按順序共有的詞數，除以兩者的總詞數（2 × 共有 ÷ 兩者之和）。例子：2 × 100 ÷ (100 + 400) = 40 %。不相關的文字接近 0 %，副本為 100 %。達到 {threshold} % 的檔案算作相似；可以拖動結果上方的閾值（它的直方圖顯示各檔案的分佈）。</translation>
    </message>
    <message>
        <source>Holds</source>
        <translation>含參考</translation>
    </message>
    <message>
        <source>How much of the reference the file contains. Example: 100 % (all of it). Rank by “Contains the reference” to find the files a text was pasted into.</source>
        <translation>檔案包含了參考檔案的多少內容。例子：100 %（全部）。按「包含參考檔案」排序，可以找出某段文字被貼上進了哪些檔案。</translation>
    </message>
    <message>
        <source>Held</source>
        <translation>參考含</translation>
    </message>
    <message>
        <source>How much of the file the reference contains. Example: 25 % (100 of its 400 words).</source>
        <translation>參考檔案包含了這個檔案的多少內容。例子：25 %（它的 400 個詞中的 100 個）。</translation>
    </message>
    <message>
        <source>Distance</source>
        <translation>距離</translation>
    </message>
    <message>
        <source>How many bits of the two fingerprints differ (of 128): the quick sieve before the exact comparison. Unrelated texts differ in about half the bits; a near copy in fewer, and the shorter the text, the more an edit moves it. Example: a note of 60 words with two of its four sentences edited, 27 (similarity 74 %).</source>
        <translation>兩個指紋（共 128 位）中不同的位數：精確比較之前的快速篩選。不相關的文字大約一半的位不同；近似副本不同的位更少，而文字越短，一處修改帶來的變化越大。例子：一篇 60 個詞的短文，四句中改了兩句，距離為 27（相似度 74 %）。</translation>
    </message>
    <message>
        <source>Identical, and text many files share</source>
        <translation>完全相同，以及許多檔案共有的文字</translation>
    </message>
    <message>
        <source>Files with the same bytes are identical, of any kind (photos, archives, installers); the same text in other bytes (line endings, encoding) is 100 % and reads “same text”. In a group, a file&apos;s figures are to its centre, and a file with another file&apos;s bytes names it (“identical to …”). Text that many files of the folder carry (a licence header, a template) counts for nothing where both files have it: the diff shows it dimmed.</source>
        <translation>位元組完全相同的檔案為「完全相同」，任何類型都是如此（照片、壓縮檔、安裝程式）；文字相同但位元組不同（換行符、編碼不同）的檔案顯示 100 %，類型為「文字相同」。在一個組中，檔案的各項數字都是相對於組中心檔案的；與組內另一個檔案位元組相同的檔案會寫明是哪一個（「與 … 完全相同」）。資料夾中許多檔案都帶有的文字（許可證宣告、模板）在兩個檔案都有時不計入相似度：差異檢視中以淺色顯示。</translation>
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
        <translation>你標為「不是重複」的檔案對：同一對的兩個檔案不會再被分到一組；在「與檔案比較」中，與參考檔案配對的檔案不再列出。檔案改名或移動後，只要內容不變就仍然分開；任一檔案被修改後，這一對會重新判斷。</translation>
    </message>
    <message>
        <source>Search the paths and contents…</source>
        <translation>搜尋路徑和內容…</translation>
    </message>
    <message>
        <source>File</source>
        <translation>檔案</translation>
    </message>
    <message>
        <source>Not a Duplicate of</source>
        <translation>不是其重複的檔案</translation>
    </message>
    <message>
        <source>Added</source>
        <translation>新增時間</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>內容</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>移除(&amp;R)</translation>
    </message>
    <message>
        <source>Take the selected pairs off the list</source>
        <translation>把選中的檔案對移出列表</translation>
    </message>
    <message>
        <source>Remove &amp;All…</source>
        <translation>全部移除(&amp;A)…</translation>
    </message>
    <message numerus="yes">
        <source>%n pair(s)</source>
        <translation>
            <numerusform>%n 對</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n pair(s)</source>
        <translation>
            <numerusform>%1 / %n 對</numerusform>
        </translation>
    </message>
    <message>
        <source>Remove All</source>
        <translation>全部移除</translation>
    </message>
    <message numerus="yes">
        <source>Take all %n pair(s) off the ignore list? Their files can be grouped together again from the next scan.</source>
        <translation>
            <numerusform>要把全部 %n 對移出忽略列表嗎？從下次掃描起，它們的檔案又可能分到一組。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LicencesDialog</name>
    <message>
        <source>Licences</source>
        <translation>許可證</translation>
    </message>
    <message>
        <source>simfind is free software under the MIT licence. It runs with these components, each under its own licence, whose text is shown below.</source>
        <translation>simfind 是以 MIT 許可證釋出的自由軟體。它使用下列元件，各元件按其自身的許可證使用，許可證全文見下方。</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>元件</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>許可證</translation>
    </message>
    <message>
        <source>Reading the licences…</source>
        <translation>正在讀取許可證…</translation>
    </message>
    <message>
        <source>The licences could not be read: {error}</source>
        <translation>無法讀取許可證：{error}</translation>
    </message>
</context>
<context>
    <name>LineCopies</name>
    <message>
        <source>without repeated lines</source>
        <extracomment>Put in the name of a copy without the marked lines: &quot;notes (…).txt&quot;.</extracomment>
        <translation>已去除重複行</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) left out of {source}; the copy:
{target}</source>
        <translation>
            <numerusform>已從 {source} 中去除 %n 行；副本：
{target}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Saved %n copy(ies) without the marked lines</source>
        <translation>
            <numerusform>已儲存 %n 份不含已標記行的副本</numerusform>
        </translation>
    </message>
    <message>
        <source>Copies Without Marked Lines</source>
        <translation>不含已標記行的副本</translation>
    </message>
    <message>
        <source>Records</source>
        <translation>近似重複的行</translation>
    </message>
    <message>
        <source>No copy was written: {error}</source>
        <translation>未寫入任何副本：{error}</translation>
    </message>
    <message>
        <source>No copy of {path}: {error}</source>
        <translation>未能為 {path} 寫入副本：{error}</translation>
    </message>
    <message>
        <source>No copy of {path}: it changed since it was searched. Press Find again.</source>
        <translation>未能為 {path} 寫入副本：尋找之後檔案已被修改。請重新點選「尋找」。</translation>
    </message>
    <message>
        <source>No copy of {path}: only plain text files can be copied without lines (not documents).</source>
        <translation>未能為 {path} 寫入副本：只有純文字檔案可以去除行後另存（文件不行）。</translation>
    </message>
    <message>
        <source>No copy of {path}: written back in its encoding, its text would not be the same bytes, so a copy could lose some of it.</source>
        <translation>未能為 {path} 寫入副本：按其編碼重新寫出後與原來的位元組不一致，副本可能丟失部分內容。</translation>
    </message>
</context>
<context>
    <name>LinesPage</name>
    <message>
        <source>&amp;Export the Table…</source>
        <translation>匯出表格(&amp;E)…</translation>
    </message>
    <message>
        <source>Shortest:</source>
        <extracomment>Before the shortest record kept (a number of characters).</extracomment>
        <translation>最短：</translation>
    </message>
    <message>
        <source> characters</source>
        <extracomment>After the number of characters of the shortest record kept (mind the space).</extracomment>
        <translation> 個字元</translation>
    </message>
    <message>
        <source>Lines, paragraphs and cells shorter than this are left out</source>
        <translation>比這更短的行、段落和單元格不參與比較</translation>
    </message>
    <message>
        <source>Fi&amp;le or folder:</source>
        <translation>檔案或資料夾(&amp;L)：</translation>
    </message>
    <message>
        <source>A list of quotes, a CSV file, a source folder…</source>
        <translation>例如：引文列表、CSV 檔案、原始碼資料夾…</translation>
    </message>
    <message>
        <source>File…</source>
        <translation>檔案…</translation>
    </message>
    <message>
        <source>Folder…</source>
        <translation>資料夾…</translation>
    </message>
    <message>
        <source>Re&amp;cords:</source>
        <translation>記錄類型(&amp;C)：</translation>
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
        <translation>CSV 的一欄</translation>
    </message>
    <message>
        <source>Names in source code</source>
        <translation>原始碼中的識別符號</translation>
    </message>
    <message>
        <source>column name or number</source>
        <translation>欄名或欄號</translation>
    </message>
    <message>
        <source>The CSV column to compare: its header, or 1, 2, 3…</source>
        <translation>要比較的 CSV 欄：欄標題，或 1、2、3…</translation>
    </message>
    <message>
        <source>Mark Repeated Lines</source>
        <translation>標記重複的行</translation>
    </message>
    <message>
        <source>Mark every line of a group but its first (in file order)</source>
        <translation>標記每組中除第一行（按檔案中的順序）以外的所有行</translation>
    </message>
    <message>
        <source>Unmark All</source>
        <translation>全部取消標記</translation>
    </message>
    <message>
        <source>Save Copies Without Marked Lines</source>
        <translation>另存為不含已標記行的副本</translation>
    </message>
    <message>
        <source>Write a copy of each file beside it, without the marked lines; the files themselves are not changed</source>
        <translation>在每個檔案旁邊寫入一份不含已標記行的副本；原檔案不會被修改</translation>
    </message>
    <message>
        <source>Choose a file or a folder first.</source>
        <translation>請先選擇一個檔案或資料夾。</translation>
    </message>
    <message>
        <source>Name the CSV column to compare (its header, or its number).</source>
        <translation>請指定要比較的 CSV 欄（欄標題或欄號）。</translation>
    </message>
    <message>
        <source>Marking repeated lines…</source>
        <translation>正在標記重複的行…</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) marked</source>
        <translation>
            <numerusform>已標記 %n 行</numerusform>
        </translation>
    </message>
    <message>
        <source>No line marked</source>
        <translation>未標記任何行</translation>
    </message>
    <message>
        <source>Finding pairs of similar fingerprints</source>
        <translation>正在尋找指紋相近的記錄對</translation>
    </message>
    <message numerus="yes">
        <source>Comparing: %n pair(s)</source>
        <translation>
            <numerusform>正在比較：%n 對</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reading: %n file(s)</source>
        <translation>
            <numerusform>正在讀取：%n 個檔案</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Find</source>
        <translation>尋找</translation>
    </message>
    <message>
        <source>Looking for near-duplicate records…</source>
        <translation>正在尋找近似重複的記錄…</translation>
    </message>
    <message>
        <source>Drop a file here, or choose one: its near-duplicate lines, paragraphs, CSV cells or names are grouped.</source>
        <translation>把檔案拖到這裡，或選擇一個檔案：其中近似重複的行、段落、CSV 單元格或名稱會分組列出。</translation>
    </message>
    <message>
        <source>{groups} among {records} in {files}</source>
        <extracomment>One sentence from its three counts, e.g. &quot;9 groups of near-duplicates among 24 records in 1 file&quot; (a language may put them in another order).</extracomment>
        <translation>在 {files}的 {records}中找到 {groups}</translation>
    </message>
    <message numerus="yes">
        <source>%n group(s) of near-duplicates</source>
        <translation>
            <numerusform>%n 組近似重複項</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n record(s)</source>
        <translation>
            <numerusform>%n 條記錄</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation>
            <numerusform>%n 個檔案</numerusform>
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
            <numerusform>跳過 %n 個檔案</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled — {summary}</source>
        <translation>已取消：{summary}</translation>
    </message>
    <message>
        <source>Records</source>
        <translation>近似重複的行</translation>
    </message>
    <message>
        <source>Choose a file</source>
        <translation>選擇檔案</translation>
    </message>
    <message>
        <source>Choose a folder</source>
        <translation>選擇資料夾</translation>
    </message>
    <message>
        <source>Excel workbooks (*.xlsx)</source>
        <translation>Excel 工作簿 (*.xlsx)</translation>
    </message>
    <message>
        <source>Select a record to see it in its file.</source>
        <translation>選擇一條記錄，即可在其檔案中檢視它。</translation>
    </message>
    <message>
        <source>{path}, line {line}</source>
        <translation>{path}，第 {line} 行</translation>
    </message>
    <message>
        <source>There are no rows to export.</source>
        <translation>沒有可匯出的行。</translation>
    </message>
    <message>
        <source>Export the Table</source>
        <translation>匯出表格</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 檔案 (*.csv)</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Find near-duplicates</source>
        <translation>尋找近似重複檔案</translation>
    </message>
    <message>
        <source>Compare with a File</source>
        <translation>與參考檔案比較</translation>
    </message>
    <message>
        <source>Find All Near-Duplicates</source>
        <translation>尋找所有近似重複檔案</translation>
    </message>
    <message>
        <source>Rank the files of a folder by how much they resemble one file</source>
        <translation>按與某個檔案的相似程度給資料夾中的檔案排序</translation>
    </message>
    <message>
        <source>Group every file of one or more folders with its near-duplicates</source>
        <translation>把一個或多個資料夾中的近似重複檔案分組</translation>
    </message>
    <message>
        <source>Near-Duplicate Lines</source>
        <translation>近似重複的行</translation>
    </message>
    <message>
        <source>Near-duplicate lines, paragraphs, CSV cells or names inside files</source>
        <translation>檔案中近似重複的行、段落、CSV 單元格或名稱</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>選項</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>檔案(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Open Results…</source>
        <translation>開啟結果(&amp;O)…</translation>
    </message>
    <message>
        <source>Open groups saved with Save Results… (or by &apos;simfind groups --format json&apos;)</source>
        <translation>開啟用「儲存結果…」儲存的組（或由 &apos;simfind groups --format json&apos; 寫出的結果）</translation>
    </message>
    <message>
        <source>Make a &amp;Catalogue…</source>
        <translation>製作編目(&amp;C)…</translation>
    </message>
    <message>
        <source>Write a catalogue of folders (a backup drive, a USB stick) to one file, to compare with while the drive is away</source>
        <translation>把若干資料夾（備份硬碟、U 盤）編成一個編目檔案，磁碟機不在時也能拿來比較</translation>
    </message>
    <message>
        <source>&amp;Update a Catalogue…</source>
        <translation>更新編目(&amp;U)…</translation>
    </message>
    <message>
        <source>Bring a catalogue up to date: only new and changed files are read</source>
        <translation>更新編目：只讀取新增和改動過的檔案</translation>
    </message>
    <message>
        <source>&amp;Scan</source>
        <translation>掃描(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>Show &amp;Skipped Files…</source>
        <translation>檢視跳過的檔案(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Result</source>
        <translation>結果(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>開啟(&amp;O)</translation>
    </message>
    <message>
        <source>Show in &amp;Folder</source>
        <translation>在資料夾中顯示(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Copy Path</source>
        <translation>複製路徑(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Use as Reference</source>
        <translation>設為參考檔案(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Mark</source>
        <translation>標記(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Unmark All</source>
        <translation>全部取消標記(&amp;U)</translation>
    </message>
    <message>
        <source>Move to &amp;Trash…</source>
        <translation>移到資源回收筒(&amp;T)…</translation>
    </message>
    <message>
        <source>Move the marked files to the system&apos;s Trash</source>
        <translation>把標記的檔案移到系統資源回收筒</translation>
    </message>
    <message>
        <source>Move to &amp;Folder…</source>
        <translation>移到資料夾(&amp;F)…</translation>
    </message>
    <message>
        <source>Move the marked files to a folder you choose</source>
        <translation>把標記的檔案移到你選擇的資料夾</translation>
    </message>
    <message>
        <source>Replace by Hard &amp;Links…</source>
        <translation>替換為硬連結(&amp;L)…</translation>
    </message>
    <message>
        <source>Replace each marked file by a hard link to the file kept in its group</source>
        <translation>把每個標記的檔案替換為指向其所在組保留檔案的硬連結</translation>
    </message>
    <message>
        <source>&amp;Not Duplicates</source>
        <translation>不是重複(&amp;N)</translation>
    </message>
    <message>
        <source>Never show the selected files as duplicates again: a file leaves its group (a group&apos;s row: its files part), a file in Compare leaves the reference&apos;s list; renamed files stay apart while their contents are the same</source>
        <translation>不再把選中的檔案當作重複：檔案離開所在分組（選中分組行：組內檔案全部分開），「與檔案比較」中的檔案不再列在參考檔案下；檔案改名後，只要內容不變就仍然分開</translation>
    </message>
    <message>
        <source>&amp;Ignore List…</source>
        <translation>忽略列表(&amp;I)…</translation>
    </message>
    <message>
        <source>The pairs of files you said are not duplicates: search them, remove some</source>
        <translation>你標為「不是重複」的檔案對：可搜尋、可移除</translation>
    </message>
    <message>
        <source>&amp;Undo the Last Replacement by Hard Links</source>
        <translation>復原上次的「替換為硬連結」(&amp;Z)</translation>
    </message>
    <message>
        <source>&amp;Undo the Last Move to a Folder</source>
        <translation>復原上次的「移到資料夾」(&amp;Z)</translation>
    </message>
    <message>
        <source>Open the &amp;Log of Moved Files</source>
        <translation>開啟移動日誌(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>檢視(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>語言(&amp;L)</translation>
    </message>
    <message>
        <source>System Default</source>
        <translation>跟隨系統</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>說明(&amp;H)</translation>
    </message>
    <message>
        <source>How simfind &amp;Compares</source>
        <translation>simfind 如何比較(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>鍵盤快捷鍵(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About simfind</source>
        <translation>關於 simfind(&amp;A)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Scan</source>
        <translation>掃描</translation>
    </message>
    <message>
        <source>No application opens {path}</source>
        <translation>沒有可以開啟 {path} 的程式</translation>
    </message>
    <message>
        <source>Could not show {path} in its folder</source>
        <translation>無法在資料夾中顯示 {path}</translation>
    </message>
    <message>
        <source>: {why}</source>
        <extracomment>After &quot;Could not show … in its folder&quot;: the system&apos;s reason.</extracomment>
        <translation>：{why}</translation>
    </message>
    <message numerus="yes">
        <source>Copied %n path(s)</source>
        <translation>
            <numerusform>已複製 %n 個路徑</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MarkBar</name>
    <message numerus="yes">
        <source>%n file(s) marked, {size}</source>
        <translation>
            <numerusform>已標記 %n 個檔案，共 {size}</numerusform>
        </translation>
    </message>
    <message>
        <source>No file marked</source>
        <translation>未標記任何檔案</translation>
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
        <translation>復原(&amp;U)</translation>
    </message>
    <message>
        <source>Details…</source>
        <translation>詳細資訊…</translation>
    </message>
    <message>
        <source>Open the Log</source>
        <translation>開啟日誌</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
    <message>
        <source>Making copies again… {done} of {total}</source>
        <translation>正在重新複製… {done}/{total}</translation>
    </message>
    <message>
        <source>Putting files back… {done} of {total}</source>
        <translation>正在放回檔案… {done} / {total}</translation>
    </message>
    <message>
        <source>Replacing files by hard links… {done} of {total}</source>
        <translation>正在替換為硬連結… {done}/{total}</translation>
    </message>
    <message>
        <source>Moving files… {done} of {total}</source>
        <translation>正在移動檔案… {done} / {total}</translation>
    </message>
    <message numerus="yes">
        <source>Moved %n file(s) ({size}) to the Trash.</source>
        <translation>
            <numerusform>已將 %n 個檔案（{size}）移到資源回收筒。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Moved %n file(s) ({size}) to {folder}.</source>
        <translation>
            <numerusform>已將 %n 個檔案（{size}）移到 {folder}。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Replaced %n file(s) by hard links to the kept files, freeing {size}.</source>
        <translation>
            <numerusform>已把 %n 個檔案替換為指向保留檔案的硬連結，騰出 {size}。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Made %n file(s) independent copies again.</source>
        <translation>
            <numerusform>已把 %n 個檔案重新變成獨立的副本。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Put %n file(s) back where they were.</source>
        <translation>
            <numerusform>已將 %n 個檔案放回原處。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be made copies again (see Details).</source>
        <translation>
            <numerusform>%n 個檔案無法重新變成副本（見詳細資訊）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) were not replaced (see Details).</source>
        <translation>
            <numerusform>%n 個檔案未被替換（見詳細資訊）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be put back (see Details).</source>
        <translation>
            <numerusform>%n 個檔案無法放回（見詳細資訊）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) were not moved (see Details).</source>
        <translation>
            <numerusform>%n 個檔案未移動（見詳細資訊）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Logged in {path}</source>
        <translation>日誌已儲存到 {path}</translation>
    </message>
    <message>
        <source>The log could not be written: {error}</source>
        <translation>無法寫入日誌：{error}</translation>
    </message>
</context>
<context>
    <name>OptionsPanel</name>
    <message>
        <source>Fingerprint:</source>
        <extracomment>The ranking box&apos;s first entry: RankOptions.short_by_containment.</extracomment>
        <translation>指紋：</translation>
    </message>
    <message>
        <source>64 bits</source>
        <translation>64 位</translation>
    </message>
    <message>
        <source>128 bits (finer)</source>
        <translation>128 位（更精細）</translation>
    </message>
    <message>
        <source>Only files matching:</source>
        <translation>只掃描符合的檔案：</translation>
    </message>
    <message>
        <source>e.g. *.py *.md (all files when empty)</source>
        <translation>例如 *.py *.md（留空則包含所有檔案）</translation>
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
        <translation>包含隱藏的檔案和資料夾</translation>
    </message>
    <message>
        <source>Follow symbolic links</source>
        <translation>跟隨符號連結</translation>
    </message>
    <message>
        <source>Remember fingerprints between scans</source>
        <translation>記住指紋，下次掃描更快</translation>
    </message>
    <message>
        <source>Rank by:</source>
        <translation>排序依據：</translation>
    </message>
    <message>
        <source>Automatic (a short reference: the files that contain it first)</source>
        <extracomment>The default ranking: a reference far smaller than the folder&apos;s files (a quotation, a pasted paragraph) ranks the files that contain it first.</extracomment>
        <translation>自動（參考較短時：包含它的檔案在前）</translation>
    </message>
    <message>
        <source>Similarity of the whole file</source>
        <translation>整個檔案的相似度</translation>
    </message>
    <message>
        <source>Contains the reference</source>
        <translation>包含參考檔案</translation>
    </message>
    <message>
        <source>“Contains the reference” puts first the files that hold most of the reference (an excerpt, a quotation, a text pasted into a longer one), however unlike it they are as a whole</source>
        <translation>「包含參考檔案」把含有參考檔案內容最多的檔案排在前面（摘錄、引文、貼上進更長文字的段落），即使它們整體上並不相似</translation>
    </message>
    <message>
        <source>Plain text files only (not Word, PDF, …)</source>
        <translation>只比較純文字檔案（不讀 Word、PDF 等）</translation>
    </message>
    <message>
        <source>Documents (Word, PowerPoint, OpenDocument, PDF, EPUB, RTF and web pages) are compared by their text unless this is ticked</source>
        <translation>不勾選時，文件（Word、PowerPoint、OpenDocument、PDF、EPUB、RTF 和網頁）按其中的文字比較</translation>
    </message>
    <message>
        <source>Treat Traditional and Simplified as the same</source>
        <translation>繁體與簡體視為相同</translation>
    </message>
    <message>
        <source>Chinese in Traditional characters is compared as if written in Simplified (頭髮 as 头发); each file is still shown as written</source>
        <translation>繁體中文按簡體比較（頭髮 視為 头发）；每個檔案仍按原樣顯示</translation>
    </message>
</context>
<context>
    <name>Page</name>
    <message>
        <source>Could not write {path}:
{error}</source>
        <translation>無法寫入 {path}：
{error}</translation>
    </message>
    <message>
        <source>Export the Table</source>
        <translation>匯出表格</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>匯出報告</translation>
    </message>
    <message>
        <source>Web pages (*.html)</source>
        <translation>網頁 (*.html)</translation>
    </message>
    <message>
        <source>Could not read {path} as text: {why}.</source>
        <translation>無法把 {path} 讀取為文字：{why}。</translation>
    </message>
    <message>
        <source>Exported to {path}</source>
        <translation>已匯出到 {path}</translation>
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
        <translation>尋找範圍(&amp;L)：</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>檔案類型(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>RecordGroupsModel</name>
    <message>
        <source>Record</source>
        <translation>記錄</translation>
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
        <translation>檔案</translation>
    </message>
    <message>
        <source>Exact similarity to the group&apos;s centre (the first record, in bold); on a group&apos;s row, the lowest of its records</source>
        <translation>與本組中心（第一條記錄，粗體）的精確相似度；組所在行顯示組內最低的相似度</translation>
    </message>
    <message>
        <source>Group {number}: {count} records</source>
        <translation>第 {number} 組：{count} 條記錄</translation>
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
            <numerusform>%n 處共同段落</numerusform>
        </translation>
    </message>
    <message>
        <source>Similarity report: {left} and {right}</source>
        <extracomment>The report&apos;s title: the names of the two files compared.</extracomment>
        <translation>相似度報告：{left} 與 {right}</translation>
    </message>
    <message>
        <source>Similarity report: group {number} ({files} files)</source>
        <extracomment>The report&apos;s title for a group ({number}: its number in the list).</extracomment>
        <translation>相似度報告：第 {number} 組（{files} 個檔案）</translation>
    </message>
    <message>
        <source>Made {date} by simfind {version}.</source>
        <extracomment>Below the report&apos;s title: when it was made, and by which version.</extracomment>
        <translation>由 simfind {version} 於 {date} 生成。</translation>
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
        <translation>資料</translation>
    </message>
    <message>
        <source>Similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <source>({figure} % counting the text many of the searched files share)</source>
        <extracomment>After the similarity ({figure}: a percentage) where the text many of the searched files share, not counted in it, would raise it by a point or more.</extracomment>
        <translation>（計入所搜尋的許多檔案共有的文字，則為 {figure} %）</translation>
    </message>
    <message>
        <source>(an estimate: the texts are too long to compare word by word in time)</source>
        <translation>（估計值：文字太長，無法及時逐詞比較）</translation>
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
        <translation>指紋距離</translation>
    </message>
    <message>
        <source>{distance} of {bits} bits</source>
        <translation>{distance}/{bits} 位</translation>
    </message>
    <message>
        <source>— (a text without words has no fingerprint)</source>
        <translation>—（沒有詞語的文字沒有指紋）</translation>
    </message>
    <message>
        <source>Boilerplate discounted</source>
        <translation>已降權的樣板文字</translation>
    </message>
    <message>
        <source>{a}: {left}; {b}: {right}</source>
        <extracomment>{a}, {b}: the files&apos; names in the report, &quot;A&quot; and &quot;B&quot;; {left}, {right}: their words.</extracomment>
        <translation>{a}：{left}；{b}：{right}</translation>
    </message>
    <message>
        <source>{words} words ({share} %)</source>
        <translation>{words} 個詞（{share} %）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>結論</translation>
    </message>
    <message>
        <source>near-duplicates (similarity at or above {threshold} %)</source>
        <translation>近似重複（相似度不低於 {threshold} %）</translation>
    </message>
    <message>
        <source>not near-duplicates (similarity below {threshold} %)</source>
        <translation>不算近似重複（相似度低於 {threshold} %）</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>檔案</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名稱</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>路徑</translation>
    </message>
    <message>
        <source>Path as bytes (hexadecimal)</source>
        <extracomment>A row of the report&apos;s file facts, shown where a name is not shown as it is (a byte that is not UTF-8, a control character): the path&apos;s exact bytes.</extracomment>
        <translation>路徑的位元組（十六進位）</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>{size} ({bytes} bytes)</source>
        <translation>{size}（{bytes} 位元組）</translation>
    </message>
    <message>
        <source>Modified</source>
        <translation>修改時間</translation>
    </message>
    <message>
        <source>Encoding</source>
        <translation>編碼</translation>
    </message>
    <message>
        <source>Read as</source>
        <extracomment>What a file&apos;s text was taken from: &quot;text&quot;, or a document&apos;s format.</extracomment>
        <translation>讀取為</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文字</translation>
    </message>
    <message>
        <source>SHA-256</source>
        <translation>SHA-256</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>Fingerprint bits</source>
        <translation>指紋位數</translation>
    </message>
    <message>
        <source>Similar from</source>
        <translation>相似度閾值</translation>
    </message>
    <message>
        <source>Largest file read</source>
        <translation>讀取的最大檔案</translation>
    </message>
    <message>
        <source>Documents read for their text</source>
        <translation>讀取文件中的文字</translation>
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
        <translation>樣板文字的來源</translation>
    </message>
    <message>
        <source>the {files} files searched</source>
        <translation>搜尋的 {files} 個檔案</translation>
    </message>
    <message>
        <source>nothing (the files compared alone)</source>
        <translation>無（只比較這兩個檔案）</translation>
    </message>
    <message>
        <source>Shortest shared passage (words)</source>
        <translation>共同段落的最短長度（詞）</translation>
    </message>
    <message>
        <source>Folders searched</source>
        <translation>搜尋的資料夾</translation>
    </message>
    <message>
        <source>Shared passages</source>
        <translation>共同段落</translation>
    </message>
    <message>
        <source>{passages} of {least} words or more, {words} words: {left_share} % of {left} and {right_share} % of {right}.</source>
        <extracomment>{passages}: &quot;3 shared passages&quot;; {left}, {right}: &quot;A&quot; and &quot;B&quot;.</extracomment>
        <translation>{passages}（每段至少 {least} 個詞），共 {words} 個詞：佔 {left} 的 {left_share} %，佔 {right} 的 {right_share} %。</translation>
    </message>
    <message>
        <source>A passage is a run of {least} words or more found in both texts, in any order, so their shares can differ from the similarity, which counts only the words a diff keeps in order.</source>
        <extracomment>After the passages&apos; summary: why their shares can differ from the similarity.</extracomment>
        <translation>共有段落是兩個文字中都有的、至少 {least} 個詞的連續片段，不論先後順序，因此其佔比可能與相似度不同：相似度只計差異比較按順序保留下來的詞。</translation>
    </message>
    <message>
        <source>No shared passages of {words} words or more.</source>
        <translation>兩個檔案沒有共同段落（至少 {words} 個詞相連）。</translation>
    </message>
    <message>
        <source>The files are too large to look for shared passages.</source>
        <translation>檔案太大，沒有尋找共同段落。</translation>
    </message>
    <message>
        <source>Passage</source>
        <translation>段落</translation>
    </message>
    <message>
        <source>Words</source>
        <translation>詞數</translation>
    </message>
    <message>
        <source>Lines in {side}</source>
        <translation>{side} 中的行</translation>
    </message>
    <message>
        <source>Shared passage {number}: go to it in {side}</source>
        <extracomment>The tooltip of a shared passage in the report ({side}: &quot;A&quot; or &quot;B&quot;).</extracomment>
        <translation>共同段落 {number}：跳到 {side} 中的這一段</translation>
    </message>
    <message>
        <source>Both texts</source>
        <translation>兩份文字</translation>
    </message>
    <message>
        <source>Highlighted: the shared passages. Click one to go to the same passage in the other file.</source>
        <translation>高亮：共同段落。點選一段可跳到另一檔案中的同一段落。</translation>
    </message>
    <message>
        <source>Grey: text that many of the searched files share, which counted for nothing where both files have it.</source>
        <translation>灰色：許多被搜尋檔案共有的文字，兩個檔案都有時不計分。</translation>
    </message>
    <message>
        <source>The group</source>
        <translation>分組</translation>
    </message>
    <message>
        <source>Each file of the group is compared with the group&apos;s centre (A), the file most similar to the others.</source>
        <translation>組內每個檔案都與組的中心檔案（A）比較，中心檔案是與其他檔案最相似的那個。</translation>
    </message>
    <message>
        <source>File</source>
        <translation>檔案</translation>
    </message>
    <message>
        <source>Comparison {number}</source>
        <translation>比較 {number}</translation>
    </message>
    <message>
        <source>(no text)</source>
        <translation>（沒有文字）</translation>
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
        <translation>正在儲存結果…</translation>
    </message>
    <message>
        <source>The results were not saved: {error}</source>
        <translation>結果未儲存：{error}</translation>
    </message>
    <message>
        <source>Save Results</source>
        <translation>儲存結果</translation>
    </message>
    <message>
        <source>Opening the results…</source>
        <translation>正在開啟結果…</translation>
    </message>
    <message>
        <source>Open Results</source>
        <translation>開啟結果</translation>
    </message>
</context>
<context>
    <name>ResultWords</name>
    <message>
        <source>{name}  (gone since saved)</source>
        <extracomment>A file of a result opened from a file: it is no longer there.</extracomment>
        <translation>{name}（儲存後已不存在）</translation>
    </message>
    <message>
        <source>{name}  (changed since saved)</source>
        <extracomment>A file of a result opened from a file: it is not as it was when saved.</extracomment>
        <translation>{name}（儲存後已改動）</translation>
    </message>
    <message>
        <source>This file is no longer there: it was moved, renamed or deleted since the result was saved. It is never marked or moved; scan again to see the groups as they are now.</source>
        <translation>此檔案已不存在：儲存結果之後它被移動、改名或刪除了。它不會被標記或移動；重新掃描可檢視當前的分組。</translation>
    </message>
    <message>
        <source>This file is not as it was when the result was saved (its size, modified time or identity differ). It is never marked or moved, nor kept in place of another; scan again to compare it anew.</source>
        <translation>此檔案與儲存結果時不同（大小、修改時間或檔案身份不同）。它不會被標記或移動，也不會代替其他檔案被保留；重新掃描可重新比較。</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) changed since saved</source>
        <translation>
            <numerusform>%n 個檔案在儲存後已改動</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) gone since saved</source>
        <translation>
            <numerusform>%n 個檔案在儲存後已不存在</numerusform>
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
            <numerusform>已開啟 {saved} 儲存的結果：%n 個組</numerusform>
        </translation>
    </message>
    <message>
        <source>Saved {saved}: {summary}</source>
        <extracomment>The summary of groups opened from a result file: {saved}, when it was saved; {summary}, the groups&apos; own summary.</extracomment>
        <translation>保存於 {saved}：{summary}</translation>
    </message>
    <message>
        <source>Nothing was opened.</source>
        <extracomment>After why a result file is damaged: the window shows what it showed.</extracomment>
        <translation>未開啟任何內容。</translation>
    </message>
</context>
<context>
    <name>ResultsModel</name>
    <message>
        <source>Name</source>
        <translation>名稱</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>資料夾</translation>
    </message>
    <message>
        <source>Distance</source>
        <translation>距離</translation>
    </message>
    <message>
        <source>Similarity %</source>
        <translation>相似度 %</translation>
    </message>
    <message>
        <source>Holds %</source>
        <translation>含參考 %</translation>
    </message>
    <message>
        <source>Held %</source>
        <translation>參考含 %</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Modified</source>
        <translation>修改時間</translation>
    </message>
    <message>
        <source>Encoding</source>
        <translation>編碼</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>How many bits of the file&apos;s fingerprint differ from the reference&apos;s: 0 means the same words. The fast first filter; smaller is closer.</source>
        <translation>檔案指紋與參考檔案指紋不同的位數：0 表示詞語相同。這是快速的初步篩選，數值越小越接近。</translation>
    </message>
    <message>
        <source>How much of the text the file shares with the reference, compared word by word. Only the files nearest by distance are compared; the others stay blank. A second figure in brackets: the same with the text many files of the folder share counted, as the two files compared alone read. ~: an estimate.</source>
        <translation>逐詞比較後，檔案與參考檔案相同內容所佔的比例。只有距離最近的檔案會逐詞比較，其餘留空。括號中的第二個數字：計入此資料夾中許多檔案共有的文字後的比例，即兩個檔案單獨比較時的結果。~：估計值。</translation>
    </message>
    <message>
        <source>How much of the reference is found in the file: 100% when the file holds all of it, however much more it holds. Blank where not compared.</source>
        <translation>參考檔案的內容有多少出現在這個檔案裡：檔案含有參考檔案的全部內容時為 100%，無論它另外還有多少內容。未比較的檔案留空。</translation>
    </message>
    <message>
        <source>How much of the file is found in the reference: 100% when the file is an excerpt of it. Blank where not compared.</source>
        <translation>這個檔案的內容有多少出現在參考檔案裡：檔案是參考檔案的摘錄時為 100%。未比較的檔案留空。</translation>
    </message>
    <message>
        <source>{name} (reference)</source>
        <translation>{name}（參考檔案）</translation>
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
        <translation>無法掃描</translation>
    </message>
</context>
<context>
    <name>ScanStatus</name>
    <message>
        <source>An unexpected error stopped the scan: {error}</source>
        <extracomment>A scan ended by an error simfind did not expect; the error&apos;s own words follow.</extracomment>
        <translation>掃描因意外錯誤而中止：{error}</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Looking for files…</source>
        <translation>正在尋找檔案…</translation>
    </message>
    <message>
        <source>Finding pairs of similar fingerprints…</source>
        <translation>正在尋找指紋相近的檔案對…</translation>
    </message>
    <message>
        <source>%v of %m compared</source>
        <translation>已比較 %v / %m 個</translation>
    </message>
    <message>
        <source>Comparing files with similar fingerprints exactly…</source>
        <translation>正在精確比較指紋相近的檔案…</translation>
    </message>
    <message>
        <source>Checking the closest files exactly…</source>
        <translation>正在精確比較最接近的檔案…</translation>
    </message>
    <message>
        <source>%v of %m files</source>
        <translation>%v / %m 個檔案</translation>
    </message>
    <message>
        <source>Comparing the bytes of files of the same size…</source>
        <translation>正在比較大小相同的檔案的位元組…</translation>
    </message>
    <message>
        <source>{rate:.0f} files/s</source>
        <translation>每秒 {rate:.0f} 個檔案</translation>
    </message>
    <message>
        <source>about {seconds:.0f} s left</source>
        <translation>大約還需 {seconds:.0f} 秒</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>Not started: {message}</source>
        <extracomment>Inputs refused before a scan or search began; the reason follows.</extracomment>
        <translation>未開始：{message}</translation>
    </message>
    <message>
        <source>The scan stopped: {message}</source>
        <translation>掃描已中止：{message}</translation>
    </message>
    <message numerus="yes">
        <source>%n group(s) ({files} files) left. Found: {summary}</source>
        <extracomment>%n: the groups still shown after files were moved, trashed or set apart; {summary}: what the search had found.</extracomment>
        <translation>
            <numerusform>剩餘 %n 組（{files} 個檔案）。搜尋找到：{summary}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n group(s) of near-duplicates so far ({files} files); still comparing…</source>
        <extracomment>%n: the groups of near-duplicates shown so far, while the search goes on.</extracomment>
        <translation>
            <numerusform>已找到 %n 組近似重複檔案（共 {files} 個），仍在比較…</numerusform>
        </translation>
    </message>
    <message>
        <source>Looking for near-duplicates in {folder}…</source>
        <translation>正在 {folder} 中尋找近似重複檔案…</translation>
    </message>
    <message>
        <source>Scanning {folder}…</source>
        <translation>正在掃描 {folder}…</translation>
    </message>
    <message>
        <source>Skipped files ({count})…</source>
        <translation>跳過的檔案（{count}）…</translation>
    </message>
    <message>
        <source>text shared by many files (licence headers, banners) counted for nothing where both files have it</source>
        <extracomment>After a scan&apos;s summary, when the files share text (licence headers, banners, a template) that counted for nothing where both files have it.</extracomment>
        <translation>許多檔案共有的文字（許可證宣告、分隔橫幅等）在兩個檔案都有時不計入相似度</translation>
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
            <numerusform>%n 個標有 ~ 的數值是估計值：文字太長，無法及時逐詞比較</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n identical copy(-ies) of the reference; it is no text, so the files of its size were compared with it by their bytes; {skipped} skipped</source>
        <extracomment>%n: the copies found of a reference that is no text (an image, an archive), compared with the folder&apos;s files of its size by their bytes.</extracomment>
        <translation>
            <numerusform>找到參考檔案的 %n 個完全相同的副本；參考檔案不是文字，因此按位元組與同樣大小的檔案比較；跳過 {skipped} 個</numerusform>
        </translation>
    </message>
    <message>
        <source>{holding} holding {share} % or more of the reference, {similar} similar, of {scanned} scanned, {skipped} skipped</source>
        <extracomment>Ranked by &quot;contains the reference&quot;: the files holding at least the threshold&apos;s share of the reference, then those similar as a whole.</extracomment>
        <translation>掃描了 {scanned} 個檔案，其中 {holding} 個包含參考檔案的 {share}% 以上，{similar} 個相似，跳過 {skipped} 個</translation>
    </message>
    <message>
        <source>{similar} similar of {scanned} scanned, {skipped} skipped</source>
        <translation>掃描了 {scanned} 個檔案，其中 {similar} 個相似，跳過 {skipped} 個</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled — {similar} similar of {scanned} scanned; only the nearest %n compared exactly; {skipped} skipped</source>
        <extracomment>%n: how many of the files found before the cancel were compared exactly.</extracomment>
        <translation>
            <numerusform>已取消：掃描了 {scanned} 個檔案，其中 {similar} 個相似；只精確比較了最接近的 %n 個；跳過 {skipped} 個</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled — {scanned} scanned, none compared exactly; {skipped} skipped</source>
        <translation>已取消：掃描了 {scanned} 個檔案，未做精確比較；跳過 {skipped} 個</translation>
    </message>
    <message numerus="yes">
        <source>%n group(s) ({files} files): {identical} identical, {same} same text, {near} near-duplicates; among {scanned} files, {skipped} skipped</source>
        <extracomment>%n: groups of files; then the files in them, how many groups are of identical files, of the same text, of near-duplicates, the files looked at (of any kind) and the files skipped.</extracomment>
        <translation>
            <numerusform>%n 組（{files} 個檔案）：完全相同 {identical} 組，文字相同 {same} 組，近似重複 {near} 組；共 {scanned} 個檔案，跳過 {skipped} 個</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n group(s) of near-duplicates ({files} files) among {scanned} scanned, {skipped} skipped</source>
        <extracomment>%n: groups of near-duplicate files; then the files in them, the text files read and the files skipped.</extracomment>
        <translation>
            <numerusform>掃描了 {scanned} 個檔案，找到 %n 組近似重複檔案（共 {files} 個），跳過 {skipped} 個</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{summary}; %n estimate(s) from fingerprints (a catalogue&apos;s drive is away)</source>
        <extracomment>%n: pairs with a catalogued file whose drive is away, compared by their fingerprints&apos; estimate alone (no text to compare exactly).</extracomment>
        <translation>
            <numerusform>{summary}；%n 對檔案按指紋估計（編目所在的磁碟機不在）</numerusform>
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
        <translation>已比較的 {total} 個檔案的相似度：{above} 個不低於 {threshold}%，{below} 個低於此值</translation>
    </message>
</context>
<context>
    <name>SkippedDialog</name>
    <message>
        <source>Skipped files</source>
        <translation>跳過的檔案</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) were not compared:</source>
        <translation>
            <numerusform>有 %n 個檔案未參與比較：</numerusform>
        </translation>
    </message>
    <message>
        <source>File</source>
        <translation>檔案</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Copy List</source>
        <translation>複製列表</translation>
    </message>
</context>
<context>
    <name>TableExport</name>
    <message>
        <source>Counting shared text %</source>
        <extracomment>A column of the exported table: the similarity with the text many files of the folder share counted (as the two files compared alone read), where that moves it by a point or more; the table shows it in brackets after the similarity.</extracomment>
        <translation>計入共有文字的相似度 %</translation>
    </message>
    <message>
        <source>Size (bytes)</source>
        <translation>大小（位元組）</translation>
    </message>
    <message>
        <source>Note</source>
        <extracomment>A column of the exported table: &quot;reference&quot; or &quot;similar&quot;, or nothing.</extracomment>
        <translation>備註</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>路徑</translation>
    </message>
    <message>
        <source>Path as bytes (hexadecimal)</source>
        <extracomment>A column of the exported table, filled where a name is not written as it is (a byte that is not UTF-8; a name a spreadsheet would take for a formula).</extracomment>
        <translation>路徑的位元組（十六進位）</translation>
    </message>
    <message>
        <source>Group</source>
        <extracomment>Headers of the exported groups and records (the command line&apos;s columns).</extracomment>
        <translation>組</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>類型</translation>
    </message>
    <message>
        <source>Similarity (0-1)</source>
        <translation>相似度（0-1）</translation>
    </message>
    <message>
        <source>Distance</source>
        <translation>距離</translation>
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
        <translation>與之完全相同</translation>
    </message>
    <message>
        <source>Modified</source>
        <translation>修改時間</translation>
    </message>
    <message>
        <source>Encoding</source>
        <translation>編碼</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation>指紋</translation>
    </message>
    <message>
        <source>Hash</source>
        <translation>雜湊</translation>
    </message>
    <message>
        <source>Counting shared text (0-1)</source>
        <extracomment>The similarity to the centre with the text many files share counted, where that moves it by a point or more (a fraction, as &quot;Similarity (0-1)&quot;).</extracomment>
        <translation>計入共有文字的相似度（0-1）</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>記錄</translation>
    </message>
    <message>
        <source>Places</source>
        <extracomment>For names (functions, classes): how many files define the name.</extracomment>
        <translation>定義它的檔案數</translation>
    </message>
    <message>
        <source>reference</source>
        <translation>參考檔案</translation>
    </message>
    <message>
        <source>similar</source>
        <translation>相似</translation>
    </message>
    <message>
        <source>Whole values</source>
        <extracomment>The name of a workbook&apos;s sheet that holds, whole, the texts too long for a cell.</extracomment>
        <translation>完整內容</translation>
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
        <translation>欄</translation>
    </message>
    <message>
        <source>Characters</source>
        <translation>字元數</translation>
    </message>
    <message>
        <source>Text, in parts (join them)</source>
        <translation>文字，分段（連起來即為全文）</translation>
    </message>
    <message>
        <source>Cut: Excel holds 32,767 characters in a cell. The whole text, {characters} characters, is on sheet &quot;{sheet}&quot;, row {row}.</source>
        <extracomment>A note on a cell of a workbook. {characters}: a count; {sheet}: a sheet&apos;s name.</extracomment>
        <translation>已截斷：Excel 每個單元格最多容納 32,767 個字元。完整文字共 {characters} 個字元，見工作表「{sheet}」第 {row} 行。</translation>
    </message>
</context>
<context>
    <name>ThresholdControl</name>
    <message>
        <source>Similar from:</source>
        <extracomment>Before the threshold: files at or above it are called similar (and can be marked).</extracomment>
        <translation>相似閾值：</translation>
    </message>
    <message>
        <source>Files at least this similar are called similar and marked green. Similarity is the share of the two texts that is the same</source>
        <translation>相似度不低於此值的檔案視為相似，並以綠色標出。相似度是兩個文字中相同部分所佔的比例</translation>
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
        <translation>無法排列版本</translation>
    </message>
</context>
<context>
    <name>VersionsView</name>
    <message>
        <source>Group {number}: {versions}, {chains}</source>
        <extracomment>A group&apos;s row among the versions: &quot;Group 2: 3 versions, 1 chain&quot;.</extracomment>
        <translation>第 {number} 組：{versions}，{chains}</translation>
    </message>
    <message numerus="yes">
        <source>%n version(s)</source>
        <translation>
            <numerusform>%n 個版本</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n chain(s)</source>
        <translation>
            <numerusform>%n 條版本鏈</numerusform>
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
        <translation>時間相同，按名稱排列</translation>
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
        <translation>沒有與參考檔案相似、可以顯示為版本的檔案。</translation>
    </message>
    <message>
        <source>No group to show as versions.</source>
        <translation>沒有可以顯示為版本的分組。</translation>
    </message>
    <message>
        <source>The reference and its similar files oldest first, each under the earlier version it most resembles, with the words its step added, removed and changed; the newest of each chain in bold. Select a version to see its step.</source>
        <translation>參考檔案和與它相似的檔案從舊到新排列，每個版本排在與它最相似的較早版本之下，並列出這一步增加、刪除和改動的詞數；每條版本鏈的最新版本以粗體顯示。選擇一個版本即可檢視這一步的改動。</translation>
    </message>
    <message>
        <source>Each group&apos;s files oldest first, each under the earlier version it most resembles, with the words its step added, removed and changed; the newest of each chain in bold. Select a version to see its step.</source>
        <translation>每組檔案從舊到新排列，每個版本排在與它最相似的較早版本之下，並列出這一步增加、刪除和改動的詞數；每條版本鏈的最新版本以粗體顯示。選擇一個版本即可檢視這一步的改動。</translation>
    </message>
    <message>
        <source>Added</source>
        <extracomment>Header: words the version added to the one it grew from.</extracomment>
        <translation>增加</translation>
    </message>
    <message>
        <source>Removed</source>
        <translation>刪除</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>改動</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>備註</translation>
    </message>
    <message>
        <source>Similarity to the earlier version it grew from</source>
        <translation>與它所源自的較早版本的相似度</translation>
    </message>
    <message>
        <source>Words added since the earlier version</source>
        <translation>相對較早版本增加的詞數</translation>
    </message>
    <message>
        <source>Words removed since the earlier version</source>
        <translation>相對較早版本刪除的詞數</translation>
    </message>
    <message>
        <source>Words changed since the earlier version</source>
        <translation>相對較早版本改動的詞數</translation>
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
        <translation>文字相同</translation>
    </message>
    <message>
        <source>near-duplicates</source>
        <extracomment>A group of files similar to its centre.</extracomment>
        <translation>近似重複</translation>
    </message>
    <message numerus="yes">
        <source>%n changed line(s) longer than {limit} characters are shown without word highlighting</source>
        <translation>
            <numerusform>有 %n 行改動超過 {limit} 個字元，未標出改動的詞語</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>⋯ %n unchanged line(s)</source>
        <translation>
            <numerusform>⋯ %n 行未改動</numerusform>
        </translation>
    </message>
    <message>
        <source>(standard input)</source>
        <extracomment>A reference text read from standard input, where a file&apos;s name would be.</extracomment>
        <translation>（標準輸入）</translation>
    </message>
    <message>
        <source>(pasted text)</source>
        <extracomment>The reference text typed or pasted in the Compare tab, where a file&apos;s name would be.</extracomment>
        <translation>（貼上的文字）</translation>
    </message>
    <message>
        <source>mixed</source>
        <extracomment>Line endings of a file that has both CRLF and LF.</extracomment>
        <translation>CRLF/LF 混用</translation>
    </message>
    <message>
        <source>line endings differ ({left} and {right}); they are ignored</source>
        <translation>兩側換行符不同（左：{left}，右：{right}），已忽略</translation>
    </message>
    <message>
        <source>the texts are too large to align line by line; they are shown whole</source>
        <translation>文字太大，無法逐行對齊，因此整體顯示</translation>
    </message>
</context>
</TS>
