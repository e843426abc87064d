package dev.drivecat.digest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.drivecat.DrivecatConfig;
import dev.drivecat.catalog.InterfaceFilter;
import dev.drivecat.common.Dates;
import dev.drivecat.common.DecimalInput;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.Params;
import dev.drivecat.pricing.PriceChangeSettings;
import dev.drivecat.ranking.Role;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import org.jboss.logging.Logger;

/**
 * Sign-up with double opt-in, confirmation and unsubscribe. A sign-up never changes what an address
 * receives: it proposes settings, mailed as a confirmation link, and only following that link applies
 * them. Every valid sign-up is answered the same way, whether the address is new, pending, confirmed
 * or unsubscribed, and the confirmation mail is resent at most once per
 * drivecat.digest.confirmation-resend-interval.
 */
@ApplicationScoped
public class SubscriptionService {

    private static final Logger LOG = Logger.getLogger(SubscriptionService.class);

    /** Local part and domain as mail systems accept them in practice; no spaces, no line breaks, one @. */
    static final Pattern EMAIL = Pattern.compile(
            "[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+");
    static final int MAX_DRIVES = 100;
    /** The sign-up waits for the confirmation mail, so it is tried at most twice, without a pause. */
    static final int CONFIRMATION_ATTEMPTS = 2;

    @Inject
    SubscriberStore store;

    @Inject
    DrivecatConfig config;

    @Inject
    DigestSettings digestSettings;

    @Inject
    PriceChangeSettings priceChangeSettings;

    @Inject
    ObjectMapper mapper;

    @Inject
    ChangeFeed feed;

    @Inject
    SignupLimiter limiter;

    @Inject
    MailSender mail;

    /** Where confirmation mails are sent from: the worker pool, after the sign-up has been answered. */
    @Inject
    org.eclipse.microprofile.context.ManagedExecutor executor;

    Clock clock = Clock.systemUTC();

    /** A sign-up as checked: the address (as given, and as identity) and the settings it proposes. */
    record Validated(String email, String emailKey, SubscriptionSettings settings) {
    }

    /** What the confirmation mail shows. */
    public record ConfirmView(String confirmUrl, String validUntil, String follows, String minChange) {
    }

    private record Pending(long subscriberId, String email, String token, SubscriptionSettings settings, Instant expires) {
    }

    /**
     * Counts a sign-up from this client, before anything of it is read or checked: a 429 past
     * drivecat.digest.signups-per-client, whether the sign-up would have been valid or not.
     */
    public void admit(String client) {
        limiter.count(SignupLimiter.Scope.CLIENT, client);
    }

    /**
     * Checks a sign-up and, at most once per resend interval per address and at most
     * drivecat.digest.signups-per-address times per sign-up window, mails a confirmation link. The
     * mail is composed and sent after this returns, on another thread, so that the answer takes as
     * long whether a mail goes out or not; only sends count against the address's limit, so that
     * nobody can block another's sign-up by signing that address up again and again.
     */
    public void signUp(SubscriptionRequest request) {
        Validated v = validate(request);
        Optional<Pending> pending = QuarkusTransaction.requiringNew().call(() -> prepare(v));
        pending.ifPresent(p -> {
            sending.incrementAndGet();
            try {
                executor.execute(() -> {
                    try {
                        sendConfirmation(p);
                    } finally {
                        sent();
                    }
                });
            } catch (RuntimeException refused) {
                sent();
                throw refused;
            }
        });
    }

    private void sendConfirmation(Pending p) {
        MailSender.Message message;
        try {
            java.util.Map<String, String> names = QuarkusTransaction.requiringNew().call(() -> feed.driveNames(p.settings().drives()));
            ConfirmView view = new ConfirmView(config.publicBaseUrl() + "/subscriptions/confirm?token=" + p.token(),
                    Dates.dateTime(p.expires()), describe(p.settings(), names), minChange(p.settings()));
            message = new MailSender.Message(p.email(), "Confirm your drivecat price digest",
                    MailTemplates.text(MailTemplates.confirm(view)), MailTemplates.html(MailTemplates.confirm(view)), null);
        } catch (RuntimeException e) {
            LOG.warnf("The confirmation mail for subscriber %d could not be composed: %s", p.subscriberId(), e.getMessage());
            notSent(p);
            return;
        }
        for (int attempt = 1; attempt <= CONFIRMATION_ATTEMPTS; attempt++) {
            try {
                mail.send(message);
                return;
            } catch (RuntimeException e) {
                LOG.warnf("The confirmation mail for subscriber %d: attempt %d of %d refused: %s", p.subscriberId(), attempt,
                        CONFIRMATION_ATTEMPTS, e.getMessage());
            }
        }
        notSent(p);
    }

