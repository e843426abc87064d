package dev.drivecat.database;

import dev.drivecat.common.ApiToken;
import jakarta.persistence.Query;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The WHERE clause of a native list query and the named parameters it binds, built one filter at a
 * time: a filter the request leaves empty adds nothing.
 */
public final class Where {

    private final List<String> conditions = new ArrayList<>();
    private final Map<String, Object> params = new HashMap<>();

    /** A condition that binds no parameter of its own; null adds nothing. */
    public Where and(String condition) {
        if (condition != null) {
            conditions.add(condition);
        }
        return this;
    }

    /** A condition that binds one parameter. */
    public Where and(String condition, String name, Object value) {
        conditions.add(condition);
        params.put(name, value);
        return this;
    }

    /** {@code expression IN (:name)}, when there are values; nothing when there are none. */
    public Where in(String expression, String name, List<?> values) {
        return values.isEmpty() ? this : and(expression + " IN (:" + name + ")", name, values);
    }

    /** {@link #in} over API values, compared as the tokens the database stores. */
    public Where inTokens(String expression, String name, List<? extends ApiToken> values) {
        return in(expression, name, values.stream().map(ApiToken::token).toList());
    }

    /** The parameters bound so far; a condition made elsewhere puts the ones it binds here. */
    public Map<String, Object> params() {
        return params;
    }

    /** {@code " WHERE a AND b"}, or nothing when there is no condition. */
    public String sql() {
        return conditions.isEmpty() ? "" : " WHERE " + String.join(" AND ", conditions);
    }

    /** Binds the parameters to a query made from {@link #sql()}. */
    public <Q extends Query> Q bind(Q query) {
        params.forEach(query::setParameter);
        return query;
    }
}
