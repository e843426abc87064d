package dev.drivecat.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every spelling one text: the rules of {@link Typography#plain}, for ASCII text (the quick path) and the rest. */
class TypographyTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "`  Samsung PM893 240GB  `|Samsung PM893 240GB",
            "`Micron 7450  PRO`|Micron 7450 PRO",
            "`2.5'' SATA`|2.5\" SATA",
            "`up to 530 MB/s*`|up to 530 MB/s",
            "`DWPD\t1.3`|DWPD 1.3",
            "`Optane\u00AE SSD\u2122 900P`|Optane SSD 900P",
            "`2.5\u201D drive`|2.5\" drive",
            "`480\u00A0GB \u2013 M.2`|480 GB - M.2",
            "`\uFF30\uFF2D\uFF18\uFF19\uFF13`|PM893",
            "`10\u00B5s \u03BCs`|10\u00B5s \u00B5s",
            "`soft\u00ADhyphen`|softhyphen",
            "`plain ascii text`|plain ascii text"})
    void makesEverySpellingOfATextOne(String raw, String plain) {
        assertThat(Typography.plain(raw)).isEqualTo(plain);
    }
}
