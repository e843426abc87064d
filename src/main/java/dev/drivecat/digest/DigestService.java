package dev.drivecat.digest;

import dev.drivecat.common.AlreadyRunningException;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.Text;
import dev.drivecat.database.ClusterLock;
import dev.drivecat.pricing.IsoWeek;
import dev.drivecat.pricing.PriceChange;
import dev.drivecat.pricing.PriceChangeService.ChangeQuery;
import dev.drivecat.pricing.PriceChangeService;
import dev.drivecat.pricing.PriceChangeSettings;
import dev.drivecat.ranking.Role;
import dev.drivecat.ranking.RoleFit;
import io.agroal.api.AgroalDataSource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.jboss.logging.Logger;

/**
 * Sends the weekly digests: one per confirmed subscriber and ISO week, at most once.
 *
 * <p>The delivery record (subscriber, week) is the guarantee. Before a message is handed to SMTP its
 * record is set SENDING and committed; after SMTP accepted it, SENT. An SMTP refusal sets it back to
 * PENDING (with the error) and is retried with backoff, then left for the next run. A crash between
 * SENDING and SENT leaves the record SENDING: "in doubt". A later run reports it and does not send it
 * again (at most once), unless an operator asks for in-doubt digests to be resent. One run at a time
 * in the cluster (an advisory lock), so a SENDING record seen by a run is always left from a run that
 * died. See src/docs/digests.md.
 */
@ApplicationScoped
public class DigestService {

    private static final Logger LOG = Logger.getLogger(DigestService.class);
    static final long CLUSTER_LOCK = 0x5c7a_d167L;

    @Inject
    SubscriberStore subscribers;

    @Inject
    DeliveryRecords deliveries;

    @Inject
    AgroalDataSource dataSource;

    @Inject
    DigestSettings digestSettings;

    @Inject
    PriceChangeSettings priceChangeSettings;

    @Inject
    PriceChangeService priceChanges;

    @Inject
    RoleFit roleFit;

    @Inject
    DigestComposer composer;

    @Inject
    SubscriptionService subscriptions;

    @Inject
    MailSender mail;

    Clock clock = Clock.systemUTC();

    /** What a run did. */
    @Schema(name = "DigestRun")
    public record Run(
            @Schema(examples = "2026-W47") String week,
            Instant since,
            Instant until,
            @Schema(description = "Changes found for the week over all drives, before each subscriber's filters.") int changesFound,
            @Schema(description = "Confirmed subscribers considered.") int subscribers,
            @Schema(description = "Digests handed to SMTP and accepted in this run.") int sent,
            Skipped skipped,
            @Schema(description = "Digests SMTP refused on every attempt; they stay pending and the next run sends them.") List<Trouble> failed,
            @Schema(description = "Digests a run that died may or may not have sent; not sent again unless resendInDoubt=true.")
            List<Trouble> inDoubt) {
    }

    @Schema(name = "DigestRunSkipped")
    public record Skipped(
            @Schema(description = "Sent by an earlier run.") int alreadySent,
            @Schema(description = "Nothing this subscriber follows changed (and drivecat.digest.send-empty is false).") int nothingToSend,
            @Schema(description = "Unsubscribed while the run was going on.") int unsubscribed) {
    }

    @Schema(name = "DigestTrouble")
    public record Trouble(long subscriberId, String email, @Schema(examples = "PENDING") String status, int attempts,
                          @Schema(nullable = true) String error) {
    }

    /** What the digest of a week would be for one address, rendered and not sent. */
    @Schema(name = "DigestPreview")
    public record Preview(
            @Schema(examples = "2026-W47") String week,
            String to,
            @Schema(examples = "CONFIRMED") String subscriberStatus,
            @Schema(nullable = true, description = "The delivery record of this week, if a run has made one.", examples = "SENT")
            String deliveryStatus,
            @Schema(description = "Whether a run would send it now.") boolean wouldSend,
            int changeCount,
            String subject,
            String text,
            String html,
            @Schema(description = "The headers every digest carries (the unsubscribe link here is a placeholder).")
            Map<String, String> headers) {
    }

    private final class Tally {
        int subscribers;
        int sent;
        int alreadySent;
        int nothingToSend;
        int unsubscribed;
        final List<Trouble> failed = new ArrayList<>();
        final List<Trouble> inDoubt = new ArrayList<>();
    }

    /** The week a scheduled run sends: the one that has just ended. */
    public IsoWeek lastEndedWeek() {
        return IsoWeek.of(clock.instant(), zone()).previous();
    }

    @Inject
    io.micrometer.core.instrument.MeterRegistry registry;

