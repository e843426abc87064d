package dev.drivecat.catalog;

/**
 * The one SQL for a drive's chosen spec values as columns: each field's chosen statement (the one
 * {@link SpecService} marks {@code chosen} among a field's statements) joined to the drive under an
 * alias, or nulls where the catalog holds none. The drive read API and the ranking read the same
 * pivot through it, so a change to what "chosen" means is made once.
 */
public final class ChosenSpecs {

    private ChosenSpecs() {
    }

    /**
     * {@code LEFT JOIN spec_value <alias> ON …}: the chosen statement of {@code field} for the drive
     * aliased {@code drive} in the query, with a leading space.
     */
    public static String join(SpecField field, String alias, String drive) {
        return " LEFT JOIN spec_value " + alias + " ON " + alias + ".drive_id = " + drive + ".id AND " + alias + ".field = '"
                + field.token() + "' AND " + alias + ".chosen";
    }
}
