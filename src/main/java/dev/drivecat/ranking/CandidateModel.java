package dev.drivecat.ranking;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.InterfaceFilter;
import dev.drivecat.common.Kept;
import dev.drivecat.database.CatalogWrites;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.IntStream;
import org.eclipse.microprofile.context.ManagedExecutor;
import org.jboss.logging.Logger;

/**
 * The ranking's in-memory view of the catalog: every drive's {@link Ranker.Profile} (its evidence,
 * PLP assessment, flush and current offers), as of one catalog version. Readers take the current
 * snapshot and never wait for the database; a refresh builds the next snapshot beside it and swaps
 * it in.
 *
 * <p>A refresh reads the database's change log (catalog_change) and reloads only the drives it
 * names; a change that names no drive (a marketplace), or a log that no longer reaches back far
 * enough, reloads everything. Refreshes run after every local transaction that wrote the catalog
 * (on the writer's thread, after its commit, so the writer reads its own writes), and when the
 * database announces a version (LISTEN, by {@link CatalogVersionWatcher}, for writes made elsewhere).
 * Other readers see a write as soon as its refresh has swapped the snapshot in: answers lag a write
 * by the length of one refresh (milliseconds for a few drives; see src/docs/benchmarks.md).
 */
@ApplicationScoped
public class CandidateModel {

    private static final Logger LOG = Logger.getLogger(CandidateModel.class);

    @Inject
    RankingRepository repository;

    Clock clock = Clock.systemUTC();

    private final Ranker ranker = new Ranker();
    private final ReentrantLock refreshing = new ReentrantLock();
    private volatile Snapshot snapshot;

    /**
     * The drives as of one catalog version, with an index per interface filter, and the offers
     * chosen for each drive under the offer filters asked lately, and the fields of the questions
     * asked lately: a new question that differs only in what it weighs (a write rate, a limit)
     * ranks without choosing offers or filtering again.
     */
    public static final class Snapshot {
        /** Offer filters whose choices a snapshot keeps (each an array of one entry per drive), and fields it keeps. */
        static final int KEPT_FILTERS = 32;

        private final long version;
        private final Instant readAt;
        private final List<Ranker.Profile> profiles;
        private final ProfileColumns columns;
        private final Map<InterfaceFilter, int[]> byInterface = new EnumMap<>(InterfaceFilter.class);
        private final Cache<OfferSelection.Filter, OfferSelection.Choice[]> choices = Caffeine.newBuilder()
                .maximumSize(KEPT_FILTERS).build();
        private final Cache<Field.Key, Field> fields = Caffeine.newBuilder().maximumSize(KEPT_FILTERS).build();

        Snapshot(long version, Instant readAt, List<Ranker.Profile> profiles) {
            this.version = version;
            this.readAt = readAt;
            this.profiles = profiles;
            this.columns = new ProfileColumns(profiles);
            for (InterfaceFilter f : InterfaceFilter.values()) {
                List<Integer> matching = new ArrayList<>();
                for (int i = 0; i < profiles.size(); i++) {
                    Candidate c = profiles.get(i).candidate();
                    if (f.matches(c.iface(), c.formFactor())) {
                        matching.add(i);
                    }
                }
                byInterface.put(f, matching.stream().mapToInt(Integer::intValue).toArray());
            }
        }

        public long version() {
            return version;
        }

        /** When this snapshot last matched the database. */
        public Instant readAt() {
            return readAt;
        }

        public List<Ranker.Profile> profiles() {
            return profiles;
        }

        /** The parts and texts this snapshot's answers repeat: write its answers with {@link Kept.Store#writer} to copy their JSON. */
        public Kept.Store kept() {
            return columns.kept;
        }

        /** The drives matching any of the interface filters (all when none) and, when buses are given, on one of them; by drive id. */
        public List<Ranker.Profile> matching(List<InterfaceFilter> interfaces, List<Interface> buses) {
            return select(interfaces, buses).mapToObj(profiles::get).toList();
        }

        /** The positions in {@link #profiles()} of the drives {@link #matching} returns, in order. */
        private IntStream select(List<InterfaceFilter> interfaces, List<Interface> buses) {
            IntStream all = interfaces.isEmpty() ? IntStream.range(0, profiles.size())
                    : interfaces.size() == 1 ? Arrays.stream(byInterface.get(interfaces.get(0)))
                    : interfaces.stream().flatMapToInt(f -> Arrays.stream(byInterface.get(f))).distinct().sorted();
            return buses.isEmpty() ? all : all.filter(i -> buses.contains(profiles.get(i).candidate().iface()));
        }

