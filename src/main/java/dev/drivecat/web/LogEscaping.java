package dev.drivecat.web;

import dev.drivecat.common.Text;
import io.quarkus.logging.LoggingFilter;
import java.util.logging.Filter;
import java.util.logging.LogRecord;
import org.jboss.logmanager.ExtLogRecord;

/**
 * Escapes control characters in every log message ({@code \n}, {@code \r}, {@code \t}, other C0
 * and C1 characters as {@code \}{@code uXXXX}) before the console handler writes it: a value from
 * a request (a path, a URL, an address) can then neither forge a log line with CR/LF nor put a NUL
 * or a terminal escape sequence into the log. Stack traces are not messages and keep their lines.
 * JSON logs escape anyway; this makes the text format (dev, tests) as safe.
 */
@LoggingFilter(name = LogEscaping.NAME)
public final class LogEscaping implements Filter {

    public static final String NAME = "escape-control-characters";

    @Override
    public boolean isLoggable(LogRecord record) {
        if (record instanceof ExtLogRecord ext) {
            String message = ext.getFormattedMessage();
            if (message != null && RequestParameters.firstControlCharacter(message) >= 0) {
                ext.setMessage(escape(message), ExtLogRecord.FormatStyle.NO_FORMAT);
                ext.setParameters(null);
            }
        }
        return true;
    }

    public static String escape(String text) {
        return Text.escape(text);
    }
}
