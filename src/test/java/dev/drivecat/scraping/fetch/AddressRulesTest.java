package dev.drivecat.scraping.fetch;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AddressRulesTest {

    @ParameterizedTest(name = "{0} is not public")
    @ValueSource(strings = {
            "0.0.0.0", "0.1.2.3", "10.0.0.1", "10.255.255.255", "100.64.0.1", "100.127.255.254", "127.0.0.1",
            "127.255.0.1", "169.254.169.254", "172.16.0.1", "172.31.255.255", "192.0.0.8", "192.0.2.1",
            "192.168.1.1", "198.18.0.1", "198.51.100.7", "203.0.113.9", "224.0.0.1", "239.255.255.250",
            "240.0.0.1", "255.255.255.255",
            "::", "::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "::ffff:0:a00:1", "::127.0.0.1", "::8.8.8.8",
            "64:ff9b::a9fe:a9fe", "64:ff9b:1::1", "100::1", "2001::1", "2001:db8::1", "2002:c0a8:101::1",
            "fc00::1", "fd12:3456::1", "fe80::1", "febf::1", "fec0::1", "ff02::1"})
    void refusesNonPublicAddresses(String address) throws UnknownHostException {
        assertThat(AddressRules.whyNotPublic(InetAddress.getByName(address))).isNotNull();
    }

    @ParameterizedTest(name = "{0} is public")
    @ValueSource(strings = {
            "8.8.8.8", "1.1.1.1", "93.184.215.14", "100.63.255.255", "100.128.0.1", "172.15.255.255",
            "172.32.0.1", "192.169.0.1", "223.255.255.255",
            "2606:4700:4700::1111", "2a00:1450:4001:80b::200e", "::ffff:8.8.8.8", "64:ff9b::808:808",
            "2002:808:808::1"})
    void acceptsPublicAddresses(String address) throws UnknownHostException {
        assertThat(AddressRules.whyNotPublic(InetAddress.getByName(address))).isNull();
    }

    @ParameterizedTest(name = "{0} is a non-standard numeric host")
    @ValueSource(strings = {"2130706433", "0177.0.0.1", "0x7f000001", "0x7f.0.0.1", "127.1", "127.0.1",
            "127.0.0.01", "127.0.0.1.", "1.2.3.4.5", "0x", "017700000001"})
    void refusesNumericHostsInNonStandardForms(String host) {
        assertThat(AddressRules.hostForm(host)).isInstanceOf(AddressRules.HostForm.NonStandardNumeric.class);
    }

    @ParameterizedTest(name = "{0} is a name")
    @ValueSource(strings = {"www.amazon.com", "WWW.EBAY.COM", "www.newegg.com.", "1e100.net", "123.example",
            "xn--bcher-kva.example"})
    void acceptsHostNames(String host) {
        assertThat(AddressRules.hostForm(host)).isInstanceOf(AddressRules.HostForm.Name.class);
    }

    @ParameterizedTest(name = "{0} is a literal")
    @ValueSource(strings = {"127.0.0.1", "8.8.8.8", "[::1]", "[2606:4700::1111]", "[::ffff:127.0.0.1]"})
    void readsStandardLiteralsWithoutDns(String host) {
        assertThat(AddressRules.hostForm(host)).isInstanceOf(AddressRules.HostForm.Literal.class);
    }

    @ParameterizedTest(name = "{0} is invalid")
    @ValueSource(strings = {"[fe80::1%eth0]", "[127.0.0.1]", "exa_mple.com", "-bad.example", "a..b"})
    void rejectsMalformedHosts(String host) {
        assertThat(AddressRules.hostForm(host)).isInstanceOf(AddressRules.HostForm.Invalid.class);
    }
}
