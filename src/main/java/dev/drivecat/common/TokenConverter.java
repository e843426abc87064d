package dev.drivecat.common;

import jakarta.persistence.AttributeConverter;

/** Stores an {@link ApiToken} enum as its token, the same string the API and the CHECK constraints use. */
public abstract class TokenConverter<E extends Enum<E> & ApiToken> implements AttributeConverter<E, String> {

    private final Class<E> type;

    protected TokenConverter(Class<E> type) {
        this.type = type;
    }

    @Override
    public String convertToDatabaseColumn(E value) {
        return value == null ? null : value.token();
    }

    @Override
    public E convertToEntityAttribute(String column) {
        if (column == null) {
            return null;
        }
        return ApiToken.parse(type, column)
                .orElseThrow(() -> new IllegalStateException("unknown " + type.getSimpleName() + " token in database: " + column));
    }
}
