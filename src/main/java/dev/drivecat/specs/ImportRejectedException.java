package dev.drivecat.specs;

import dev.drivecat.common.DomainException;
import java.util.List;
import java.util.Map;

/** A malformed import document: rejected whole, nothing stored, every fault named by a JSON pointer. */
public class ImportRejectedException extends DomainException {

    private final transient List<ImportError> errors;

    public ImportRejectedException(List<ImportError> errors) {
        // each error a record, written pointer then message (a Map.of would change its order from one start to the next)
        super(Kind.INVALID_BODY, detail(errors), Map.of("errors", List.copyOf(errors)));
        this.errors = List.copyOf(errors);
    }

    public List<ImportError> errors() {
        return errors;
    }

    private static String detail(List<ImportError> errors) {
        return "The import document was rejected and nothing was stored: " + errors.get(0)
                + (errors.size() > 1 ? " (and " + (errors.size() - 1) + " more)" : "");
    }
}
