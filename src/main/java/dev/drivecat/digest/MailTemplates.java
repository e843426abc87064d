package dev.drivecat.digest;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.quarkus.qute.Variant;

/**
 * The mail templates (templates/mail/), checked by Qute at build time against these parameter types.
 * Each mail has a plain-text and an HTML variant of one template ({@code digest.txt}, {@code digest.html});
 * {@link #text} and {@link #html} pick one.
 */
@CheckedTemplate(basePath = "mail")
final class MailTemplates {

    private MailTemplates() {
    }

    static native TemplateInstance digest(DigestComposer.DigestView d);

    static native TemplateInstance confirm(SubscriptionService.ConfirmView c);

    static String text(TemplateInstance mail) {
        return mail.setAttribute(TemplateInstance.SELECTED_VARIANT, Variant.forContentType(Variant.TEXT_PLAIN)).render();
    }

    static String html(TemplateInstance mail) {
        return mail.setAttribute(TemplateInstance.SELECTED_VARIANT, Variant.forContentType(Variant.TEXT_HTML)).render();
    }
}
