package dev.drivecat.catalog;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.drivecat.common.ApiToken;

/** The bus protocol a drive speaks. */
public enum Interface implements ApiToken {
    SATA("sata"),
    SAS("sas"),
    NVME("nvme");

    private final String token;

    Interface(String token) {
        this.token = token;
    }

    @Override
    @JsonValue
    public String token() {
        return token;
    }
}
