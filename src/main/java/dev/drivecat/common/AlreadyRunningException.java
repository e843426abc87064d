package dev.drivecat.common;

/**
 * A job that runs once per cluster (a scrape run, a digest run) is already running here or on
 * another instance. Schedulers catch it to skip their turn; an admin asking for a run gets a 409.
 */
public class AlreadyRunningException extends DomainException {

    public AlreadyRunningException(String detail) {
        super(Kind.CONFLICT, detail);
    }
}
