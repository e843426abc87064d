package dev.drivecat.ranking;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.drivecat.common.Params;
import java.util.regex.Matcher;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import java.util.regex.Pattern;

/**
 * An OpenZFS release, read once from what {@code zfs version} prints (zfs-2.3.4-1,
 * zfs-kmod-2.2.4-pve1, 2.2.4-pve1, 2.4.0-rc1) or from the release alone (2.4): the prefix and the
 * packaging or pre-release suffix are dropped, so 2.4.0-rc1 has what 2.4 brought. Ordered as
 * releases are: a release without its patch number is its .0 ({@code 2.4} is not before
 * {@code 2.4.0}); written as it was given ({@code 2.4} stays {@code 2.4}).
 *
 * @param patch the patch number, or -1 when the release was given as major.minor
 */
@Schema(type = SchemaType.STRING, description = "An OpenZFS release: major.minor, or major.minor.patch.", examples = "2.4")
public record OpenZfsRelease(int major, int minor, int patch) implements Comparable<OpenZfsRelease> {

    /** The release a question without one is asked for: the newest that drivecat's rules know. */
    public static final OpenZfsRelease DEFAULT = new OpenZfsRelease(2, 4, -1);

    private static final Pattern FORM = Pattern.compile(
            "(?i)(?:zfs-(?:kmod-)?|v)?([0-9]{1,2})\\.([0-9]{1,2})(?:\\.([0-9]{1,3}))?(?:-[a-z0-9][a-z0-9.+~_-]*)?");

    /** What a refusal says the parameter takes. */
    static final String FORMS = "an OpenZFS release as zfs version prints it: 2.4, 2.3.4, zfs-2.3.4-1, zfs-kmod-2.2.4-pve1, "
            + "2.2.4-pve1 or 2.4.0-rc1";

    public OpenZfsRelease {
        if (major < 0 || minor < 0 || patch < -1) {
            throw new IllegalArgumentException("not a release: " + major + "." + minor + "." + patch);
        }
    }

    /** A release of its major, minor and patch numbers. */
    static OpenZfsRelease of(int major, int minor, int patch) {
        return new OpenZfsRelease(major, minor, patch);
    }

    /** A release of its major and minor numbers, as a rule names it. */
    static OpenZfsRelease of(int major, int minor) {
        return new OpenZfsRelease(major, minor, -1);
    }

    /** The release {@code raw} names, or a 400 naming {@code parameter} and the forms it takes. */
    public static OpenZfsRelease parse(String parameter, String raw) {
        Matcher m = FORM.matcher(raw == null ? "" : raw.trim());
        if (!m.matches()) {
            throw Params.invalid(parameter, raw, FORMS);
        }
        return new OpenZfsRelease(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                m.group(3) == null ? -1 : Integer.parseInt(m.group(3)));
    }

    /** Whether this release is {@code other} or a later one. */
    public boolean atLeast(OpenZfsRelease other) {
        return compareTo(other) >= 0;
    }

    /** Whether this release brought, or came after, what {@code rule} names. */
    public boolean has(ReleaseRule rule) {
        return atLeast(rule.since());
    }

    @Override
    public int compareTo(OpenZfsRelease o) {
        int c = Integer.compare(major, o.major);
        if (c == 0) {
            c = Integer.compare(minor, o.minor);
        }
        return c != 0 ? c : Integer.compare(Math.max(patch, 0), Math.max(o.patch, 0));
    }

    /** As given: 2.4, or 2.3.4. */
    @Override
    @JsonValue
    public String toString() {
        return major + "." + minor + (patch < 0 ? "" : "." + patch);
    }
}
