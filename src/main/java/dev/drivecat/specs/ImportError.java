package dev.drivecat.specs;

/** One thing wrong with an import document: a JSON pointer to the bad part, and what is wrong. */
public record ImportError(String pointer, String message) {

    @Override
    public String toString() {
        return pointer + ": " + message;
    }
}