    /** Nothing was sent: the next sign-up may try again at once. */
    private void notSent(Pending p) {
        QuarkusTransaction.requiringNew().run(() -> store.confirmationSent(p.subscriberId(), null));
    }

    /** Confirmation mails handed to the executor and not yet sent (or given up). */
    private final java.util.concurrent.atomic.AtomicInteger sending = new java.util.concurrent.atomic.AtomicInteger();

    private void sent() {
        if (sending.decrementAndGet() == 0) {
            synchronized (sending) {
                sending.notifyAll();
            }
        }
    }

    /** Waits until every confirmation mail handed over so far is sent or given up; false when the wait ran out first. */
    public boolean awaitConfirmations(java.time.Duration atMost) throws InterruptedException {
        long end = System.nanoTime() + atMost.toNanos();
        synchronized (sending) {
            while (sending.get() > 0) {
                long left = end - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                java.util.concurrent.TimeUnit.NANOSECONDS.timedWait(sending, left);
            }
        }
        return true;
    }

    Validated validate(SubscriptionRequest r) {
        if (r == null) {
            throw new DomainException(DomainException.Kind.INVALID_BODY, "A sign-up needs a JSON body with at least an email member");
        }
        String email = r.email() == null ? "" : r.email().trim();
        if (email.isEmpty()) {
            throw new DomainException(DomainException.Kind.INVALID_BODY, "email is required: the address the digest goes to")
                    .with("pointer", "/email");
        }
        if (email.length() > 254 || !EMAIL.matcher(email).matches()) {
            throw new DomainException(DomainException.Kind.INVALID_BODY,
                    "email must be one mail address such as zfs-admin@example.org (at most 254 characters), not '"
                            + (email.length() > 80 ? email.substring(0, 80) + "…" : email) + "'").with("pointer", "/email");
        }
        List<String> drives = r.drives() == null ? List.of() : r.drives().stream().map(String::trim).filter(s -> !s.isEmpty()).distinct().toList();
        if (drives.size() > MAX_DRIVES) {
            throw new DomainException(DomainException.Kind.INVALID_BODY, "drives may name at most " + MAX_DRIVES + " drives")
                    .with("pointer", "/drives");
        }
        feed.requireDrives(drives, "drives");
        List<String> interfaces = Params.tokens(InterfaceFilter.class, "interfaces", r.interfaces()).stream()
                .map(InterfaceFilter::token).toList();
        List<String> roles = Params.tokens(Role.class, "roles", r.roles()).stream().map(Role::token).toList();
        BigDecimal floor = priceChangeSettings.minPercent();
        BigDecimal min = r.minChangePercent();
        if (min != null && (min.compareTo(floor) < 0 || min.compareTo(new BigDecimal("100")) > 0)) {
            throw new DomainException(DomainException.Kind.INVALID_BODY, "minChangePercent must be from "
                    + floor.stripTrailingZeros().toPlainString() + " (smaller moves are noise) to 100, not " + DecimalInput.plain(min))
                    .with("pointer", "/minChangePercent");
        }
        if (min != null) {
            min = min.setScale(2, java.math.RoundingMode.HALF_UP);
        }
        return new Validated(email, email.toLowerCase(Locale.ROOT), new SubscriptionSettings(drives, interfaces, roles, min));
    }

    private Optional<Pending> prepare(Validated v) {
        Instant now = clock.instant();
        SubscriberStore.SignUp row = store.lockForSignUp(v.email(), v.emailKey());
        Instant lastSent = row.confirmationSentAt();
        if (lastSent != null && lastSent.plus(digestSettings.confirmationResendInterval()).isAfter(now)) {
            return Optional.empty();
        }
        if (!limiter.tryCount(SignupLimiter.Scope.ADDRESS, v.emailKey())) {
            // enough mails went to this address in the window: this sign-up sends none, and is answered as any other
            return Optional.empty();
        }
        String token = Tokens.newToken();
        Instant expires = now.plus(digestSettings.confirmationValidFor());
        store.storeConfirmToken(Tokens.hash(token), row.id(), json(v.settings()), now, expires);
        store.confirmationSent(row.id(), now);
        return Optional.of(new Pending(row.id(), row.email(), token, v.settings(), expires));
    }

