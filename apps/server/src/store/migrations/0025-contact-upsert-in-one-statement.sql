-- A PUT of a contact (D10) took seven statements: BEGIN, an advisory lock on the identifier's
-- value (so two concurrent PUTs of a new value create one contact), the match, the UPDATE or
-- INSERT, COMMIT, then two reads to answer. It is now one autocommit statement
-- (store/contacts.ts upsertContact, D64) that calls this function first: it takes the same lock
-- (the same key, so instances of either version still serialize) and then looks for the match.
-- A function of its own because PL/pgSQL reads with a snapshot taken after the lock is held: the
-- statement's own snapshot, taken before, would miss a contact created by the PUT it waited for.
CREATE FUNCTION contact_matching_after_lock(org integer, identifier text, value text)
RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  found integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(org || ':' || identifier || ':' || value));
  -- One static query per identifier, so each is planned once and uses its index.
  IF identifier = 'email' THEN
    SELECT c.id INTO found FROM contact_identities c
     WHERE c.organization_id = org AND c.email = value ORDER BY c.id LIMIT 1;
  ELSIF identifier = 'external_customer_id' THEN
    SELECT c.id INTO found FROM contact_identities c
     WHERE c.organization_id = org AND c.external_customer_id = value ORDER BY c.id LIMIT 1;
  ELSIF identifier = 'mobile_number' THEN
    SELECT c.id INTO found FROM contact_identities c
     WHERE c.organization_id = org AND c.mobile_number = value ORDER BY c.id LIMIT 1;
  ELSIF identifier = 'phone_number' THEN
    SELECT c.id INTO found FROM contact_identities c
     WHERE c.organization_id = org AND c.phone_number = value ORDER BY c.id LIMIT 1;
  ELSE
    RAISE EXCEPTION 'contact_matching_after_lock: % is not a contact identifier', identifier;
  END IF;
  RETURN found;
END
$$;
