package dev.drivecat.ranking;

import static org.assertj.core.api.Assertions.assertThat;

/** Comparing a served /recommend answer with one computed in the test. */
final class Answers {

    private Answers() {
    }

    /**
     * The answer with its catalog read instant masked. A refresh that finds nothing new (the version
     * watcher's, on connecting) makes a snapshot of the same drives read at a later instant, and the
     * answer cache is keyed by catalog version: a served answer may carry an earlier instant than one
     * computed a moment later, with everything else alike.
     */
    static String readAtMasked(String answer) {
        String masked = answer.replaceFirst("\"catalogReadAt\":\"[^\"]*\"", "\"catalogReadAt\":\"(masked)\"");
        assertThat(masked).as("an answer states when its catalog was read").isNotEqualTo(answer);
        return masked;
    }
}
