-- One definition of each search vector, as an immutable function of its texts, used both by the
-- refresh functions the triggers call and by bulk loads, which compute the vector in the INSERT
-- itself (the loader knows the texts) instead of updating every row afterwards: an update of a
-- row whose GIN-indexed column changes rewrites every index entry of the row.
--
-- The foreign keys into contact_identities become DEFERRABLE (still checked immediately unless a
-- transaction defers them), so a load may write a contact after the conversations that tell its
-- first and last message times.

CREATE FUNCTION contact_search_vector(name text, email text, street text, city text, country text, notes text)
  RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig,
           concat_ws(' ', name, search_text_of_email(email), street, city, country)), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(notes, '')), 'B')
$$;

CREATE FUNCTION conversation_search_vector(name text, email text, street text, city text, messages text)
  RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig,
           concat_ws(' ', name, search_text_of_email(email), street, city)), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(messages, '')), 'C')
$$;

-- Note and message texts are joined with one space, in id / sequence order: a loader computing
-- the vector itself must join them the same way.
CREATE OR REPLACE FUNCTION refresh_contact_search(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN RETURN; END IF;
  UPDATE contact_identities c SET search_vector = contact_search_vector(c.name, c.email, c.street, c.city, c.country,
    (SELECT string_agg(n.body, ' ' ORDER BY n.id) FROM notes n
      WHERE n.organization_id = c.organization_id AND n.contact_identity_id = c.id))
  WHERE c.id = ANY (ids);
END
$$;

CREATE OR REPLACE FUNCTION refresh_conversation_search(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN RETURN; END IF;
  UPDATE conversations v SET search_vector = conversation_search_vector(c.name, c.email, c.street, c.city,
    (SELECT string_agg(m.body, ' ' ORDER BY m.sequence) FROM messages m WHERE m.conversation_id = v.id))
  FROM contact_identities c
  WHERE v.id = ANY (ids) AND c.organization_id = v.organization_id AND c.id = v.contact_identity_id;
END
$$;

ALTER TABLE conversations ALTER CONSTRAINT conversations_organization_id_contact_identity_id_fkey
  DEFERRABLE INITIALLY IMMEDIATE;
ALTER TABLE navigation_events ALTER CONSTRAINT navigation_events_organization_id_contact_identity_id_fkey
  DEFERRABLE INITIALLY IMMEDIATE;
