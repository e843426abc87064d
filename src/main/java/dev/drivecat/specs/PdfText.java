package dev.drivecat.specs;

import java.io.IOException;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;

/**
 * The text of a PDF datasheet (Apache PDFBox), line by line in reading order, with a tab where the
 * page leaves a gap wider than two spaces between words: the gap between a table's label and its
 * value, or between its columns, so that {@link SpecTextParser} can cut the rows into cells.
 */
final class PdfText {

    /** Datasheets are a few pages; a longer document is read no further than this. */
    static final int MAX_PAGES = 40;

    /** The body is no PDF drivecat can read; the message says why, in words. */
    static final class NotAPdfException extends RuntimeException {
        NotAPdfException(String message) {
            super(message, null, false, false);
        }
    }

    private PdfText() {
    }

    static String of(byte[] pdf) {
        if (pdf.length < 5 || !new String(pdf, 0, 5, java.nio.charset.StandardCharsets.ISO_8859_1).equals("%PDF-")) {
            throw new NotAPdfException("the body does not begin as a PDF does (%PDF-)");
        }
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            if (!doc.getCurrentAccessPermission().canExtractContent()) {
                throw new NotAPdfException("the PDF does not allow its text to be extracted");
            }
            PDFTextStripper stripper = new PDFTextStripper();
            stripper.setSortByPosition(true);
            stripper.setWordSeparator("\t");
            // a gap of up to two spaces' width is a space inside a cell; a wider one parts two cells
            stripper.setSpacingTolerance(2f);
            stripper.setEndPage(Math.min(doc.getNumberOfPages(), MAX_PAGES));
            return stripper.getText(doc);
        } catch (IOException e) {
            throw new NotAPdfException("the PDF could not be read: " + (e.getMessage() == null ? "malformed"
                    : e.getMessage().lines().findFirst().orElse("malformed")));
        }
    }
}
