package dev.drivecat.identity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.common.ApiToken;
import dev.drivecat.testing.Seed;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The identity catalog of the bundled seed files, read without a database: what a fresh start identifies by. */
public final class SeedCatalog {

    private SeedCatalog() {
    }

    public static IdentityCatalog load() {
        ObjectMapper json = new ObjectMapper();
        Map<String, JsonNode> drives = new LinkedHashMap<>();
        Map<String, List<IdentityCatalog.PartNumber>> numbers = new LinkedHashMap<>();
        Map<String, String[]> series = new LinkedHashMap<>();
        for (String file : Seed.files()) {
            JsonNode doc = read(json, "seed/" + file);
            JsonNode sources = doc.path("sources");
            for (JsonNode d : doc.path("drives")) {
                String slug = d.path("slug").asText();
                JsonNode known = drives.get(slug);
                drives.put(slug, known == null ? d : merge(known, d));
                List<IdentityCatalog.PartNumber> pns = numbers.computeIfAbsent(slug, k -> new ArrayList<>());
                for (JsonNode spec : d.path("specs")) {
                    if (spec.path("field").asText().equals("seriesFormFactors")) {
                        series.put(slug, new String[] {spec.path("value").asText(),
                                sources.path(spec.path("source").asText()).path("url").asText(null)});
                    }
                    if (spec.path("field").asText().equals("partNumber")) {
                        add(pns, spec.path("value").asText(), sources.path(spec.path("source").asText()).path("url").asText(null));
                    }
                }
                for (JsonNode pn : d.path("partNumbers")) {
                    add(pns, pn.asText(), null);
                }
            }
        }
        List<IdentityCatalog.Drive> out = new ArrayList<>();
        drives.forEach((slug, d) -> out.add(new IdentityCatalog.Drive(slug, d.path("vendor").asText(), d.path("model").asText(),
                d.path("capacityGb").asInt(), ApiToken.parse(Interface.class, d.path("interface").asText()).orElseThrow(),
                ApiToken.parse(FormFactor.class, d.path("formFactor").asText()).orElseThrow(), numbers.get(slug), List.of())));
        List<IdentityCatalog.Series> facts = new ArrayList<>();
        for (IdentityCatalog.Drive d : out) {
            String[] fact = series.get(d.slug());
            IdentityCatalog.Series made = fact == null ? null : IdentityCatalog.Series.of(d.vendor(), d.model(), fact[0], fact[1]);
            if (made != null) {
                facts.add(made);
            }
        }
        return IdentityCatalog.of(out, facts);
    }

    private static void add(List<IdentityCatalog.PartNumber> pns, String value, String url) {
        String v = value.toUpperCase(Locale.ROOT);
        if (pns.stream().noneMatch(p -> p.value().equals(v))) {
            pns.add(new IdentityCatalog.PartNumber(v, url));
        }
    }

    private static JsonNode merge(JsonNode known, JsonNode more) {
        com.fasterxml.jackson.databind.node.ObjectNode m = known.deepCopy();
        more.fields().forEachRemaining(e -> {
            if (!e.getKey().equals("specs") && !e.getKey().equals("partNumbers")) {
                m.set(e.getKey(), e.getValue());
            }
        });
        return m;
    }

    private static JsonNode read(ObjectMapper json, String path) {
        try (InputStream in = SeedCatalog.class.getClassLoader().getResourceAsStream(path)) {
            return json.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
