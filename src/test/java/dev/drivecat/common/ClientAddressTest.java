package dev.drivecat.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ClientAddressTest {

    @Test
    void anIpv6ClientIsItsSlash64WhateverInterfaceIdentifierItChooses() {
        String key = ClientAddress.key("2001:db8:1:2::1");
        assertThat(key).isEqualTo("2001:db8:1:2::/64");
        for (String same : new String[] {"2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:0db8:0001:0002:ffff:ffff:ffff:ffff", "[2001:db8:1:2::9]",
                "2001:db8:1:2::1%eth0", "2001:DB8:1:2::ABCD"}) {
            assertThat(ClientAddress.key(same)).as(same).isEqualTo(key);
        }
        assertThat(ClientAddress.key("2001:db8:1:3::1")).as("the next /64 is another client").isNotEqualTo(key);
        assertThat(ClientAddress.key("::1")).isEqualTo("0:0:0:0::/64");
    }

    @Test
    void anIpv4ClientIsItsAddressWrittenEitherWay() {
        assertThat(ClientAddress.key("192.0.2.1")).isEqualTo("192.0.2.1");
        assertThat(ClientAddress.key("192.0.2.2")).isEqualTo("192.0.2.2");
        assertThat(ClientAddress.key("::ffff:192.0.2.1")).as("IPv4 written in IPv6").isEqualTo("192.0.2.1");
    }

    @Test
    void textThatIsNoAddressIsItsOwnKeyAndNeverLookedUp() {
        assertThat(ClientAddress.key(null)).isEqualTo("unknown");
        assertThat(ClientAddress.key("")).isEqualTo("unknown");
        assertThat(ClientAddress.key("localhost")).isEqualTo("localhost");
        assertThat(ClientAddress.key("dead")).isEqualTo("dead");
        assertThat(ClientAddress.key("drivecat.invalid")).isEqualTo("drivecat.invalid");
    }
}