    /** Digests by outcome, for Prometheus. */
    private void count(String outcome, int n) {
        io.micrometer.core.instrument.Counter.builder("drivecat.digests")
                .description("Weekly digests by outcome: sent (accepted by SMTP), failed (refused on every attempt), in_doubt")
                .tag("outcome", outcome).register(registry).increment(n);
    }

    /** Sends the week's digests; a 409 when a run is already going on, a 400 when the week has not ended. */
    public Run run(IsoWeek week, boolean resendInDoubt) {
        Instant end = week.end(zone());
        if (end.isAfter(clock.instant())) {
            throw new DomainException(DomainException.Kind.INVALID_PARAMETER, "week " + week + " has not ended yet (it ends at "
                    + end + "); a digest covers a whole week, so it is sent after the week ends. The last ended week is "
                    + lastEndedWeek()).with("parameter", "week");
        }
        ClusterLock lock = ClusterLock.tryTake(dataSource, CLUSTER_LOCK).orElseThrow(() -> new AlreadyRunningException("A digest run is already going on; start another when it has finished"));
        try (lock) {
            return execute(week, resendInDoubt);
        }
    }

    private Run execute(IsoWeek week, boolean resendInDoubt) {
        DigestComposer.Week w = prepare(week);
        Tally tally = new Tally();
        long after = 0;
        while (true) {
            long from = after;
            List<SubscriberStore.Subscriber> batch = QuarkusTransaction.requiringNew().call(() -> subscribers.confirmed(from));
            for (SubscriberStore.Subscriber s : batch) {
                tally.subscribers++;
                try {
                    deliver(w, s, resendInDoubt, tally);
                } catch (RuntimeException e) {
                    LOG.errorf(e, "Digest %s for subscriber %d failed", week, s.id());
                    tally.failed.add(new Trouble(s.id(), s.email(), DeliveryRecords.Status.PENDING.name(), 0, e.getMessage()));
                }
            }
            if (batch.size() < SubscriberStore.BATCH) {
                break;
            }
            after = batch.get(batch.size() - 1).id();
        }
        count("sent", tally.sent);
        count("failed", tally.failed.size());
        count("in_doubt", tally.inDoubt.size());
        LOG.infof("Digest %s: %d sent, %d already sent, %d with nothing to send, %d failed, %d in doubt", week, tally.sent,
                tally.alreadySent, tally.nothingToSend, tally.failed.size(), tally.inDoubt.size());
        return new Run(week.toString(), w.report.since(), w.report.until(), w.report.changes().size(), tally.subscribers, tally.sent,
                new Skipped(tally.alreadySent, tally.nothingToSend, tally.unsubscribed), tally.failed, tally.inDoubt);
    }

    private void deliver(DigestComposer.Week w, SubscriberStore.Subscriber s, boolean resendInDoubt, Tally tally) {
        String week = w.week.toString();
        Optional<DeliveryRecords.Delivery> existing = QuarkusTransaction.requiringNew().call(() -> deliveries.find(s.id(), week));
        if (existing.isPresent()) {
            DeliveryRecords.Delivery d = existing.get();
            switch (d.status()) {
                case SENT -> {
                    tally.alreadySent++;
                    return;
                }
                case EMPTY -> {
                    tally.nothingToSend++;
                    return;
                }
                case SENDING -> {
                    if (!resendInDoubt) {
                        LOG.warnf("Digest %s to subscriber %d is in doubt: a run stopped after handing it to SMTP and before "
                                + "recording the answer. Not sent again; check the mail server's log, then run the week with "
                                + "resendInDoubt=true if it did not go out", week, s.id());
                        tally.inDoubt.add(new Trouble(s.id(), s.email(), d.status().name(), d.attempts(), d.lastError()));
                        return;
                    }
                }
                case PENDING -> {
                    // not sent yet, or refused last time
                }
            }
        }
        List<PriceChange> changes = DigestComposer.select(w.report.changes(), s.settings(), w.roleDrives);
        if (changes.isEmpty() && !digestSettings.sendEmpty()) {
            QuarkusTransaction.requiringNew().run(() -> deliveries.markEmpty(s.id(), week));
            tally.nothingToSend++;
            return;
        }
        int attempts = Math.max(1, digestSettings.sendAttempts());
        String lastError = null;
        for (int attempt = 1; attempt <= attempts; attempt++) {
            String token = Tokens.newToken();
            DigestComposer.Composed composed = composer.compose(w, s.settings(), subscriptions.unsubscribeUrl(token));
            Optional<Long> deliveryId = QuarkusTransaction.requiringNew().call(() -> markSending(s.id(), week, composed, token, resendInDoubt));
            if (deliveryId.isEmpty()) {
                tally.unsubscribed++;
                return;
            }
            // committed SENDING: from here until SENT a crash leaves this digest in doubt, and it is not sent twice
            try {
                mail.send(new MailSender.Message(s.email(), composed.subject(), composed.text(), composed.html(),
                        subscriptions.unsubscribeUrl(token), composed.images()));
            } catch (RuntimeException e) {
                lastError = describe(e);
                String error = lastError;
                QuarkusTransaction.requiringNew().run(() -> deliveries.markPending(deliveryId.get(), error));
                LOG.warnf("Digest %s to subscriber %d: attempt %d of %d refused: %s", week, s.id(), attempt, attempts, error);
                if (attempt < attempts) {
                    pause(digestSettings.retryBackoff().multipliedBy(1L << (attempt - 1)));
                }
                continue;
            }
            QuarkusTransaction.requiringNew().run(() -> deliveries.markSent(deliveryId.get()));
            tally.sent++;
            return;
        }
        int total = QuarkusTransaction.requiringNew().call(() -> deliveries.find(s.id(), week)
                .map(DeliveryRecords.Delivery::attempts).orElse(attempts));
        tally.failed.add(new Trouble(s.id(), s.email(), DeliveryRecords.Status.PENDING.name(), total, lastError));
    }

