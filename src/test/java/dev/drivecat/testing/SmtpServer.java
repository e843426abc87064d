package dev.drivecat.testing;

import com.icegreen.greenmail.user.GreenMailUser;
import com.icegreen.greenmail.user.UserException;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import jakarta.mail.internet.MimeMessage;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A real SMTP server in the test JVM (GreenMail on a free loopback port) that the service's Quarkus
 * Mailer sends to over TCP. Tests read the MIME messages back from it, and can make it refuse the
 * messages for chosen recipients: GreenMail then answers the message's DATA with 451, as a server
 * that fails mid-batch does.
 */
public class SmtpServer implements QuarkusTestResourceLifecycleManager {

    private static volatile GreenMail server;
    private static final Set<String> REFUSED = ConcurrentHashMap.newKeySet();
    private static final Map<String, Hold> HELD = new ConcurrentHashMap<>();

    /** Mail for one address held before the server accepts it, until {@link #release}. */
    public static final class Hold {
        private final java.util.concurrent.CountDownLatch released = new java.util.concurrent.CountDownLatch(1);
        private final java.util.concurrent.atomic.AtomicInteger deliveries = new java.util.concurrent.atomic.AtomicInteger();

        /** How many deliveries to the address have reached the server so far (each one is held). */
        public int deliveries() {
            return deliveries.get();
        }

        public void release() {
            released.countDown();
        }
    }

    @Override
    public Map<String, String> start() {
        GreenMail mail = new GreenMail(new ServerSetup(0, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
        mail.start();
        mail.getUserManager().setMessageDeliveryHandler((message, address) -> {
            String to = address.getEmail().toLowerCase(Locale.ROOT);
            if (REFUSED.contains(to)) {
                throw new UserException("test server refuses mail for " + to);
            }
            Hold hold = HELD.get(to);
            if (hold != null) {
                hold.deliveries.incrementAndGet();
                try {
                    hold.released.await(30, java.util.concurrent.TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            GreenMailUser user = mail.getUserManager().getUserByEmail(to);
            return user != null ? user : mail.getUserManager().createUser(to, to, to);
        });
        server = mail;
        // Pooled connections are closed after 10 s idle, before GreenMail drops them (30 s), so none is reused dead.
        // Few new connections also means few chances for a misread greeting of a fresh connection (an older mail
        // client's fault, see src/docs/digests.md); a send that hangs gives up after 5 s and is retried.
        return Map.of(
                "quarkus.mailer.keep-alive-timeout", "PT10S",
                "quarkus.mailer.pool-cleaner-period", "PT1S",
                "quarkus.mailer.timeout", "PT5S",
                "quarkus.mailer.mock", "false",
                "quarkus.mailer.host", "127.0.0.1",
                "quarkus.mailer.port", Integer.toString(mail.getSmtp().getPort()),
                "quarkus.mailer.start-tls", "DISABLED",
                "quarkus.mailer.login", "DISABLED");
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop();
        }
    }

    /** Every message the server accepted, in order. */
    public static List<MimeMessage> received() {
        return Arrays.asList(server.getReceivedMessages());
    }

    /** Messages accepted for one recipient. */
    public static List<MimeMessage> receivedBy(String address) {
        return received().stream().filter(m -> {
            try {
                return Arrays.stream(m.getAllRecipients()).anyMatch(a -> a.toString().equalsIgnoreCase(address));
            } catch (jakarta.mail.MessagingException e) {
                throw new IllegalStateException(e);
            }
        }).toList();
    }

    /** From now on, the server refuses mail for this address (until {@link #accept}). */
    public static void refuse(String address) {
        REFUSED.add(address.toLowerCase(Locale.ROOT));
    }

    public static void accept(String address) {
        REFUSED.remove(address.toLowerCase(Locale.ROOT));
    }

    /** From now on, a message for this address waits, before the server accepts it, until the hold is released. */
    public static Hold hold(String address) {
        Hold hold = new Hold();
        HELD.put(address.toLowerCase(Locale.ROOT), hold);
        return hold;
    }
}