        /**
         * Ranks the drives a query matches, with offers chosen once per drive and offer filter, and
         * the field (who passes the filters, with the values only the filters decide) made once per
         * {@link Field.Key}, in this snapshot.
         */
        Recommendation rank(Ranker ranker, RecommendQuery q, Instant now) {
            Field.Sizing sizing = Field.Sizing.of(q);
            Field field = fields.get(Field.Key.of(q, sizing), key -> {
                OfferSelection.Choice[] chosen = choices.get(key.offers(), f -> new OfferSelection.Choice[profiles.size()]);
                return Field.of(q, columns, select(q.interfaces(), q.buses()).toArray(), (i, p) -> {
                    // a race only chooses twice: a choice is immutable, and the same for the same filter
                    OfferSelection.Choice c = chosen[i];
                    if (c == null) {
                        c = OfferSelection.choose(p.candidate().offers(), key.offers());
                        chosen[i] = c;
                    }
                    return c;
                }, sizing);
            });
            return ranker.rank(q, columns, field, sizing, now);
        }
    }

    /** Loads the catalog at start on the worker pool, so that the start does not wait for it. */
    void onStart(@Observes StartupEvent event, ManagedExecutor executor) {
        executor.execute(() -> {
            try {
                current();
            } catch (RuntimeException e) {
                LOG.warnf("Could not load the ranking's catalog at start (%s); the first /recommend will try again", e.getMessage());
            }
        });
    }

    /** After a local transaction that wrote the catalog commits: bring the model up to date before the writer answers. */
    void written(@Observes(during = TransactionPhase.AFTER_SUCCESS) CatalogWrites.CatalogWritten event) {
        try {
            refresh();
        } catch (RuntimeException e) {
            LOG.warnf("Could not refresh the ranking's catalog after a write (%s); the next announcement will", e.getMessage());
        }
    }

    /** The current snapshot; only the very first call (before any load) waits for the database. */
    public Snapshot current() {
        Snapshot s = snapshot;
        return s != null ? s : refresh();
    }

    /**
     * Brings the snapshot up to the database's catalog version, reloading only the drives that
     * changed. Concurrent refreshes run one at a time; readers keep the previous snapshot meanwhile.
     */
    public Snapshot refresh() {
        refreshing.lock();
        try {
            Snapshot s = snapshot;
            RankingRepository.Changes changes = repository.changesSince(s == null ? -1 : s.version());
            Instant now = clock.instant();
            Snapshot next;
            if (s == null || changes.drives().isEmpty()) {
                next = loadAll(changes.version(), now);
            } else if (changes.drives().get().isEmpty()) {
                next = s.version() == changes.version() ? new Snapshot(s.version(), now, s.profiles())
                        : new Snapshot(changes.version(), now, s.profiles());
            } else {
                next = new Snapshot(changes.version(), now, merge(s.profiles(), changes.drives().get()));
            }
            snapshot = next;
            return next;
        } finally {
            refreshing.unlock();
        }
    }

    /** Every drive read and profiled again; logged, since it is what a start (and a change that names no drive) waits for. */
    private Snapshot loadAll(long version, Instant now) {
        long started = System.nanoTime();
        List<Candidate> candidates = repository.all();
        long read = System.nanoTime();
        Snapshot next = new Snapshot(version, now, candidates.stream().map(ranker::profile).toList());
        long done = System.nanoTime();
        LOG.infof("Ranking catalog version %d loaded: %d drives in %d ms (%d ms reading the database, %d ms building profiles)",
                version, candidates.size(), (done - started) / 1_000_000, (read - started) / 1_000_000, (done - read) / 1_000_000);
        return next;
    }

    /**
     * The profiles with the changed drives read again (and a deleted one gone), still in drive id
     * order. A drive of the same model and capacity as a changed one is read again too: its flush
     * may stand on the changed drive's measurements.
     */
    private List<Ranker.Profile> merge(List<Ranker.Profile> before, Set<Long> changedDrives) {
        Set<Long> changed = new java.util.HashSet<>(changedDrives);
        Map<Long, Ranker.Profile> reloaded = new HashMap<>();
        for (Candidate c : repository.drives(changed)) {
            reloaded.put(c.id(), ranker.profile(c));
        }
        Set<String> models = new java.util.HashSet<>();
        for (Ranker.Profile p : before) {
            if (changed.contains(p.candidate().id())) {
                models.add(modelKey(p.candidate()));
            }
        }
        reloaded.values().forEach(p -> models.add(modelKey(p.candidate())));
        Set<Long> siblings = new java.util.HashSet<>();
        for (Ranker.Profile p : before) {
            if (!changed.contains(p.candidate().id()) && models.contains(modelKey(p.candidate()))) {
                siblings.add(p.candidate().id());
            }
        }
        if (!siblings.isEmpty()) {
            for (Candidate c : repository.drives(siblings)) {
                reloaded.put(c.id(), ranker.profile(c));
            }
            changed.addAll(siblings);
        }
        List<Ranker.Profile> merged = new ArrayList<>(before.size() + reloaded.size());
        for (Ranker.Profile p : before) {
            long id = p.candidate().id();
            if (!changed.contains(id)) {
                merged.add(p);
            }
        }
        merged.addAll(reloaded.values());
        merged.sort((a, b) -> Long.compare(a.candidate().id(), b.candidate().id()));
        return merged;
    }

    private static String modelKey(Candidate c) {
        return RankingRepository.modelKey(c.vendor(), c.model(), c.capacityGb());
    }
}
