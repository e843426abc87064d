package dev.drivecat.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A domain failure's members, as its problem answer will show them. */
class DomainExceptionTest {

    @Test
    void membersKeepTheOrderTheyWereAddedIn() {
        DomainException e = DomainException.invalidParameter("url", "bad").with("allowed", List.of("a")).with("reason", "r")
                .with("limit", 3).with("hint", "h").with("example", "x");
        assertThat(e.details().keySet()).containsExactly("parameter", "allowed", "reason", "limit", "hint", "example");
        assertThat(new InvalidValueException("interface", "floppy", List.of("sata", "nvme")).details().keySet())
                .containsExactly("parameter", "allowed");
    }

    @Test
    void aMemberWithoutAValueIsRefused() {
        assertThatThrownBy(() -> DomainException.badRequest("bad").with("parameter", null)).isInstanceOf(NullPointerException.class);
    }
}
