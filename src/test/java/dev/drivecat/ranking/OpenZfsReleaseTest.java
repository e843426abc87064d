package dev.drivecat.ranking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.drivecat.common.DomainException;
import org.junit.jupiter.api.Test;

class OpenZfsReleaseTest {

    @Test
    void whatZfsVersionPrintsIsReadAsTheReleaseWithoutItsPackagingOrPreReleaseSuffix() {
        assertThat(OpenZfsRelease.parse("v", "zfs-2.3.4-1")).isEqualTo(OpenZfsRelease.of(2, 3, 4));
        assertThat(OpenZfsRelease.parse("v", "zfs-kmod-2.2.4-pve1")).isEqualTo(OpenZfsRelease.of(2, 2, 4));
        assertThat(OpenZfsRelease.parse("v", "2.4.0-rc1")).isEqualTo(OpenZfsRelease.of(2, 4, 0));
        assertThat(OpenZfsRelease.parse("v", " 2.4 ")).isEqualTo(OpenZfsRelease.of(2, 4));
        assertThat(OpenZfsRelease.parse("v", "2.4")).hasToString("2.4");
        assertThat(OpenZfsRelease.parse("v", "zfs-2.3.4-1")).hasToString("2.3.4");
    }

    @Test
    void releasesAreOrderedByNumberNotByText() {
        assertThat(OpenZfsRelease.of(2, 10)).isGreaterThan(OpenZfsRelease.of(2, 4));
        assertThat(OpenZfsRelease.of(2, 3, 4)).isLessThan(OpenZfsRelease.of(2, 4));
        assertThat(OpenZfsRelease.of(2, 4)).isEqualByComparingTo(OpenZfsRelease.of(2, 4, 0));
        assertThat(OpenZfsRelease.of(2, 3).has(ReleaseRule.ZFS_REWRITE)).isFalse();
        assertThat(OpenZfsRelease.of(2, 3, 4).has(ReleaseRule.ZFS_REWRITE)).isTrue();
        assertThat(OpenZfsRelease.of(2, 4).has(ReleaseRule.ZIL_ON_SPECIAL)).isTrue();
        assertThat(OpenZfsRelease.of(2, 3, 9).has(ReleaseRule.ZIL_ON_SPECIAL)).isFalse();
    }

    @Test
    void anythingElseIsA400NamingTheFormsItTakes() {
        assertThatThrownBy(() -> OpenZfsRelease.parse("openzfsVersion", "zfs-next"))
                .isInstanceOf(DomainException.class)
                .hasMessage("openzfsVersion must be " + OpenZfsRelease.FORMS + ", not 'zfs-next'")
                .satisfies(e -> assertThat(((DomainException) e).details()).containsEntry("parameter", "openzfsVersion"));
    }
}
