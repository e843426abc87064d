package dev.drivecat.specs;

import dev.drivecat.common.DomainException;
import java.util.List;
import java.util.Map;

/**
 * A malformed import document: rejected whole, nothing stored, every fault named by a JSON pointer.
 * The answer lists the first {@value #REPORTED} faults and counts them all ({@code errorCount}): a
 * 400 KB document of 100,000 empty listings has 300,000 faults, and listing them all made a 31 MB
 * answer.
 */
public class ImportRejectedException extends DomainException {

    /** The most faults one answer lists. */
    public static final int REPORTED = 100;

    private final transient List<ImportError> errors;

    public ImportRejectedException(List<ImportError> errors) {
        // each error a record, written pointer then message (a Map.of would change its order from one start to the next)
        super(Kind.INVALID_BODY, detail(errors), members(errors));
        this.errors = List.copyOf(errors);
    }

    private static Map<String, Object> members(List<ImportError> errors) {
        Map<String, Object> members = new java.util.LinkedHashMap<>();
        members.put("errors", List.copyOf(errors.subList(0, Math.min(REPORTED, errors.size()))));
        if (errors.size() > REPORTED) {
            members.put("errorCount", errors.size());
        }
        return members;
    }

    public List<ImportError> errors() {
        return errors;
    }

    private static String detail(List<ImportError> errors) {
        return "The import document was rejected and nothing was stored: " + errors.get(0)
                + (errors.size() > 1 ? " (and " + (errors.size() - 1) + " more)" : "");
    }
}
