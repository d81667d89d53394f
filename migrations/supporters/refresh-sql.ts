/**
 * The supporters table kept by triggers (migrations/0050_supporters.ts, docs/decisions/0100-supporters.md).
 *
 * supporter_refresh(owner, user, email, reconnect) recomputes one person's row for one campaign from
 * the sources: the follow (members only), the gifts received (paid, or paid then refunded), the
 * running monthly gifts and the event sign-ups. A member is looked up by account, a guest by
 * lower(trim(email)) among the rows with no account, so each source's index serves it. Contact
 * details are only those the person gave this campaign (a gift, a sign-up); the name falls back
 * to the public profile. With nothing left the row goes (its tags and notes with it). `reconnect`
 * is true for a new follow, a new paid gift or a new sign-up: a person who disconnected and then
 * connects again is back on the list; a refund or an unfollow does not bring them back.
 */
export const SUPPORTER_REFRESH_SQL = `
CREATE OR REPLACE FUNCTION supporter_refresh(p_owner integer, p_user integer, p_email text, p_reconnect boolean)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  k_email text := CASE WHEN p_user IS NULL THEN lower(trim(p_email)) END;
  v_follows boolean := false;
  g record;
  latest record;
  sg record;
  v_monthly integer := 0;
  prof record;
  v_name text; v_sort text; v_email text; v_state text; v_zip text;
BEGIN
  IF p_owner IS NULL OR (p_user IS NULL AND coalesce(k_email, '') = '') THEN RETURN; END IF;

  IF p_user IS NOT NULL THEN
    v_follows := EXISTS (SELECT 1 FROM follows WHERE follower_id = p_user AND followee_id = p_owner);
    SELECT count(*) FILTER (WHERE status = 'paid') AS gifts,
           coalesce(sum(amount_cents) FILTER (WHERE status = 'paid'), 0) AS gave,
           coalesce(sum(amount_cents) FILTER (WHERE status = 'refunded'), 0) AS refunded,
           count(*) AS received,
           min(paid_at) FILTER (WHERE status = 'paid') AS first_at,
           max(paid_at) FILTER (WHERE status = 'paid') AS last_at
      INTO g FROM donations
      WHERE candidate_id = p_owner AND user_id = p_user AND status IN ('paid', 'refunded');
    SELECT first_name, last_name, email, state, zip INTO latest FROM donations
      WHERE candidate_id = p_owner AND user_id = p_user AND status IN ('paid', 'refunded')
      ORDER BY paid_at DESC NULLS LAST, id DESC LIMIT 1;
    SELECT coalesce(sum(r.amount_cents), 0) INTO v_monthly
      FROM recurring_donations r JOIN donors dn ON dn.id = r.donor_id
      WHERE r.candidate_id = p_owner AND dn.user_id = p_user AND r.status = 'active';
    SELECT count(*) AS n, (array_agg(s.name ORDER BY s.created_at DESC))[1] AS name,
           (array_agg(s.email ORDER BY s.created_at DESC))[1] AS email,
           (array_agg(s.zip ORDER BY s.created_at DESC))[1] AS zip
      INTO sg FROM event_signups s JOIN events e ON e.id = s.event_id
      WHERE e.host_id = p_owner AND s.user_id = p_user;
  ELSE
    SELECT count(*) FILTER (WHERE status = 'paid') AS gifts,
           coalesce(sum(amount_cents) FILTER (WHERE status = 'paid'), 0) AS gave,
           coalesce(sum(amount_cents) FILTER (WHERE status = 'refunded'), 0) AS refunded,
           count(*) AS received,
           min(paid_at) FILTER (WHERE status = 'paid') AS first_at,
           max(paid_at) FILTER (WHERE status = 'paid') AS last_at
      INTO g FROM donations
      WHERE candidate_id = p_owner AND lower(trim(email)) = k_email AND user_id IS NULL
        AND status IN ('paid', 'refunded');
    SELECT first_name, last_name, email, state, zip INTO latest FROM donations
      WHERE candidate_id = p_owner AND lower(trim(email)) = k_email AND user_id IS NULL
        AND status IN ('paid', 'refunded')
      ORDER BY paid_at DESC NULLS LAST, id DESC LIMIT 1;
    SELECT coalesce(sum(r.amount_cents), 0) INTO v_monthly
      FROM recurring_donations r JOIN donors dn ON dn.id = r.donor_id
      WHERE r.candidate_id = p_owner AND lower(trim(r.email)) = k_email AND dn.user_id IS NULL
        AND r.status = 'active';
    SELECT count(*) AS n, (array_agg(s.name ORDER BY s.created_at DESC))[1] AS name,
           (array_agg(s.email ORDER BY s.created_at DESC))[1] AS email,
           (array_agg(s.zip ORDER BY s.created_at DESC))[1] AS zip
      INTO sg FROM event_signups s JOIN events e ON e.id = s.event_id
      WHERE e.host_id = p_owner AND s.user_id IS NULL AND lower(s.email) = k_email;
  END IF;

  IF NOT v_follows AND g.received = 0 AND sg.n = 0 THEN
    IF p_user IS NOT NULL THEN
      DELETE FROM supporters WHERE owner_id = p_owner AND user_id = p_user;
    ELSE
      DELETE FROM supporters WHERE owner_id = p_owner AND email_key = k_email;
    END IF;
    RETURN;
  END IF;

  -- Always assigned (a guest's is all NULL), so its fields can be read below.
  SELECT first_name, last_name, org_name, kind, state INTO prof FROM users WHERE id = p_user;
  IF latest.email IS NOT NULL THEN
    v_name := trim(latest.first_name || ' ' || latest.last_name);
    v_sort := lower(trim(latest.last_name || ' ' || latest.first_name));
  ELSIF sg.n > 0 THEN
    v_name := trim(sg.name);
    v_sort := lower(trim(sg.name));
  ELSIF prof.kind = 'organization' THEN
    v_name := coalesce(prof.org_name, '');
    v_sort := lower(coalesce(prof.org_name, ''));
  ELSE
    v_name := trim(coalesce(prof.first_name, '') || ' ' || coalesce(prof.last_name, ''));
    v_sort := lower(trim(coalesce(prof.last_name, '') || ' ' || coalesce(prof.first_name, '')));
  END IF;
  v_email := lower(trim(coalesce(latest.email, sg.email)));
  v_state := coalesce(latest.state, prof.state);
  v_zip := left(coalesce(latest.zip, sg.zip), 5);

  IF p_user IS NOT NULL THEN
    INSERT INTO supporters AS s (owner_id, user_id, name, sort_name, email, state, zip5, follows, gave_cents,
        refunded_cents, gifts, first_gift_at, last_gift_at, monthly_cents, events)
      VALUES (p_owner, p_user, v_name, v_sort, v_email, v_state, v_zip, v_follows, g.gave, g.refunded, g.gifts,
        g.first_at, g.last_at, v_monthly, sg.n)
      ON CONFLICT (owner_id, user_id) WHERE user_id IS NOT NULL DO UPDATE SET
        name = EXCLUDED.name, sort_name = EXCLUDED.sort_name, email = EXCLUDED.email, state = EXCLUDED.state,
        zip5 = EXCLUDED.zip5, follows = EXCLUDED.follows, gave_cents = EXCLUDED.gave_cents,
        refunded_cents = EXCLUDED.refunded_cents, gifts = EXCLUDED.gifts, first_gift_at = EXCLUDED.first_gift_at,
        last_gift_at = EXCLUDED.last_gift_at, monthly_cents = EXCLUDED.monthly_cents, events = EXCLUDED.events,
        connected_at = CASE WHEN p_reconnect AND s.disconnected_at IS NOT NULL THEN now() ELSE s.connected_at END,
        disconnected_at = CASE WHEN p_reconnect THEN NULL ELSE s.disconnected_at END;
  ELSE
    INSERT INTO supporters AS s (owner_id, email_key, name, sort_name, email, state, zip5, follows, gave_cents,
        refunded_cents, gifts, first_gift_at, last_gift_at, monthly_cents, events)
      VALUES (p_owner, k_email, v_name, v_sort, v_email, v_state, v_zip, false, g.gave, g.refunded, g.gifts,
        g.first_at, g.last_at, v_monthly, sg.n)
      ON CONFLICT (owner_id, email_key) WHERE email_key IS NOT NULL DO UPDATE SET
        name = EXCLUDED.name, sort_name = EXCLUDED.sort_name, email = EXCLUDED.email, state = EXCLUDED.state,
        zip5 = EXCLUDED.zip5, gave_cents = EXCLUDED.gave_cents,
        refunded_cents = EXCLUDED.refunded_cents, gifts = EXCLUDED.gifts, first_gift_at = EXCLUDED.first_gift_at,
        last_gift_at = EXCLUDED.last_gift_at, monthly_cents = EXCLUDED.monthly_cents, events = EXCLUDED.events,
        connected_at = CASE WHEN p_reconnect AND s.disconnected_at IS NOT NULL THEN now() ELSE s.connected_at END,
        disconnected_at = CASE WHEN p_reconnect THEN NULL ELSE s.disconnected_at END;
  END IF;
END $$;
`;

