package dev.drivecat.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An SMTP server on loopback that can hold one message at its most delicate point: the whole
 * message has been received, and the server has not yet answered the final "." of DATA. Whether
 * the message counts as accepted is then the test's choice ({@link Held#accept}, after which the
 * sender may or may not have read the 250) — or never, if the test kills the sender first. This is
 * the one instant a mail sender cannot make transactional, and GreenMail cannot stop there.
 *
 * <p>It speaks only the subset of SMTP a mail client needs without extensions (EHLO, MAIL, RCPT,
 * DATA, RSET, NOOP, QUIT) and keeps what it accepted in memory, as sent (dot-stuffed lines are not
 * unstuffed: the tests count messages per recipient, they do not read them).
 */
public final class HoldingSmtpServer implements AutoCloseable {

    /** A message whose DATA is complete and not yet answered. */
    public interface Held {
        List<String> recipients();

        /** Answers 250: from now on the message is accepted (delivered), whatever the sender does next. */
        void accept();
    }

    /** A message the server answered 250 for. */
    public record Accepted(List<String> recipients, String data) {
    }

    private final ServerSocket socket;
    private final List<Accepted> accepted = new CopyOnWriteArrayList<>();
    private final List<Socket> heldConnections = new CopyOnWriteArrayList<>();
    private volatile String holdFor;
    private volatile CompletableFuture<Held> held = new CompletableFuture<>();

    public HoldingSmtpServer() {
        try {
            socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Thread acceptor = new Thread(this::acceptConnections, "holding-smtp");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public int port() {
        return socket.getLocalPort();
    }

    /** The next message to this recipient is held; the returned future completes when it is. */
    public CompletableFuture<Held> holdNextFor(String recipient) {
        held = new CompletableFuture<>();
        holdFor = recipient.toLowerCase(Locale.ROOT);
        return held;
    }

    public List<Accepted> accepted() {
        return List.copyOf(accepted);
    }

    public long acceptedFor(String recipient) {
        return accepted.stream().filter(m -> m.recipients().contains(recipient.toLowerCase(Locale.ROOT))).count();
    }

    /** The environment that points the packaged service's Quarkus Mailer at this server. */
    public ServiceProcess.Builder wire(ServiceProcess.Builder service) {
        return service.env("QUARKUS_MAILER_HOST", "127.0.0.1")
                .env("QUARKUS_MAILER_PORT", Integer.toString(port()))
                .env("QUARKUS_MAILER_START_TLS", "DISABLED")
                .env("QUARKUS_MAILER_LOGIN", "DISABLED")
                .env("QUARKUS_MAILER_MOCK", "false");
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // closing anyway
        }
        heldConnections.forEach(HoldingSmtpServer::closeQuietly);
    }

    private void acceptConnections() {
        while (!socket.isClosed()) {
            try {
                Socket connection = socket.accept();
                Thread session = new Thread(() -> converse(connection), "holding-smtp-session");
                session.setDaemon(true);
                session.start();
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void converse(Socket connection) {
        boolean holding = false;
        try {
            BufferedReader in = new BufferedReader(new InputStreamReader(connection.getInputStream(), StandardCharsets.ISO_8859_1));
            OutputStream out = connection.getOutputStream();
            reply(out, "220 localhost ESMTP holding test server");
            List<String> recipients = new ArrayList<>();
            String line;
            while ((line = in.readLine()) != null) {
                String command = line.length() >= 4 ? line.substring(0, 4).toUpperCase(Locale.ROOT) : line.toUpperCase(Locale.ROOT);
                switch (command) {
                    case "EHLO", "HELO" -> reply(out, "250 localhost");
                    case "MAIL" -> {
                        recipients.clear();
                        reply(out, "250 OK");
                    }
                    case "RCPT" -> {
                        String to = line.substring(line.indexOf('<') + 1, line.lastIndexOf('>')).toLowerCase(Locale.ROOT);
                        recipients.add(to);
                        reply(out, "250 OK");
                    }
                    case "DATA" -> {
                        reply(out, "354 End data with <CR><LF>.<CR><LF>");
                        StringBuilder data = new StringBuilder();
                        String l;
                        while ((l = in.readLine()) != null && !l.equals(".")) {
                            data.append(l).append('\n');
                        }
                        Accepted message = new Accepted(List.copyOf(recipients), data.toString());
                        if (holdFor != null && message.recipients().contains(holdFor)) {
                            holdFor = null;
                            held.complete(new Held() {
                                @Override
                                public List<String> recipients() {
                                    return message.recipients();
                                }

                                @Override
                                public void accept() {
                                    accepted.add(message);
                                    reply(out, "250 OK queued");
                                }
                            });
                            holding = true;
                            heldConnections.add(connection);
                            return; // the test answers (or not) on the open connection; this conversation reads no further
                        }
                        accepted.add(message);
                        reply(out, "250 OK queued");
                    }
                    case "QUIT" -> {
                        reply(out, "221 Bye");
                        return;
                    }
                    default -> reply(out, "250 OK"); // RSET, NOOP
                }
            }
        } catch (IOException e) {
            // the sender went away
        } finally {
            if (!holding) {
                closeQuietly(connection);
            }
        }
    }

    private static void closeQuietly(Socket connection) {
        try {
            connection.close();
        } catch (IOException e) {
            // gone already
        }
    }

    private static void reply(OutputStream out, String line) {
        try {
            out.write((line + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
