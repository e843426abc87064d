package dev.drivecat.scraping;

/** A page a parser cannot read; becomes {@link PageParse.Failed} with this message. */
final class ParseFailure extends RuntimeException {

    ParseFailure(String message) {
        super(message, null, false, false);
    }
}
