package dev.drivecat.identity;

import java.util.List;

/**
 * What a text names: one catalog drive ({@code MATCH}, with the part number or the model,
 * capacity and form-factor words that decided), several that the text does not tell apart
 * ({@code AMBIGUOUS}, with what would), none ({@code NO_MATCH}), or no drive at all
 * ({@code NOT_A_DRIVE}: a caddy, a lot, a server, a drive for parts). Only a {@code MATCH} is ever
 * priced.
 *
 * @param drive the drive's slug on a match, else null
 * @param candidates the drives the text may name and why each is one (or, when nothing matches, the
 *     nearest and what rules it out)
 * @param evidence the facts that decided, in words
 */
public record Identification(Decision decision, String drive, List<Candidate> candidates, List<String> evidence) {

    public enum Decision { MATCH, AMBIGUOUS, NO_MATCH, NOT_A_DRIVE }

    /** A drive the text may name, and why. */
    public record Candidate(String slug, String why) {
    }

    public Identification {
        candidates = List.copyOf(candidates);
        evidence = List.copyOf(evidence);
    }

    public boolean matched() {
        return decision == Decision.MATCH;
    }

    /** The evidence in one line, its facts separated by "; ": for a message or a stored note. */
    public String because() {
        return String.join("; ", evidence);
    }

    /** The slugs of the candidates, in order. */
    public List<String> candidateSlugs() {
        return candidates.stream().map(Candidate::slug).toList();
    }
}
