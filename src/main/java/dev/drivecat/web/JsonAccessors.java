package dev.drivecat.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.module.blackbird.BlackbirdModule;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;

/**
 * Reads and writes the properties of beans and records through accessors Jackson's Blackbird
 * module generates (method handles turned into lambdas) instead of reflection: a /recommend answer
 * is a few hundred records, and reflective calls were about a quarter of writing it. Where
 * Blackbird cannot generate an accessor it leaves Jackson's own in place, so the JSON is the same.
 */
@Singleton
public class JsonAccessors implements ObjectMapperCustomizer {

    @Override
    public void customize(ObjectMapper mapper) {
        mapper.registerModule(new BlackbirdModule());
    }
}
