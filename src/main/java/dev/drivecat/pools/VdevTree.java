package dev.drivecat.pools;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns the rows of one section of a vdev listing (the pool's data rows, or those under
 * {@code logs}, {@code special}, {@code dedup}, {@code cache}, {@code spares}) into vdevs.
 *
 * <p>With indentation, the rows at the section's least indentation are its top-level vdevs and
 * deeper rows belong to the nearest shallower row above them. zpool names a group of devices by
 * its type and id ({@code mirror-0}, {@code raidz2-1}, {@code draid2:8d:90c:2s-0}); older zpool
 * and zdb's vdev table print the type alone ({@code mirror}, {@code raidz1}); a device under
 * {@code spare-N} or {@code replacing-N} is one device being replaced. When a paste lost its
 * indentation (every row of the section at one column) the devices after a group's row are read
 * as its members, two under each spare-N or replacing-N, and a warning says so.
 */
final class VdevTree {

    /** One row: a name, how deep it is indented, and the sizes the output shows for it. */
    record Row(int line, int indent, String name, VdevRole role, Long size, Long alloc) {
    }

    private static final Pattern GROUP = Pattern.compile("(mirror|raidz([123])?|draid([123])(?::[0-9]+[a-z])*)(?:-[0-9]+)?");
    private static final Pattern ONE_DEVICE = Pattern.compile("(?:spare|replacing)(?:-[0-9]+)?");
    private static final Pattern NOT_A_VDEV = Pattern.compile("(?:indirect|hole)(?:-[0-9]+)?");
    private static final Pattern MISSING = Pattern.compile("missing(?:-[0-9]+)?");

    private static final class Node {
        final Row row;
        final List<Node> children = new ArrayList<>();

        Node(Row row) {
            this.row = row;
        }
    }

    private VdevTree() {
    }

    /** The group type a row's name gives, or null for a device (or a spare-N / replacing-N). */
    static VdevType groupType(String name) {
        Matcher m = GROUP.matcher(name);
        if (!m.matches()) {
            return null;
        }
        if (m.group(1).startsWith("mirror")) {
            return VdevType.MIRROR;
        }
        if (m.group(1).startsWith("raidz")) {
            return m.group(2) == null ? VdevType.RAIDZ1 : VdevType.valueOf("RAIDZ" + m.group(2));
        }
        return VdevType.valueOf("DRAID" + m.group(3));
    }

    static boolean isOneDeviceGroup(String name) {
        return ONE_DEVICE.matcher(name).matches();
    }

    static List<PoolPaste.Vdev> build(List<Row> rows, VdevRole role, Warnings warnings) {
        List<PoolPaste.Vdev> vdevs = new ArrayList<>();
        if (rows.isEmpty()) {
            return vdevs;
        }
        List<Node> tops = isFlat(rows) ? flat(rows, warnings) : nested(rows);
        for (Node top : tops) {
            VdevRole r = top.row.role() != null ? top.row.role() : role;
            String name = top.row.name();
            if (NOT_A_VDEV.matcher(name).matches()) {
                continue;
            }
            if (MISSING.matcher(name).matches()) {
                warnings.add(top.row.line(), "\"" + name + "\" is a missing top-level vdev: its layout is not shown, so it is left out");
                continue;
            }
            if (r == VdevRole.CACHE || r == VdevRole.SPARE) {
                vdevs.add(new PoolPaste.Vdev(r, VdevType.DISK, 1, leaves(top), top.row.size(), top.row.alloc(), deviceSize(top)));
                continue;
            }
            VdevType type = groupType(name);
            if (type == null) {
                if (!top.children.isEmpty() && !isOneDeviceGroup(name)) {
                    warnings.add(top.row.line(), Warnings.quote(name) + " has devices under it but is no vdev type drivecat knows "
                            + "(mirror, raidz1–3, draid1–3, spare-N, replacing-N): left out");
                    continue;
                }
                vdevs.add(new PoolPaste.Vdev(r, VdevType.DISK, 1, leaves(top), top.row.size(), top.row.alloc(), deviceSize(top)));
                continue;
            }
            if (top.children.isEmpty()) {
                warnings.add(top.row.line(), "no devices listed under " + Warnings.quote(name) + " (cut off?): its width is not known");
            }
            vdevs.add(new PoolPaste.Vdev(r, type, top.children.size(), leaves(top), top.row.size(), top.row.alloc(), deviceSize(top)));
        }
        return vdevs;
    }

    /** Every row at one column, and a group row with rows after it: the paste lost its indentation. */
    private static boolean isFlat(List<Row> rows) {
        int indent = rows.get(0).indent();
        boolean groupBeforeLast = false;
        for (int k = 0; k < rows.size(); k++) {
            Row row = rows.get(k);
            if (row.indent() != indent) {
                return false;
            }
            if (k < rows.size() - 1 && groupType(row.name()) != null) {
                groupBeforeLast = true;
            }
        }
        return groupBeforeLast;
    }

    private static List<Node> nested(List<Row> rows) {
        int top = Integer.MAX_VALUE;
        for (Row row : rows) {
            top = Math.min(top, row.indent());
        }
        List<Node> tops = new ArrayList<>();
        List<Node> path = new ArrayList<>();
        for (Row row : rows) {
            Node node = new Node(row);
            if (row.indent() <= top || path.isEmpty()) {
                // a row deeper than a later top-level one, with nothing above it: read as top-level
                tops.add(node);
                path.clear();
                path.add(node);
                continue;
            }
            while (path.size() > 1 && path.get(path.size() - 1).row.indent() >= row.indent()) {
                path.remove(path.size() - 1);
            }
            path.get(path.size() - 1).children.add(node);
            path.add(node);
        }
        return tops;
    }

    private static List<Node> flat(List<Row> rows, Warnings warnings) {
        List<Node> tops = new ArrayList<>();
        Node group = null;
        Node replacing = null;
        int replacingLeft = 0;
        for (Row row : rows) {
            Node node = new Node(row);
            if (groupType(row.name()) != null) {
                tops.add(node);
                group = node;
                replacing = null;
            } else if (isOneDeviceGroup(row.name())) {
                (group != null ? group.children : tops).add(node);
                replacing = node;
                replacingLeft = 2;
            } else if (replacing != null && replacingLeft > 0) {
                replacing.children.add(node);
                replacingLeft--;
            } else if (group != null) {
                group.children.add(node);
            } else {
                tops.add(node);
            }
        }
        warnings.add("lines " + rows.get(0).line() + "–" + rows.get(rows.size() - 1).line() + ": the vdev rows have no indentation, "
                + "so the devices after a mirror, raidz or draid row were read as its members (two under each spare-N or replacing-N)");
        return tops;
    }

    private static List<String> leaves(Node node) {
        List<String> names = new ArrayList<>();
        collect(node, names);
        return names;
    }

    private static void collect(Node node, List<String> names) {
        if (node.children.isEmpty()) {
            if (groupType(node.row.name()) == null && !isOneDeviceGroup(node.row.name())) {
                names.add(node.row.name());
            }
            return;
        }
        for (Node child : node.children) {
            collect(child, names);
        }
    }

    /** The smallest size shown on the vdev's device rows (a single-device vdev's own row is its device's). */
    private static Long deviceSize(Node node) {
        if (node.children.isEmpty()) {
            return groupType(node.row.name()) == null ? node.row.size() : null;
        }
        Long smallest = null;
        for (Node child : node.children) {
            Long size = deviceSize(child);
            if (size != null && (smallest == null || size < smallest)) {
                smallest = size;
            }
        }
        return smallest;
    }
}
