package dev.drivecat.specs;

import java.io.IOException;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.io.MemoryUsageSetting;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.text.PDFTextStripper;

/**
 * The text of a PDF datasheet (Apache PDFBox), line by line in reading order, with a tab where the
 * page leaves a gap wider than two spaces between words: the gap between a table's label and its
 * value, or between its columns, so that {@link SpecTextParser} can cut the rows into cells.
 */
final class PdfText {

    /** Datasheets are a few pages; a longer document is read no further than this. */
    static final int MAX_PAGES = 40;
    /** The memory the PDF's decoded streams may take (a flate bomb stops here), and the time its text may take. */
    static final long MAX_DECODED_BYTES = 64L * 1024 * 1024;
    static final java.time.Duration MAX_TIME = java.time.Duration.ofSeconds(20);

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
        long deadline = System.nanoTime() + MAX_TIME.toNanos();
        try (PDDocument doc = Loader.loadPDF(pdf, "", null, null, MemoryUsageSetting.setupMainMemoryOnly(MAX_DECODED_BYTES).streamCache)) {
            if (!doc.getCurrentAccessPermission().canExtractContent()) {
                throw new NotAPdfException("the PDF does not allow its text to be extracted");
            }
            PDFTextStripper stripper = new PDFTextStripper() {
                @Override
                protected void startPage(PDPage page) throws IOException {
                    if (System.nanoTime() > deadline) {
                        throw new IOException("its text took longer than " + MAX_TIME.toSeconds() + " s to read");
                    }
                    super.startPage(page);
                }
            };
            stripper.setSortByPosition(true);
            stripper.setWordSeparator("\t");
            // a gap of up to two spaces' width is a space inside a cell; a wider one parts two cells
            stripper.setSpacingTolerance(2f);
            stripper.setEndPage(Math.min(doc.getNumberOfPages(), MAX_PAGES));
            return stripper.getText(doc);
        } catch (IOException | RuntimeException e) {
            // PDFBox throws runtime exceptions too on malformed documents: any is a PDF that cannot be read, never a 500
            String why = e.getMessage() == null ? "malformed" : e.getMessage().lines().findFirst().orElse("malformed");
            throw new NotAPdfException("the PDF could not be read: " + (why.length() > 200 ? why.substring(0, 200) : why));
        }
    }
}
