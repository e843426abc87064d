package dev.drivecat.specs;

import dev.drivecat.web.Problem;
import dev.drivecat.web.ProblemException;
import dev.drivecat.web.ProblemType;
import java.util.List;
import java.util.Map;

/** A malformed import document: rejected whole, nothing stored, every fault named by a JSON pointer. */
public class ImportRejectedException extends ProblemException {

    private final transient List<ImportError> errors;

    public ImportRejectedException(List<ImportError> errors) {
        super(problem(errors));
        this.errors = List.copyOf(errors);
    }

    public List<ImportError> errors() {
        return errors;
    }

    private static Problem problem(List<ImportError> errors) {
        String detail = "The import document was rejected and nothing was stored: " + errors.get(0)
                + (errors.size() > 1 ? " (and " + (errors.size() - 1) + " more)" : "");
        return Problem.of(ProblemType.INVALID_BODY, detail)
                .with("errors", errors.stream().map(e -> Map.of("pointer", e.pointer(), "message", e.message())).toList());
    }
}
