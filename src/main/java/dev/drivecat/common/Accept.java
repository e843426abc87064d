package dev.drivecat.common;

import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;

/** Which of an operation's two representations, JSON or another one, a request's Accept header asks for. */
public final class Accept {

    private Accept() {
    }

    /**
     * Whether the client asks for {@code mediaType} rather than JSON: the first acceptable type (in
     * the client's order of preference) that is JSON or {@code mediaType} decides; {@code *}{@code /*}
     * is neither, so a client that names neither gets JSON.
     */
    public static boolean prefers(HttpHeaders headers, MediaType mediaType) {
        for (MediaType accepted : headers.getAcceptableMediaTypes()) {
            if (accepted.isCompatible(MediaType.APPLICATION_JSON_TYPE) && !accepted.isWildcardType()) {
                return false;
            }
            if (accepted.getType().equals(mediaType.getType()) && accepted.getSubtype().equals(mediaType.getSubtype())) {
                return true;
            }
        }
        return false;
    }
}
