package dev.drivecat.ranking;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.drivecat.common.JsonBytes;
import io.quarkus.cache.Cache;
import io.quarkus.cache.CacheName;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;

/**
 * Answers /recommend from the {@link CandidateModel}'s current snapshot: no database round trip
 * per request, and a write never makes a reader wait (the model swaps in a new snapshot when it
 * is ready). Answers are kept, serialised, per interpreted query and catalog version in a bounded
 * Caffeine cache (quarkus-cache "recommend-answers"); concurrent requests for one answer wait for a
 * single computation. An answer is never served for another catalog version than the one it was
 * computed from.
 */
@ApplicationScoped
public class RecommendationService {

    @Inject
    CandidateModel model;

    @Inject
    ObjectMapper mapper;

    @CacheName("recommend-answers")
    Cache answers;

    Clock clock = Clock.systemUTC();

    private final Ranker ranker = new Ranker();

    /**
     * A query is a record of values (enums, lists, numbers, text), so it is its own key. Its hash,
     * over some fifteen components and their lists, is taken once: the cache asks for it on every
     * lookup, insertion and eviction.
     */
    private static final class Key {
        private final RecommendQuery query;
        private final long version;
        private final int hash;

        Key(RecommendQuery query, long version) {
            this.query = query;
            this.version = version;
            this.hash = 31 * query.hashCode() + Long.hashCode(version);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key other && other.hash == hash && other.version == version && other.query.equals(query);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    /** A worker thread's buffer for writing answers: one block for a default answer (about 34 KB). */
    static final int ANSWER_BUFFER_BYTES = 64 * 1024;

    JsonBytes json = new JsonBytes(ANSWER_BUFFER_BYTES);

    /** The answer as JSON bytes. */
    public byte[] recommend(RecommendQuery query) {
        CandidateModel.Snapshot snapshot = model.current();
        Key key = new Key(query, snapshot.version());
        return answers.get(key, k -> serialise(rank(query, snapshot), snapshot)).await().indefinitely();
    }

    /**
     * The answer as JSON bytes, computed afresh and kept nowhere: for a question asked of a pasted
     * pool, whose answer echoes what was read from it.
     */
    public byte[] recommendUncached(RecommendQuery query) {
        CandidateModel.Snapshot snapshot = model.current();
        return serialise(rank(query, snapshot), snapshot);
    }

    /** The same answer as an object, uncached (for callers inside drivecat, e.g. the digest). */
    public Recommendation recommendation(RecommendQuery query) {
        return rank(query, model.current());
    }

    private Recommendation rank(RecommendQuery query, CandidateModel.Snapshot snapshot) {
        Instant now = clock.instant();
        Recommendation answer = snapshot.rank(ranker, query, now);
        return answer.withCatalog(snapshot.version(), snapshot.readAt());
    }

    private byte[] serialise(Recommendation answer, CandidateModel.Snapshot snapshot) {
        return json.write(snapshot.kept().writer(mapper), answer);
    }
}
