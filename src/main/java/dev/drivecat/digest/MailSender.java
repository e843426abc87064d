package dev.drivecat.digest;

import dev.drivecat.common.Text;
import io.quarkus.mailer.Mail;
import io.quarkus.mailer.Mailer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Hands messages to SMTP (Quarkus Mailer, configured by QUARKUS_MAILER_*). Every message has a
 * plain-text and an HTML part; a digest also carries the RFC 8058 one-click unsubscribe headers.
 * Blocks until the server has accepted the message or refused it (then it throws).
 */
@ApplicationScoped
public class MailSender {

    @Inject
    Mailer mailer;

    /** A rendered message; {@code inline} are pictures its HTML shows by {@code cid:} address. */
    public record Message(String to, String subject, String text, String html, String unsubscribeUrl, List<InlineImage> inline) {

        public Message(String to, String subject, String text, String html, String unsubscribeUrl) {
            this(to, subject, text, html, unsubscribeUrl, List.of());
        }
    }

    /**
     * A picture sent with the message and shown in its HTML as {@code <img src="cid:contentId">}: mail
     * clients show attached pictures, where most block remote ones and none draws SVG.
     */
    public record InlineImage(String contentId, String fileName, String contentType, byte[] data) {
    }

    void send(Message m) {
        // a subject is one header line: no CR/LF, whatever a drive's name held
        Mail mail = Mail.withText(m.to(), Text.singleLine(m.subject()), m.text()).setHtml(m.html());
        for (InlineImage image : m.inline()) {
            mail.addInlineAttachment(image.fileName(), image.data(), image.contentType(), "<" + image.contentId() + ">");
        }
        if (m.unsubscribeUrl() != null) {
            unsubscribeHeaders(m.unsubscribeUrl()).forEach(mail::addHeader);
        }
        mailer.send(mail);
    }

    /** RFC 8058 one-click unsubscribe: the link, and that a POST of List-Unsubscribe=One-Click to it suffices. */
    static Map<String, String> unsubscribeHeaders(String url) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("List-Unsubscribe", "<" + url + ">");
        headers.put("List-Unsubscribe-Post", "List-Unsubscribe=One-Click");
        return headers;
    }
}
