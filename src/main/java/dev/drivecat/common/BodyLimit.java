package dev.drivecat.common;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;

/** Reads a request body up to a limit; beyond it the request fails with 413 and nothing is processed. */
public final class BodyLimit {

    private BodyLimit() {
    }

    /**
     * The body as a stream that fails with 413 as soon as more than {@code maxBytes} have been read
     * (for bodies parsed as they arrive, such as large imports); an empty body is a 400.
     */
    public static InputStream limited(InputStream body, long maxBytes, String what) {
        if (body == null) {
            throw DomainException.invalidBody(what + " needs a request body");
        }
        InputStream in = body.markSupported() ? body : new java.io.BufferedInputStream(body);
        try {
            in.mark(1);
            if (in.read() == -1) {
                throw DomainException.invalidBody(what + " needs a request body");
            }
            in.reset();
        } catch (IOException e) {
            throw DomainException.invalidBody(what + " could not be read completely: the upload broke off");
        }
        return counted(in, maxBytes, what);
    }

    /** The 413 for a body over its limit: {@code maxBytes} says how large it may be. */
    public static DomainException tooLarge(String what, long maxBytes) {
        return new DomainException(DomainException.Kind.PAYLOAD_TOO_LARGE,
                what + " is larger than the " + maxBytes + " bytes this server accepts", Map.of("maxBytes", maxBytes));
    }

    /**
     * The body as a stream that fails with 413 as soon as more than {@code maxBytes} have been read,
     * whatever reads it (a JSON reader, a form, a String); an empty body stays empty.
     */
    public static InputStream counted(InputStream body, long maxBytes, String what) {
        return new java.io.FilterInputStream(body) {
            private long total;

            @Override
            public int read() throws IOException {
                int b = super.read();
                count(b == -1 ? 0 : 1);
                return b;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                int n = super.read(buffer, offset, length);
                count(Math.max(n, 0));
                return n;
            }

            @Override
            public long skip(long n) throws IOException {
                long skipped = super.skip(n);
                count(skipped);
                return skipped;
            }

            private void count(long n) {
                total += n;
                if (total > maxBytes) {
                    throw tooLarge(what, maxBytes);
                }
            }
        };
    }

    /** The body, up to the limit, as bytes; an absent or empty body is no bytes (for forms whose fields may come in the query). */
    public static byte[] readOptional(InputStream body, long maxBytes, String what) {
        if (body == null) {
            return new byte[0];
        }
        try (InputStream in = counted(body, maxBytes, what)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw DomainException.invalidBody(what + " could not be read completely: the upload broke off");
        }
    }

    /** The whole body, read no further than one byte past the limit: beyond it, 413. */
    public static byte[] read(InputStream body, long maxBytes, String what) {
        if (body == null) {
            throw DomainException.invalidBody(what + " needs a request body");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[16 * 1024];
        long total = 0;
        try (InputStream in = body) {
            int n;
            while ((n = in.read(buffer, 0, (int) Math.min(buffer.length, maxBytes + 1 - total))) != -1) {
                total += n;
                if (total > maxBytes) {
                    throw tooLarge(what, maxBytes);
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
