package dev.drivecat.ranking;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Answers /recommend. Each answer is computed from two queries (drives with their chosen specs,
 * and their current offers) and kept, serialised, keyed by the interpreted query, for as long as
 * the catalog version stays the same and at most {@link #MAX_AGE}: a repeated question costs one
 * ranking (and, with {@link CatalogVersionWatcher} listening, no query either), and a changed catalog
 * is never answered from the past.
 */
@ApplicationScoped
public class RecommendationService {

    /** Answers carry ages in days; this bounds how stale those can be in a kept answer. */
    static final Duration MAX_AGE = Duration.ofMinutes(5);
    static final int MAX_ENTRIES = 512;

    @Inject
    RankingRepository repository;

    @Inject
    CatalogVersionWatcher versions;

    @Inject
    ObjectMapper mapper;

    Clock clock = Clock.systemUTC();

    private final Ranker ranker = new Ranker();

    private record Kept(long version, Instant at, byte[] json) {
    }

    private final Map<String, Kept> answers = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Kept> eldest) {
            return size() > MAX_ENTRIES;
        }
    };

    private record CandidateSet(long version, Instant at, List<Candidate> candidates) {
    }

    private final Map<String, CandidateSet> candidateSets = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, CandidateSet> eldest) {
            return size() > 32;
        }
    };

    /**
     * Concurrent requests for one answer (or one candidate set) wait for a single computation
     * instead of each making their own. Answer locks may take a candidate lock, never the reverse.
     */
    private final Object[] answerLocks = locks();
    private final Object[] candidateLocks = locks();

    private static Object[] locks() {
        Object[] locks = new Object[64];
        for (int i = 0; i < locks.length; i++) {
            locks[i] = new Object();
        }
        return locks;
    }

    private static Object lockFor(Object[] locks, String key) {
        return locks[(key.hashCode() & 0x7fffffff) % locks.length];
    }

    /** The answer as JSON bytes. */
    public byte[] recommend(RecommendQuery query) {
        String key = key(query);
        long version = versions.current().orElseGet(repository::version);
        byte[] kept = kept(key, version, clock.instant());
        if (kept != null) {
            return kept;
        }
        synchronized (lockFor(answerLocks, key)) {
            Instant now = clock.instant();
            kept = kept(key, version, now);
            return kept != null ? kept : compute(query, key, version, now);
        }
    }

    private byte[] kept(String key, long version, Instant now) {
        synchronized (answers) {
            Kept kept = answers.get(key);
            return kept != null && kept.version() == version && Duration.between(kept.at(), now).compareTo(MAX_AGE) < 0
                    ? kept.json() : null;
        }
    }

    private byte[] compute(RecommendQuery query, String key, long version, Instant now) {
        Recommendation answer = ranker.rank(query, candidates(query, version, now), now);
        byte[] json;
        try {
            json = mapper.writeValueAsBytes(answer);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        synchronized (answers) {
            answers.put(key, new Kept(version, now, json));
        }
        return json;
    }

    /** The same answer as an object, uncached (for callers inside drivecat, e.g. the digest). */
    public Recommendation recommendation(RecommendQuery query) {
        Instant now = clock.instant();
        return ranker.rank(query, candidates(query, repository.version(), now), now);
    }

    /** Candidates by interface filter, shared by every query on the same interfaces while the catalog version holds. */
    private List<Candidate> candidates(RecommendQuery query, long version, Instant now) {
        String key = "candidates " + query.interfaces() + " " + query.buses();
        List<Candidate> kept = keptCandidates(key, version, now);
        if (kept != null) {
            return kept;
        }
        synchronized (lockFor(candidateLocks, key)) {
            kept = keptCandidates(key, version, now);
            if (kept != null) {
                return kept;
            }
            List<Candidate> loaded = repository.candidates(query.interfaces(), query.buses());
            synchronized (candidateSets) {
                candidateSets.put(key, new CandidateSet(version, now, loaded));
            }
            return loaded;
        }
    }

    private List<Candidate> keptCandidates(String key, long version, Instant now) {
        synchronized (candidateSets) {
            CandidateSet kept = candidateSets.get(key);
            return kept != null && kept.version() == version && Duration.between(kept.at(), now).compareTo(MAX_AGE) < 0
                    ? kept.candidates() : null;
        }
    }

    private String key(RecommendQuery query) {
        try {
            return mapper.writeValueAsString(query);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