/**
 * Row triggers on the four sources, one statement each (a prepared statement holds one command). A gift counts once it is received, so the pending, failed and
 * expired rows of checkout cost nothing; a gift becoming paid reconnects, a refund does not.
 */
export const SUPPORTER_TRIGGERS_SQL: readonly string[] = [
  `CREATE OR REPLACE FUNCTION supporters_follows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM supporter_refresh(NEW.followee_id, NEW.follower_id, NULL, true);
  ELSE
    PERFORM supporter_refresh(OLD.followee_id, OLD.follower_id, NULL, false);
  END IF;
  RETURN NULL;
END $$`,
  `CREATE TRIGGER supporters_follows AFTER INSERT OR DELETE ON follows
  FOR EACH ROW EXECUTE FUNCTION supporters_follows_changed()`,
  `CREATE OR REPLACE FUNCTION supporters_donations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IN ('paid', 'refunded')
     AND (OLD.user_id IS DISTINCT FROM NEW.user_id OR NOT NEW.status IN ('paid', 'refunded')) THEN
    PERFORM supporter_refresh(OLD.candidate_id, OLD.user_id, OLD.email, false);
  END IF;
  IF NEW.status IN ('paid', 'refunded')
     AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM NEW.status OR OLD.user_id IS DISTINCT FROM NEW.user_id
          OR OLD.amount_cents <> NEW.amount_cents) THEN
    PERFORM supporter_refresh(NEW.candidate_id, NEW.user_id, NEW.email,
      NEW.status = 'paid' AND (TG_OP = 'INSERT' OR OLD.status <> 'paid'));
  END IF;
  RETURN NULL;
END $$`,
  `CREATE TRIGGER supporters_donations AFTER INSERT OR UPDATE ON donations
  FOR EACH ROW EXECUTE FUNCTION supporters_donations_changed()`,
  `CREATE OR REPLACE FUNCTION supporters_recurring_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v_user integer;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.amount_cents = NEW.amount_cents THEN RETURN NULL; END IF;
  IF NEW.status <> 'active' AND (TG_OP = 'INSERT' OR OLD.status <> 'active') THEN RETURN NULL; END IF;
  SELECT user_id INTO v_user FROM donors WHERE id = NEW.donor_id;
  PERFORM supporter_refresh(NEW.candidate_id, v_user, NEW.email, false);
  RETURN NULL;
END $$`,
  `CREATE TRIGGER supporters_recurring AFTER INSERT OR UPDATE ON recurring_donations
  FOR EACH ROW EXECUTE FUNCTION supporters_recurring_changed()`,
  `CREATE OR REPLACE FUNCTION supporters_signups_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v_host integer;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT host_id INTO v_host FROM events WHERE id = OLD.event_id;
    PERFORM supporter_refresh(v_host, OLD.user_id, OLD.email, false);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT host_id INTO v_host FROM events WHERE id = NEW.event_id;
    PERFORM supporter_refresh(v_host, NEW.user_id, NEW.email, TG_OP = 'INSERT');
  END IF;
  RETURN NULL;
END $$`,
  `CREATE TRIGGER supporters_signups AFTER INSERT OR DELETE OR UPDATE OF user_id, email, name, zip ON event_signups
  FOR EACH ROW EXECUTE FUNCTION supporters_signups_changed()`,
];
