package dev.drivecat.common;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;

/** Reads a request body up to a limit; beyond it the request fails with 413 and nothing is processed. */
public final class BodyLimit {

    private BodyLimit() {
    }

    public static byte[] read(InputStream body, long maxBytes, String what) {
        if (body == null) {
            throw DomainException.invalidBody(what + " needs a request body");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[16 * 1024];
        long total = 0;
        try (InputStream in = body) {
            int n;
            while ((n = in.read(buffer)) != -1) {
                total += n;
                if (total > maxBytes) {
                    throw new DomainException(DomainException.Kind.PAYLOAD_TOO_LARGE,
                            what + " is larger than the " + maxBytes + " bytes this server accepts", Map.of("maxBytes", maxBytes));
                }
                out.write(buffer, 0, n);
            }
        } catch (IOException e) {
            throw DomainException.invalidBody(what + " could not be read completely: the upload broke off");
        }
        if (total == 0) {
            throw DomainException.invalidBody(what + " needs a request body");
        }
        return out.toByteArray();
    }
}
