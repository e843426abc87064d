package dev.drivecat.proposals;

/** Where a proposal stands: open for an operator, adopted into the catalog, or dismissed by an operator. */
public enum ProposalStatus {
    OPEN,
    ADOPTED,
    DISMISSED
}