    /** What following a confirmation link came to. */
    public enum Confirmed { CONFIRMED, ALREADY_CONFIRMED, EXPIRED, UNKNOWN }

    /** Whether a token is a confirmation link this service sent, and still good (nothing changes). */
    public Confirmed checkConfirmation(String token) {
        if (!Tokens.wellFormed(token)) {
            return Confirmed.UNKNOWN;
        }
        return QuarkusTransaction.requiringNew().call(() -> store.token(Tokens.hash(token), SubscriberStore.Purpose.CONFIRM, false)
                .map(t -> state(t, clock.instant())).orElse(Confirmed.UNKNOWN));
    }

    /** Applies the settings a confirmation link carries; following it again changes nothing. */
    public Confirmed confirm(String token) {
        if (!Tokens.wellFormed(token)) {
            return Confirmed.UNKNOWN;
        }
        Instant now = clock.instant();
        String hash = Tokens.hash(token);
        return QuarkusTransaction.requiringNew().call(() -> {
            Optional<SubscriberStore.Token> found = store.token(hash, SubscriberStore.Purpose.CONFIRM, true);
            if (found.isEmpty()) {
                return Confirmed.UNKNOWN;
            }
            Confirmed state = state(found.get(), now);
            if (state != Confirmed.CONFIRMED) {
                return state;
            }
            store.confirm(found.get().subscriberId(), settings(found.get().settings()), now);
            store.tokenUsed(hash, now);
            return Confirmed.CONFIRMED;
        });
    }

    private static Confirmed state(SubscriberStore.Token t, Instant now) {
        if (t.usedAt() != null) {
            return Confirmed.ALREADY_CONFIRMED;
        }
        return t.expiresAt().isAfter(now) ? Confirmed.CONFIRMED : Confirmed.EXPIRED;
    }

    /** Whether a token is an unsubscribe link this service sent (nothing changes). */
    public boolean isUnsubscribeToken(String token) {
        if (!Tokens.wellFormed(token)) {
            return false;
        }
        return QuarkusTransaction.requiringNew().call(() -> store.token(Tokens.hash(token), SubscriberStore.Purpose.UNSUBSCRIBE, false)
                .isPresent());
    }

    /** Unsubscribes the address the token was mailed to; false when no such token was ever sent. Repeating it changes nothing. */
    public boolean unsubscribe(String token) {
        if (!Tokens.wellFormed(token)) {
            return false;
        }
        Instant now = clock.instant();
        String hash = Tokens.hash(token);
        return QuarkusTransaction.requiringNew().call(() -> {
            Optional<SubscriberStore.Token> found = store.token(hash, SubscriberStore.Purpose.UNSUBSCRIBE, false);
            if (found.isEmpty()) {
                return false;
            }
            store.unsubscribe(found.get().subscriberId(), now);
            store.tokenUsed(hash, now);
            return true;
        });
    }

    String unsubscribeUrl(String token) {
        return config.publicBaseUrl() + "/subscriptions/unsubscribe?token=" + token;
    }

    /** What a subscriber follows, in words; drives by the names people know them by ({@code names}: slug to name). */
    static String describe(SubscriptionSettings s, java.util.Map<String, String> names) {
        if (s.followsEverything()) {
            return "every drive in the catalog";
        }
        List<String> parts = new ArrayList<>();
        if (!s.drives().isEmpty()) {
            parts.add("the drive" + (s.drives().size() == 1 ? " " : "s ")
                    + String.join(", ", s.drives().stream().map(d -> names.getOrDefault(d, d)).toList()));
        }
        if (s.followsCategory()) {
            String category = "every " + (s.interfaces().isEmpty() ? "" : String.join("/", s.interfaces()) + " ") + "drive";
            if (!s.roles().isEmpty()) {
                category += " fit for " + String.join(" or ", s.roles().stream().map(r -> r.equals("slog") ? "a SLOG" : "a special vdev").toList());
            }
            parts.add(category);
        }
        return String.join(", and ", parts);
    }

    String minChange(SubscriptionSettings s) {
        BigDecimal min = s.minChangePercent() == null ? priceChangeSettings.minPercent() : s.minChangePercent();
        return min.stripTrailingZeros().toPlainString() + "%";
    }

    String json(SubscriptionSettings s) {
        try {
            return mapper.writeValueAsString(s);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    SubscriptionSettings settings(String json) {
        try {
            return mapper.readValue(json, SubscriptionSettings.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored subscription settings are unreadable", e);
        }
    }
}
