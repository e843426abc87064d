package dev.drivecat.specs;

import dev.drivecat.common.Text;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.drivecat.common.ApiToken;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The spec label dictionaries, in recognition order, with the generic fallback last. Bundled ones
 * are read from {@value #INDEX} on the classpath (the top-level scrapers/specs/ folder); a broken
 * file stops the service at start with the file and the fault named.
 */
public final class LabelDictionaries {

    static final String INDEX = "scrapers/specs/index.txt";

    private final List<LabelDictionary> vendors;
    private final LabelDictionary generic;

    private LabelDictionaries(List<LabelDictionary> vendors, LabelDictionary generic) {
        this.vendors = List.copyOf(vendors);
        this.generic = generic;
    }

    /** How a source was recognised: the dictionary, and the evidence in words. */
    public record Recognition(LabelDictionary dictionary, String recognisedBy) {
    }

    /** The signs of a source that recognition reads: its address, the addresses it gives for itself, its head. */
    public record SourceSigns(String url, List<String> selfUrls, String headText, List<String> labels) {
    }

    public static LabelDictionaries loadBundled() {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        String index = resource(loader, INDEX);
        Map<String, String> files = new LinkedHashMap<>();
        index.lines().map(String::trim).filter(l -> !l.isEmpty() && !l.startsWith("#"))
                .forEach(name -> files.put(name, resource(loader, "scrapers/specs/" + name)));
        return parse(files);
    }

    /** Dictionaries from YAML texts by file name, in recognition order; exactly one must be {@code generic}. */
    public static LabelDictionaries parse(Map<String, String> yamlByName) {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory()).enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        List<LabelDictionary> vendors = new ArrayList<>();
        LabelDictionary generic = null;
        Map<String, String> seenIds = new HashMap<>();
        for (Map.Entry<String, String> file : yamlByName.entrySet()) {
            DictionaryFile parsed;
            try {
                parsed = yaml.readValue(file.getValue(), DictionaryFile.class);
            } catch (IOException e) {
                throw new IllegalStateException("spec dictionary " + file.getKey() + " is not valid: "
                        + e.getMessage().lines().findFirst().orElse(""), e);
            }
            LabelDictionary d = resolve(file.getKey(), parsed);
            String earlier = seenIds.put(d.id(), file.getKey());
            if (earlier != null) {
                throw new IllegalStateException("spec dictionaries " + earlier + " and " + file.getKey() + " both have id " + d.id());
            }
            if (d.isGeneric()) {
                generic = d;
            } else {
                vendors.add(d);
            }
        }
        if (generic == null) {
            throw new IllegalStateException("no spec dictionary has id " + LabelDictionary.GENERIC + "; the fallback is required");
        }
        return new LabelDictionaries(vendors, generic);
    }

    public LabelDictionary generic() {
        return generic;
    }

    /** Every dictionary, vendors in recognition order, then the generic fallback. */
    public List<LabelDictionary> all() {
        List<LabelDictionary> all = new ArrayList<>(vendors);
        all.add(generic);
        return all;
    }

    public Optional<LabelDictionary> byId(String id) {
        return all().stream().filter(d -> d.id().equalsIgnoreCase(id == null ? "" : id.trim())).findFirst();
    }

    public List<String> ids() {
        return all().stream().map(LabelDictionary::id).toList();
    }

    /**
     * Which dictionary reads this source: the first whose host is the source's (or the host of
     * the canonical address the page gives for itself), else the first whose site marker is in
     * the page head, else the first whose label marker is among the labels, else the fallback.
     */
    public Recognition recognise(SourceSigns signs) {
        List<String> hosts = new ArrayList<>();
        host(signs.url()).ifPresent(hosts::add);
        signs.selfUrls().forEach(u -> host(u).ifPresent(hosts::add));
        for (String host : hosts) {
            for (LabelDictionary d : vendors) {
                for (String h : d.hosts()) {
                    String wanted = h.toLowerCase(Locale.ROOT);
                    if (host.equals(wanted) || host.endsWith("." + wanted)) {
                        return new Recognition(d, "host " + host);
                    }
                }
            }
        }
        String head = SpecUnits.clean(signs.headText()).toLowerCase(Locale.ROOT);
        if (!head.isEmpty()) {
            for (LabelDictionary d : vendors) {
                for (String marker : d.siteMarkers()) {
                    if (head.contains(SpecUnits.clean(marker).toLowerCase(Locale.ROOT))) {
                        return new Recognition(d, "site marker \"" + marker + "\"");
                    }
                }
            }
        }
        for (LabelDictionary d : vendors) {
            Optional<String> marker = d.labelMarkerIn(signs.labels());
            if (marker.isPresent()) {
                return new Recognition(d, "label \"" + marker.get() + "\"");
            }
        }
        return new Recognition(generic, "no vendor recognised; generic labels");
    }

    /** The match of a label: in the source's dictionary first, then in the generic fallback. */
    public Optional<LabelDictionary.Match> lookup(LabelDictionary primary, String label) {
        Optional<LabelDictionary.Match> own = primary.lookup(label);
        if (primary.isGeneric() || own.map(LabelDictionary.Match::exact).orElse(false)) {
            return own;
        }
        Optional<LabelDictionary.Match> fallback = generic.lookup(label);
        if (own.isEmpty()) {
            return fallback;
        }
        if (fallback.isPresent() && fallback.get().exact()) {
            return fallback;
        }
        return own;
    }

    static Optional<String> host(String url) {
        if (url == null || url.isBlank()) {
            return Optional.empty();
        }
        try {
            String host = URI.create(url.trim()).getHost();
            return Optional.ofNullable(host).map(h -> h.toLowerCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    // --- the YAML format --------------------------------------------------------------------

    record DictionaryFile(String id, String name, String vendor, String side, Recognise recognise, ModelRule model,
                          List<LabelDictionary.PairLayout> pairs, List<EntryFile> labels) {
    }

    record Recognise(List<String> hosts, List<String> siteMarkers, List<String> labelMarkers) {
    }

    record ModelRule(List<String> from, List<String> strip) {
    }

    record EntryFile(String field, String mode, List<String> labels) {
    }

    private static LabelDictionary resolve(String file, DictionaryFile f) {
        if (f == null || f.id() == null || !f.id().matches("[a-z0-9]+(-[a-z0-9]+)*")) {
            throw new IllegalStateException("spec dictionary " + file + ": id is required, lower-case words joined by hyphens");
        }
        if (f.name() == null || f.name().isBlank()) {
            throw new IllegalStateException("spec dictionary " + file + ": name is required");
        }
        LabelDictionary.Side side;
        try {
            side = f.side() == null ? LabelDictionary.Side.VENDOR : LabelDictionary.Side.valueOf(f.side().trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("spec dictionary " + file + ": side must be vendor or retailer, not " + f.side());
        }
        Recognise r = f.recognise() == null ? new Recognise(null, null, null) : f.recognise();
        boolean generic = LabelDictionary.GENERIC.equals(f.id());
        if (!generic && empty(r.hosts()) && empty(r.siteMarkers()) && empty(r.labelMarkers())) {
            throw new IllegalStateException("spec dictionary " + file + ": recognise needs hosts, siteMarkers or labelMarkers");
        }
        List<Pattern> strip = new ArrayList<>();
        ModelRule model = f.model() == null ? new ModelRule(null, null) : f.model();
        for (String s : orEmpty(model.strip())) {
            try {
                strip.add(Pattern.compile(s, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE));
            } catch (PatternSyntaxException e) {
                throw new IllegalStateException("spec dictionary " + file + ": model.strip \"" + s + "\" is not a regular expression");
            }
        }
        List<LabelDictionary.Entry> entries = new ArrayList<>();
        Map<String, String> seen = new HashMap<>();
        List<EntryFile> given = orEmpty(f.labels());
        for (int i = 0; i < given.size(); i++) {
            EntryFile e = given.get(i);
            String at = "spec dictionary " + file + ": labels[" + i + "]";
            if (e == null || e.field() == null) {
                throw new IllegalStateException(at + ": field is required; allowed: " + String.join(", ", LabelTarget.tokens()));
            }
            LabelTarget target = ApiToken.parse(LabelTarget.class, e.field()).orElseThrow(() -> new IllegalStateException(
                    at + ": unknown field \"" + e.field() + "\"; allowed: " + String.join(", ", LabelTarget.tokens())));
            boolean mentions = false;
            if (e.mode() != null) {
                if (!e.mode().equals("mentions") || target != LabelTarget.PLP) {
                    throw new IllegalStateException(at + ": mode may only be \"mentions\", and only for field plp");
                }
                mentions = true;
            }
            if (empty(e.labels())) {
                throw new IllegalStateException(at + ": labels must list at least one label");
            }
            for (String label : e.labels()) {
                String key = LabelDictionary.key(label);
                if (key.isEmpty()) {
                    throw new IllegalStateException(at + ": label \"" + label + "\" has no letters or digits");
                }
                String earlier = seen.put(key, e.field());
                if (earlier != null) {
                    throw new IllegalStateException(at + ": label \"" + label + "\" is listed twice (also for " + earlier + ")");
                }
            }
            entries.add(LabelDictionary.entry(target, mentions, e.labels()));
        }
        for (LabelDictionary.PairLayout p : orEmpty(f.pairs())) {
            if (p == null || Text.isBlank(p.row()) || Text.isBlank(p.label()) || Text.isBlank(p.value())) {
                throw new IllegalStateException("spec dictionary " + file + ": every pairs entry needs row, label and value selectors");
            }
        }
        return new LabelDictionary(f.id(), f.name().trim(), Text.isBlank(f.vendor()) ? null : f.vendor().trim(), side,
                orEmpty(r.hosts()), orEmpty(r.siteMarkers()), orEmpty(r.labelMarkers()), orEmpty(model.from()), List.copyOf(strip),
                orEmpty(f.pairs()), List.copyOf(entries));
    }

    private static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : List.copyOf(list);
    }

    private static boolean empty(List<?> list) {
        return list == null || list.isEmpty();
    }


    private static String resource(ClassLoader loader, String path) {
        try (InputStream in = loader.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("bundled spec dictionary resource missing: " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
