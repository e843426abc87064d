package dev.drivecat.digest;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.mailer.Mail;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Whatever a subject was made of (a drive's name from a page or an import), it leaves as one header line. */
class MailSenderTest {

    @Test
    void aSubjectNeverCarriesALineBreakOrAControlCharacter() {
        List<Mail> sent = new ArrayList<>();
        MailSender sender = new MailSender();
        sender.mailer = mails -> sent.addAll(List.of(mails));
        for (String name : List.of("Model\r\nBcc: victim@evil.example", "Model\nX-Injected: 1", "Model\rBcc: x", "Model\u0085\u2028Next",
                "Model\u0000\u0001\u000b\ufffe", "\tModel  ")) {
            sender.send(new MailSender.Message("to@example.org", "1 price drop: " + name + " −12%", "text", "<p>html</p>", null));
        }
        assertThat(sent).hasSize(6).allSatisfy(mail -> assertThat(mail.getSubject())
                .doesNotContain("\r").doesNotContain("\n").doesNotContain("\u0085").doesNotContain("\u2028")
                .doesNotContain("\u0000").doesNotContain("\u000b").doesNotContain("\ufffe").doesNotContain("\t")
                .startsWith("1 price drop: Model").endsWith("−12%"));
        assertThat(sent.get(0).getSubject()).isEqualTo("1 price drop: Model Bcc: victim@evil.example −12%");
    }
}
