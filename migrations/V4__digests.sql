-- Weekly price-change digests: subscribers (double opt-in), the tokens mailed to them, the
-- delivery record that makes a digest go out once per subscriber and week, and the counters that
-- rate-limit sign-ups across every instance.

-- A subscriber's filters are the ones they confirmed: a sign-up only ever proposes settings (kept
-- on its confirmation token), so nobody can change what an address receives without its mailbox.
CREATE TABLE subscriber (
    id                    bigint        GENERATED ALWAYS AS IDENTITY,
    -- the address as given (trimmed), mail goes to it
    email                 text          NOT NULL,
    -- the address as identity: lower-cased, so Foo@Example.com signs up once
    email_key             text          NOT NULL,
    status                text          NOT NULL,
    drives                text[]        NOT NULL DEFAULT '{}',
    interfaces            text[]        NOT NULL DEFAULT '{}',
    roles                 text[]        NOT NULL DEFAULT '{}',
    min_change_percent    numeric(5, 2),
    created_at            timestamptz   NOT NULL DEFAULT now(),
    confirmed_at          timestamptz,
    unsubscribed_at       timestamptz,
    -- when the last confirmation mail was handed to SMTP: repeated sign-ups resend at most once per interval
    confirmation_sent_at  timestamptz,
    CONSTRAINT subscriber_pk PRIMARY KEY (id),
    CONSTRAINT subscriber_email_key_uq UNIQUE (email_key),
    CONSTRAINT subscriber_email_key_ck CHECK (email_key = lower(email) AND email_key ~ '^[^@\s]+@[^@\s]+$' AND length(email) <= 254),
    CONSTRAINT subscriber_status_ck CHECK (status IN ('PENDING', 'CONFIRMED', 'UNSUBSCRIBED')),
    CONSTRAINT subscriber_confirmed_has_time_ck CHECK (status <> 'CONFIRMED' OR confirmed_at IS NOT NULL),
    CONSTRAINT subscriber_unsubscribed_has_time_ck CHECK (status <> 'UNSUBSCRIBED' OR unsubscribed_at IS NOT NULL),
    CONSTRAINT subscriber_interfaces_ck CHECK (interfaces <@ ARRAY['sata', 'sas', 'nvme', 'm2', 'u2', 'u3', 'aic', 'e1s']::text[]),
    CONSTRAINT subscriber_roles_ck CHECK (roles <@ ARRAY['slog', 'special']::text[]),
    CONSTRAINT subscriber_min_change_percent_ck CHECK (min_change_percent IS NULL OR min_change_percent BETWEEN 0 AND 100)
);

CREATE INDEX subscriber_confirmed_idx ON subscriber (id) WHERE status = 'CONFIRMED';

-- Tokens mailed to a subscriber, stored only as their SHA-256: a confirmation link (carrying the
-- settings it confirms) or an unsubscribe link (one per mail sent). The token itself is 256 bits
-- from SecureRandom and exists only in the mail.
CREATE TABLE subscription_token (
    token_hash     text         NOT NULL,
    subscriber_id  bigint       NOT NULL,
    purpose        text         NOT NULL,
    settings       jsonb,
    created_at     timestamptz  NOT NULL DEFAULT now(),
    expires_at     timestamptz,
    used_at        timestamptz,
    CONSTRAINT subscription_token_pk PRIMARY KEY (token_hash),
    CONSTRAINT subscription_token_subscriber_fk FOREIGN KEY (subscriber_id) REFERENCES subscriber (id),
    CONSTRAINT subscription_token_hash_ck CHECK (token_hash ~ '^[0-9a-f]{64}$'),
    CONSTRAINT subscription_token_purpose_ck CHECK (purpose IN ('CONFIRM', 'UNSUBSCRIBE')),
    CONSTRAINT subscription_token_confirm_has_settings_ck CHECK ((purpose = 'CONFIRM') = (settings IS NOT NULL)),
    CONSTRAINT subscription_token_confirm_expires_ck CHECK (purpose <> 'CONFIRM' OR expires_at IS NOT NULL)
);

CREATE INDEX subscription_token_subscriber_idx ON subscription_token (subscriber_id);

-- One row per subscriber and ISO week: the digest goes out at most once. SENDING is written and
-- committed before the message is handed to SMTP and SENT after; a row left SENDING by a crash is
-- "in doubt" and is not sent again by a later run (see src/docs/digests.md).
CREATE TABLE digest_delivery (
    id             bigint       GENERATED ALWAYS AS IDENTITY,
    subscriber_id  bigint       NOT NULL,
    week           text         NOT NULL,
    status         text         NOT NULL,
    attempts       integer      NOT NULL DEFAULT 0,
    change_count   integer,
    subject        text,
    last_error     text,
    created_at     timestamptz  NOT NULL DEFAULT now(),
    updated_at     timestamptz  NOT NULL DEFAULT now(),
    sending_since  timestamptz,
    sent_at        timestamptz,
    CONSTRAINT digest_delivery_pk PRIMARY KEY (id),
    CONSTRAINT digest_delivery_subscriber_fk FOREIGN KEY (subscriber_id) REFERENCES subscriber (id),
    CONSTRAINT digest_delivery_subscriber_week_uq UNIQUE (subscriber_id, week),
    CONSTRAINT digest_delivery_week_ck CHECK (week ~ '^[0-9]{4}-W(0[1-9]|[1-4][0-9]|5[0-3])$'),
    CONSTRAINT digest_delivery_status_ck CHECK (status IN ('PENDING', 'SENDING', 'SENT', 'EMPTY')),
    CONSTRAINT digest_delivery_sent_has_time_ck CHECK ((status = 'SENT') = (sent_at IS NOT NULL)),
    CONSTRAINT digest_delivery_sending_has_time_ck CHECK (status <> 'SENDING' OR sending_since IS NOT NULL),
    CONSTRAINT digest_delivery_attempts_ck CHECK (attempts >= 0 AND (change_count IS NULL OR change_count >= 0))
);

CREATE INDEX digest_delivery_week_idx ON digest_delivery (week, status);

-- Fixed-window counters for sign-ups, per client and per address, shared by every instance. Keys
-- are SHA-256 hashes: no IP address or mail address is kept here.
CREATE TABLE signup_counter (
    scope         text         NOT NULL,
    key_hash      text         NOT NULL,
    window_start  timestamptz  NOT NULL,
    attempts      integer      NOT NULL,
    CONSTRAINT signup_counter_pk PRIMARY KEY (scope, key_hash),
    CONSTRAINT signup_counter_scope_ck CHECK (scope IN ('CLIENT', 'ADDRESS')),
    CONSTRAINT signup_counter_attempts_ck CHECK (attempts > 0)
);

CREATE INDEX signup_counter_window_idx ON signup_counter (window_start);
