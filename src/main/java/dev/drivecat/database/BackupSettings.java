package dev.drivecat.database;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Backups of the embedded PostgreSQL ({@code drivecat.backups.*}; as environment variables {@code DRIVECAT_BACKUPS_*}). */
@ConfigMapping(prefix = "drivecat.backups")
public interface BackupSettings {

    /**
     * When a scheduled backup is taken (Quartz cron, seconds first, e.g. {@code 0 30 3 * * ?} for
     * 03:30 every day); {@code off} (the default) takes none. Backups by hand (POST /admin/backups)
     * work either way.
     */
    @WithDefault("off")
    String cron();

    /** How many scheduled backups are kept; after each scheduled backup older scheduled ones are deleted. Backups by hand are never deleted. */
    @WithDefault("7")
    int keep();
}
