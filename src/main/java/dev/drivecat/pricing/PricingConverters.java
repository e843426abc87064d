package dev.drivecat.pricing;

import dev.drivecat.common.TokenConverter;
import jakarta.persistence.Converter;

/** JPA converters storing pricing enums as their API tokens. */
final class PricingConverters {

    private PricingConverters() {
    }

    @Converter(autoApply = true)
    static class SellerTypeConverter extends TokenConverter<SellerType> {
        SellerTypeConverter() {
            super(SellerType.class);
        }
    }

    @Converter(autoApply = true)
    static class ConditionConverter extends TokenConverter<Condition> {
        ConditionConverter() {
            super(Condition.class);
        }
    }
}
