package dev.drivecat.ranking;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.drivecat.common.ApiToken;

/** What writes to the pool, as far as it decides which writes are synchronous (and so whether a log helps at all). */
public enum Workload implements ApiToken {
    /** VM disks on an NFS datastore (ESXi): every write synchronous. */
    NFS_VM("nfs-vm"),
    /** Zvols exported over iSCSI: synchronous only where the initiator asks, or with sync=always. */
    ISCSI("iscsi"),
    /** SMB file shares: synchronous only where a client flushes. */
    SMB("smb"),
    /** Databases: every commit synchronous. */
    DATABASE("database"),
    /** Not said. */
    GENERAL("general");

    private final String token;

    Workload(String token) {
        this.token = token;
    }

    @Override
    @JsonValue
    public String token() {
        return token;
    }
}
