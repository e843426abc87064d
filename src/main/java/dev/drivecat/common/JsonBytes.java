package dev.drivecat.common;

import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import com.fasterxml.jackson.databind.ObjectWriter;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Writes values as JSON bytes through a buffer each thread keeps: one block big enough for the
 * usual value, written into and copied out once. {@link ObjectWriter#writeValueAsBytes} instead
 * allocates its blocks for every value (a /recommend answer is about 34 KB) and joins them. A
 * thread drops its buffer after a value longer than it, so it holds at most {@code bufferBytes}.
 */
public final class JsonBytes {

    private final int bufferBytes;
    private final ThreadLocal<ByteArrayBuilder> buffers;

    public JsonBytes(int bufferBytes) {
        this.bufferBytes = bufferBytes;
        this.buffers = ThreadLocal.withInitial(() -> new ByteArrayBuilder(bufferBytes));
    }

    public int bufferBytes() {
        return bufferBytes;
    }

    /** The value as {@code writer} writes it, in an array of its own. */
    public byte[] write(ObjectWriter writer, Object value) {
        ByteArrayBuilder buffer = buffers.get();
        buffer.reset();
        try {
            writer.writeValue(buffer, value);
            byte[] json = buffer.toByteArray();
            if (json.length > bufferBytes) {
                buffers.remove();
            }
            return json;
        } catch (IOException e) {
            buffers.remove();
            throw new UncheckedIOException(e);
        }
    }
}
