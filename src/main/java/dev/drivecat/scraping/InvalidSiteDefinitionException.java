package dev.drivecat.scraping;

/** A site definition in scrapers/ that cannot be used; the message names the file and the entry. */
public class InvalidSiteDefinitionException extends RuntimeException {

    public InvalidSiteDefinitionException(String message) {
        super(message);
    }

    public InvalidSiteDefinitionException(String message, Throwable cause) {
        super(message, cause);
    }
}
