package dev.drivecat.web;

/** Ends a request with the given problem. Thrown by services and resources for expected failures. */
public class ProblemException extends RuntimeException {

    private final transient Problem problem;

    public ProblemException(Problem problem) {
        super(problem.detail(), null, false, false);
        this.problem = problem;
    }

    public ProblemException(ProblemType type, String detail) {
        this(Problem.of(type, detail));
    }

    public Problem problem() {
        return problem;
    }

    public static ProblemException notFound(String detail) {
        return new ProblemException(ProblemType.NOT_FOUND, detail);
    }

    public static ProblemException badRequest(String detail) {
        return new ProblemException(ProblemType.INVALID_PARAMETER, detail);
    }
}
