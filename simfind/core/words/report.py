"""The words of a similarity report (simfind report, the window's File → Export Report…),
once: in English, translated where the report is written.

As simfind/core/words/outcomes.py: every string goes through ``self.tr``, collected by the
translation tools under the context "ReportWords", and the front end's translator runs it.
"""

from __future__ import annotations

from simfind.core.report.html_report import ReportLabels
from simfind.core.words.outcomes import Words

# The translation context of these words in the catalogues.
CONTEXT = "ReportWords"


class ReportWords(Words):
    """Makes the report's labels."""

    def counted_passages(self, count: int) -> str:
        return self.tr("%n shared passage(s)", "", count)

    def labels(self, language: str = "en") -> ReportLabels:
        """The labels in ``language`` ("en", "zh_CN", "zh_TW"): the page's lang, and the words
        of ``translate``."""
        return ReportLabels(
            lang=language.replace("_", "-"),
            #: The report's title: the names of the two files compared.
            title_pair=self.tr("Similarity report: {left} and {right}"),
            #: The report's title for a group ({number}: its number in the list).
            title_group=self.tr("Similarity report: group {number} ({files} files)"),
            #: Below the report's title: when it was made, and by which version.
            made=self.tr("Made {date} by simfind {version}."),
            #: The report's name for the first file of a pair (the reference, the centre).
            side_left=self.tr("A"),
            #: The report's name for the second file of a pair.
            side_right=self.tr("B"),
            figures=self.tr("Figures"),
            similarity=self.tr("Similarity"),
            #: After the similarity ({figure}: a percentage) where the text many of the
            #: searched files share, not counted in it, would raise it by a point or more.
            similarity_alone=self.tr(
                "({figure} % counting the text many of the searched files share)"
            ),
            estimated=self.tr(
                "(an estimate: the texts are too long to compare word by word in time)"
            ),
            #: {left}, {right}: the files' names in the report, "A" and "B".
            left_in_right=self.tr("Share of {left} found in {right}"),
            right_in_left=self.tr("Share of {right} found in {left}"),
            distance=self.tr("Fingerprint distance"),
            distance_value=self.tr("{distance} of {bits} bits"),
            no_distance=self.tr("— (a text without words has no fingerprint)"),
            boilerplate=self.tr("Boilerplate discounted"),
            #: {a}, {b}: the files' names in the report, "A" and "B"; {left}, {right}: their words.
            boilerplate_value=self.tr("{a}: {left}; {b}: {right}"),
            boilerplate_side=self.tr("{words} words ({share} %)"),
            boilerplate_none=self.tr("none"),
            verdict=self.tr("Verdict"),
            similar=self.tr("near-duplicates (similarity at or above {threshold} %)"),
            not_similar=self.tr("not near-duplicates (similarity below {threshold} %)"),
            files=self.tr("Files"),
            name=self.tr("Name"),
            path=self.tr("Path"),
            #: A row of the report's file facts, shown where a name is not shown as it is
            #: (a byte that is not UTF-8, a control character): the path's exact bytes.
            path_bytes=self.tr("Path as bytes (hexadecimal)"),
            size=self.tr("Size"),
            size_value=self.tr("{size} ({bytes} bytes)"),
            modified=self.tr("Modified"),
            encoding=self.tr("Encoding"),
            #: What a file's text was taken from: "text", or a document's format.
            format=self.tr("Read as"),
            text_format=self.tr("text"),
            sha256=self.tr("SHA-256"),
            settings=self.tr("Settings"),
            bits=self.tr("Fingerprint bits"),
            threshold=self.tr("Similar from"),
            max_size=self.tr("Largest file read"),
            documents=self.tr("Documents read for their text"),
            yes=self.tr("yes"),
            no=self.tr("no"),
            boilerplate_from=self.tr("Boilerplate learnt from"),
            boilerplate_from_value=self.tr("the {files} files searched"),
            boilerplate_from_none=self.tr("nothing (the files compared alone)"),
            min_words=self.tr("Shortest shared passage (words)"),
            folders=self.tr("Folders searched"),
            passages=self.tr("Shared passages"),
            passages_counted=self.counted_passages,
            #: {passages}: "3 shared passages"; {left}, {right}: "A" and "B".
            passages_summary=self.tr(
                "{passages} of {least} words or more, {words} words: "
                "{left_share} % of {left} and {right_share} % of {right}."
            ),
            #: After the passages' summary: why their shares can differ from the similarity.
            passages_any_order=self.tr(
                "A passage is a run of {least} words or more found in both texts, in any "
                "order, so their shares can differ from the similarity, which counts only the "
                "words a diff keeps in order."
            ),
            no_passages=self.tr("No shared passages of {words} words or more."),
            too_large=self.tr("The files are too large to look for shared passages."),
            passage_number=self.tr("Passage"),
            passage_words=self.tr("Words"),
            lines_of=self.tr("Lines in {side}"),
            #: The tooltip of a shared passage in the report ({side}: "A" or "B").
            go_to_other=self.tr("Shared passage {number}: go to it in {side}"),
            texts=self.tr("Both texts"),
            legend=self.tr(
                "Highlighted: the shared passages. Click one to go to the same passage in the "
                "other file."
            ),
            legend_boilerplate=self.tr(
                "Grey: text that many of the searched files share, which counted for nothing "
                "where both files have it."
            ),
            group_members=self.tr("The group"),
            group_intro=self.tr(
                "Each file of the group is compared with the group's centre (A), the file most "
                "similar to the others."
            ),
            member_file=self.tr("File"),
            comparison=self.tr("Comparison {number}"),
            empty_text=self.tr("(no text)"),
        )


# The report's labels in English, the source language.
ENGLISH = ReportWords().labels("en")
