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

    @Test
    void specialSmallBlocksFollowsTheLimitOfTheReleaseAskedAbout() {
        // 0.8.0 to 0.8.2: "Valid values are zero or a power of two from 512B up to 128K"
        assertThatThrownBy(() -> RankingModelTest.query("role", "special", "openzfsVersion", "0.8.2", "smallBlocks", "256K"))
                .isInstanceOf(DomainException.class).hasMessageContaining("for OpenZFS 0.8.2, zero or a power of two from 1K to 128K")
                .hasMessageContaining("0.8.3 takes up to 1M");
        assertThat(RankingModelTest.special("role", "special", "openzfsVersion", "0.8.2", "smallBlocks", "128K").smallBlocksKib())
                .isEqualTo(128);
        // 0.8.3 to 2.3: up to 1M, a power of two
        assertThat(RankingModelTest.special("role", "special", "openzfsVersion", "0.8.3", "smallBlocks", "1M").smallBlocksKib())
                .isEqualTo(1024);
        assertThatThrownBy(() -> RankingModelTest.query("role", "special", "openzfsVersion", "2.3.4", "smallBlocks", "2M"))
                .hasMessageContaining("for OpenZFS 2.3.4, zero or a power of two from 1K to 1M");
        assertThatThrownBy(() -> RankingModelTest.query("role", "special", "openzfsVersion", "2.3.4", "smallBlocks", "96K"))
                .satisfies(e -> assertThat(((DomainException) e).details()).containsEntry("parameter", "smallBlocks"));
        // 2.4: any size up to 16M
        assertThat(RankingModelTest.special("role", "special", "smallBlocks", "96K").smallBlocksKib()).isEqualTo(96);
        // before allocation classes there is no special vdev to buy
        assertThatThrownBy(() -> RankingModelTest.query("role", "special", "openzfsVersion", "0.7.13"))
                .satisfies(e -> assertThat(((DomainException) e).details()).containsEntry("parameter", "openzfsVersion"))
                .hasMessageContaining("allocation_classes feature of OpenZFS 0.8.0");
    }

    @Test
    void aCutoffAbove128kBefore2112IsToldThatPoolCreationRefusesIt() {
        Recommendation older = new Ranker().rankCandidates(RankingModelTest.query("role", "special", "openzfsVersion", "2.1.11",
                "smallBlocks", "256K"), java.util.List.of(), RankingModelTest.NOW);
        assertThat(older.notes()).anySatisfy(n -> assertThat(n).contains("zpool create -O special_small_blocks=256K")
                .contains("#13815").contains("#14901"));
        Recommendation fixed = new Ranker().rankCandidates(RankingModelTest.query("role", "special", "openzfsVersion", "2.1.12",
                "smallBlocks", "256K"), java.util.List.of(), RankingModelTest.NOW);
        assertThat(fixed.notes()).noneSatisfy(n -> assertThat(n).contains("#13815"));
    }
}
