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
 * small query (the version) and no ranking, and a changed catalog is never answered from the past.
 */
@ApplicationScoped
public class RecommendationService {

    /** Answers carry ages in days; this bounds how stale those can be in a kept answer. */
    static final Duration MAX_AGE = Duration.ofSeconds(60);
    static final int MAX_ENTRIES = 512;

    @Inject
    RankingRepository repository;

    @Inject
    ObjectMapper mapper;

    Clock clock = Clock.systemUTC();

    private final Ranker ranker = new Ranker(FlushModel.calibrated());

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

    /** The answer as JSON bytes. */
    public byte[] recommend(RecommendQuery query) {
        String key = key(query);
        long version = repository.version();
        Instant now = clock.instant();
        synchronized (answers) {
            Kept kept = answers.get(key);
            if (kept != null && kept.version() == version && Duration.between(kept.at(), now).compareTo(MAX_AGE) < 0) {
                return kept.json();
            }
        }
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
        String key = query.interfaces().toString();
        synchronized (candidateSets) {
            CandidateSet kept = candidateSets.get(key);
            if (kept != null && kept.version() == version && Duration.between(kept.at(), now).compareTo(MAX_AGE) < 0) {
                return kept.candidates();
            }
        }
        List<Candidate> loaded = repository.candidates(query.interfaces());
        synchronized (candidateSets) {
            candidateSets.put(key, new CandidateSet(version, now, loaded));
        }
        return loaded;
    }

    private String key(RecommendQuery query) {
        try {
            return mapper.writeValueAsString(query);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