    /** Renders what a run would send to this address for the week, without sending or recording anything. */
    public Preview preview(IsoWeek week, String email) {
        String key = email == null ? "" : email.trim().toLowerCase(java.util.Locale.ROOT);
        SubscriberStore.Subscriber s = QuarkusTransaction.requiringNew().call(() -> subscribers.byEmailKey(key))
                .orElseThrow(() -> DomainException.notFound("No subscriber has the address '" + Text.quote(email) + "'"));
        DigestComposer.Week w = prepare(week);
        String unsubscribe = subscriptions.unsubscribeUrl("preview-only-not-a-token");
        DigestComposer.Composed c = composer.compose(w, s.settings(), unsubscribe);
        DeliveryRecords.Status deliveryStatus = QuarkusTransaction.requiringNew().call(() -> deliveries.find(s.id(), week.toString())
                .map(DeliveryRecords.Delivery::status).orElse(null));
        boolean wouldSend = s.status() == SubscriberStore.Status.CONFIRMED && (c.changeCount() > 0 || digestSettings.sendEmpty())
                && (deliveryStatus == null || deliveryStatus == DeliveryRecords.Status.PENDING) && !week.end(zone()).isAfter(clock.instant());
        return new Preview(week.toString(), s.email(), s.status().name(), deliveryStatus == null ? null : deliveryStatus.name(), wouldSend,
                c.changeCount(), c.subject(), c.text(), c.html(), MailSender.unsubscribeHeaders(unsubscribe));
    }

    private DigestComposer.Week prepare(IsoWeek week) {
        ZoneId zone = zone();
        PriceChangeService.ChangeReport report = priceChanges.changes(new ChangeQuery(week.start(zone), week.end(zone), List.of(),
                null, null, priceChangeSettings.minPercent()));
        // both roles share one requirement (cheap, safe flushes, RoleFit): load the candidates once for both
        Set<String> fit = roleFit.drivesFor(List.of(Role.values()), List.of());
        Map<Role, Set<String>> roleDrives = new EnumMap<>(Role.class);
        for (Role role : Role.values()) {
            roleDrives.put(role, fit);
        }
        return new DigestComposer.Week(week, report, roleDrives);
    }

    private ZoneId zone() {
        return priceChangeSettings.weekZone();
    }

    /** SENDING, committed before SMTP; empty when the subscriber is no longer confirmed (or the digest is no longer to send). */
    private Optional<Long> markSending(long subscriberId, String week, DigestComposer.Composed c, String token, boolean resendInDoubt) {
        if (subscribers.lockStatus(subscriberId).filter(st -> st == SubscriberStore.Status.CONFIRMED).isEmpty()) {
            return Optional.empty();
        }
        Optional<Long> id = deliveries.markSending(subscriberId, week, c.changeCount(), c.subject(), resendInDoubt);
        id.ifPresent(i -> subscribers.storeUnsubscribeToken(Tokens.hash(token), subscriberId, clock.instant()));
        return id;
    }

    private static String describe(Throwable e) {
        StringBuilder s = new StringBuilder();
        for (Throwable t = e; t != null && s.length() < 500; t = t.getCause()) {
            if (t.getMessage() != null && (s.length() == 0 || !s.toString().contains(t.getMessage()))) {
                if (s.length() > 0) {
                    s.append(": ");
                }
                s.append(t.getMessage());
            }
        }
        return s.length() == 0 ? e.getClass().getSimpleName() : s.substring(0, Math.min(500, s.length()));
    }

    private static void pause(Duration d) {
        try {
            Thread.sleep(Math.max(0, d.toMillis()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting to retry", e);
        }
    }
}
