package dev.drivecat.catalog;

import dev.drivecat.common.TokenConverter;
import jakarta.persistence.Converter;

/** JPA converters storing catalog enums as their API tokens. */
final class CatalogConverters {

    private CatalogConverters() {
    }

    @Converter(autoApply = true)
    static class InterfaceConverter extends TokenConverter<Interface> {
        InterfaceConverter() {
            super(Interface.class);
        }
    }

    @Converter(autoApply = true)
    static class FormFactorConverter extends TokenConverter<FormFactor> {
        FormFactorConverter() {
            super(FormFactor.class);
        }
    }

    @Converter(autoApply = true)
    static class MediaConverter extends TokenConverter<Media> {
        MediaConverter() {
            super(Media.class);
        }
    }

    @Converter(autoApply = true)
    static class SpecFieldConverter extends TokenConverter<SpecField> {
        SpecFieldConverter() {
            super(SpecField.class);
        }
    }

    @Converter(autoApply = true)
    static class SourceKindConverter extends TokenConverter<SourceKind> {
        SourceKindConverter() {
            super(SourceKind.class);
        }
    }
}
