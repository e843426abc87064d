package dev.drivecat.catalog;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.drivecat.common.ApiToken;
import java.util.List;

/** What the drive stores bits in. {@link #NAND} is NAND flash whose bits per cell are not stated. */
public enum Media implements ApiToken {
    XPOINT_3D("3d-xpoint", List.of("3d xpoint", "3dxpoint", "optane", "xpoint")),
    SLC("slc", List.of()),
    MLC("mlc", List.of()),
    TLC("tlc", List.of()),
    QLC("qlc", List.of()),
    NAND("nand", List.of("3d nand", "nand flash"));

    private final String token;
    private final List<String> aliases;

    Media(String token, List<String> aliases) {
        this.token = token;
        this.aliases = aliases;
    }

    @Override
    @JsonValue
    public String token() {
        return token;
    }

    @Override
    public List<String> aliases() {
        return aliases;
    }
}
