package dev.drivecat.specs;

import dev.drivecat.catalog.SourceKind;

/**
 * What the admin says about a source being read: a dictionary to use instead of recognising
 * one, the source kind (null: the dictionary's default), and a vendor and model to assume where
 * the source names none.
 */
public record SpecSourceOptions(String dictionary, SourceKind kind, String vendor, String model) {

    public static final SpecSourceOptions NONE = new SpecSourceOptions(null, null, null, null);

    SpecReader.Hints hints() {
        return new SpecReader.Hints(vendor, model);
    }
}
