package dev.drivecat.discovery;

import java.util.List;

/**
 * One search a discovery run makes: its words, and the catalog drives it is made for (a part
 * number names one; a model and capacity may name several form factors).
 */
public record SearchQuery(String text, List<String> drives) {

    public SearchQuery {
        drives = List.copyOf(drives);
    }
}
