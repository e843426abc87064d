package dev.drivecat.pools;

import dev.drivecat.common.DomainException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A pasted body read as zpool and zdb output, or refused: a body that holds none of them is a 400
 * that says what is read. Nothing of a paste is kept or logged.
 */
public final class PoolPastes {

    /** The largest paste read, in bytes: a zpool status of hundreds of disks and a zdb -Lbbbs fit many times over. */
    public static final int MAX_BYTES = 256 * 1024;

    /** The outputs read, as the 400's {@code expected} member lists them. */
    public static final List<String> EXPECTED = List.of("zpool status", "zpool status -v", "zpool list -v", "zdb -Lbbbs",
            "zdb -bbb", "zdb -bb");

    /** Two RAIDZ2 vdevs of six disks, a mirrored log and a cache device, pasted with the prompt. */
    public static final String STATUS_EXAMPLE = """
            $ zpool status tank
              pool: tank
             state: ONLINE
            config:

            \tNAME        STATE     READ WRITE CKSUM
            \ttank        ONLINE       0     0     0
            \t  raidz2-0  ONLINE       0     0     0
            \t    sda     ONLINE       0     0     0
            \t    sdb     ONLINE       0     0     0
            \t    sdc     ONLINE       0     0     0
            \t    sdd     ONLINE       0     0     0
            \t    sde     ONLINE       0     0     0
            \t    sdf     ONLINE       0     0     0
            \t  raidz2-1  ONLINE       0     0     0
            \t    sdg     ONLINE       0     0     0
            \t    sdh     ONLINE       0     0     0
            \t    sdi     ONLINE       0     0     0
            \t    sdj     ONLINE       0     0     0
            \t    sdk     ONLINE       0     0     0
            \t    sdl     ONLINE       0     0     0
            \tlogs
            \t  mirror-2  ONLINE       0     0     0
            \t    nvme0n1 ONLINE       0     0     0
            \t    nvme1n1 ONLINE       0     0     0
            \tcache
            \t  nvme2n1   ONLINE       0     0     0

            errors: No known data errors
            """;

    private PoolPastes() {
    }

    /** The body as UTF-8 (a byte that is none is read as U+FFFD), parsed. */
    public static PoolPaste read(byte[] body) {
        return read(new String(body, StandardCharsets.UTF_8));
    }

    public static PoolPaste read(String text) {
        PoolPaste paste = PoolOutputParser.parse(text);
        if (!paste.isEmpty()) {
            return paste;
        }
        String hint = paste.zdbWithoutHistogram() ? " The zdb output in it " + ZdbOutput.NO_HISTOGRAM + "." : "";
        throw DomainException.invalidBody("The body holds no zpool or zdb output drivecat reads. It takes the text of zpool status "
                        + "(or zpool status -v), zpool list -v, and zdb -Lbbbs (or zdb -bbb, zdb -bb) as the commands print them, "
                        + "one or several pools, prompt lines and Markdown fences allowed, as text/plain." + hint)
                .with("expected", EXPECTED);
    }
}
