package dev.drivecat.measurements;

import dev.drivecat.common.DomainException;

/** A posted benchmark output that is not a 4K queue-depth-1 synchronous-write measurement; nothing is stored. */
public class MeasurementRejected extends DomainException {

    public MeasurementRejected(String detail) {
        super(Kind.INVALID_BODY, detail + ". Nothing was stored.");
    }
}
