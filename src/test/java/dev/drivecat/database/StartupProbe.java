package dev.drivecat.database;

import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * A PostgreSQL client that sends no password: it sends the startup message of protocol 3.0 and
 * says what the server answers first. It depends on the JDK alone, so that a test can run it as
 * another account of the machine ({@link #main}).
 */
public final class StartupProbe {

    /** What a server that wants a SCRAM-SHA-256 password answers. */
    static final String ASKS_FOR_SCRAM = "asks for a password by SASL: SCRAM-SHA-256";
    static final String LETS_IN = "lets the client in without a password";

    private StartupProbe() {
    }

    /** {@code <port> <socket file>}: one line per address and role, {@code <address> as <role>: <answer>}. */
    public static void main(String[] args) {
        int port = Integer.parseInt(args[0]);
        for (SocketAddress address : new SocketAddress[] {new InetSocketAddress("127.0.0.1", port), UnixDomainSocketAddress.of(Path.of(args[1]))}) {
            for (String role : new String[] {"postgres", "drivecat"}) {
                System.out.println((address instanceof UnixDomainSocketAddress ? "socket" : "tcp") + " as " + role + ": " + answer(address, role));
            }
        }
    }

    /**
     * The server's first answer to a client that asks for {@code user} on the database postgres:
     * an authentication request, an error, AuthenticationOk (the server lets it in), or why the
     * client could not connect at all.
     */
    static String answer(SocketAddress address, String user) {
        try (SocketChannel channel = address instanceof UnixDomainSocketAddress
                ? SocketChannel.open(StandardProtocolFamily.UNIX) : SocketChannel.open()) {
            try {
                channel.connect(address);
            } catch (IOException e) {
                return "cannot connect: " + e.getMessage();
            }
            byte[] parameters = ("user\0" + user + "\0database\0postgres\0\0").getBytes(StandardCharsets.UTF_8);
            ByteBuffer startup = ByteBuffer.allocate(8 + parameters.length).putInt(8 + parameters.length).putInt(196608).put(parameters);
            channel.write(startup.flip());
            DataInputStream in = new DataInputStream(Channels.newInputStream(channel));
            char type = (char) in.readByte();
            byte[] body = new byte[in.readInt() - 4];
            in.readFully(body);
            if (type == 'E') {
                return "refuses: " + new String(body, StandardCharsets.UTF_8).replace('\0', ' ').strip();
            }
            if (type != 'R') {
                return "answers a message of type " + type;
            }
            int code = ByteBuffer.wrap(body).getInt();
            return code == 0 ? LETS_IN
                    : code == 10 ? "asks for a password by SASL: " + String.join(",", new String(body, 4, body.length - 4, StandardCharsets.UTF_8).split("\0"))
                    : "asks for a password, authentication code " + code;
        } catch (IOException e) {
            return "failed: " + e;
        }
    }
}
