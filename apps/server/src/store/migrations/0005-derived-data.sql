-- Derived data kept correct on every write, by ONE mechanism: statement-level AFTER triggers (with
-- transition tables, so a multi-row write costs one refresh, not one per row) that call two
-- set-based SQL functions, refresh_contact_search(ids) and refresh_conversation_search(ids).
-- The same functions serve bulk loads: with `SET LOCAL app.bulk_load = 'on'` the triggers step
-- aside and the loader calls the functions once per batch of ids at the end (store/search.ts).
--
--   contact_identities.search_vector = A(name, email, street, city, country) || B(note bodies)
--   conversations.search_vector      = A(contact name, email, street, city) || C(message bodies)
--
-- Emails are indexed whole and split at @ . _ + - so that a keyword prefix finds either.
--
-- The same triggers clear rendered_json (see 0001) of records whose representation embeds the
-- changed data: a conversation embeds its contact, last message, topics and widget; a contact
-- carries conversation_count. A row trigger clears it on the record's own updates.

CREATE FUNCTION search_text_of_email(email text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT email || ' ' || regexp_replace(email, '[@._+-]+', ' ', 'g') $$;

-- Every helper returns early on an empty id list: an UPDATE of zero rows still fires the
-- statement triggers, which would otherwise call back here forever.
CREATE FUNCTION refresh_contact_search(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN RETURN; END IF;
  UPDATE contact_identities c SET search_vector =
      setweight(to_tsvector('english'::regconfig,
        concat_ws(' ', c.name, search_text_of_email(c.email), c.street, c.city, c.country)), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce(
        (SELECT string_agg(n.body, ' ' ORDER BY n.id) FROM notes n
          WHERE n.organization_id = c.organization_id AND n.contact_identity_id = c.id), '')), 'B')
  WHERE c.id = ANY (ids);
END
$$;

CREATE FUNCTION refresh_conversation_search(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN RETURN; END IF;
  UPDATE conversations v SET search_vector =
      setweight(to_tsvector('english'::regconfig,
        concat_ws(' ', c.name, search_text_of_email(c.email), c.street, c.city)), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce(
        (SELECT string_agg(m.body, ' ' ORDER BY m.sequence) FROM messages m
          WHERE m.conversation_id = v.id), '')), 'C')
  FROM contact_identities c
  WHERE v.id = ANY (ids) AND c.organization_id = v.organization_id AND c.id = v.contact_identity_id;
END
$$;

-- D11: keywords split on '+' or whitespace, each stemmed with 'english' (stop words drop
-- out) and matched as a prefix; the lexemes of one keyword are AND-ed, keywords OR-ed.
-- NULL when nothing searchable remains (then nothing matches).
CREATE FUNCTION um_search_query(input text) RETURNS tsquery LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT string_agg('(' || k.q || ')', ' | ')::tsquery
  FROM (
    SELECT string_agg('''' || replace(replace(l.lexeme, '\', '\\'), '''', '''''') || ''':*', ' & ') AS q
    FROM regexp_split_to_table(input, '[+[:space:]]+') WITH ORDINALITY AS kw (word, n)
    CROSS JOIN LATERAL unnest(to_tsvector('english'::regconfig, kw.word)) AS l
    GROUP BY kw.n
  ) k
$$;

CREATE FUNCTION bulk_load_active() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('app.bulk_load', true), '') = 'on'
$$;

-- Own-row invalidation of the pre-rendered JSON (any update that does not write rendered_json).
CREATE FUNCTION invalidate_rendered_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.rendered_json IS NOT DISTINCT FROM OLD.rendered_json THEN
    NEW.version := OLD.version + 1;
    NEW.rendered_json := NULL;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER conversations_invalidate_rendered_json BEFORE UPDATE ON conversations
  FOR EACH ROW EXECUTE FUNCTION invalidate_rendered_json();
CREATE TRIGGER contact_identities_invalidate_rendered_json BEFORE UPDATE ON contact_identities
  FOR EACH ROW EXECUTE FUNCTION invalidate_rendered_json();
CREATE TRIGGER messages_invalidate_rendered_json BEFORE UPDATE ON messages
  FOR EACH ROW EXECUTE FUNCTION invalidate_rendered_json();
CREATE TRIGGER notes_invalidate_rendered_json BEFORE UPDATE ON notes
  FOR EACH ROW EXECUTE FUNCTION invalidate_rendered_json();
CREATE TRIGGER navigation_events_invalidate_rendered_json BEFORE UPDATE ON navigation_events
  FOR EACH ROW EXECUTE FUNCTION invalidate_rendered_json();
CREATE TRIGGER operators_invalidate_rendered_json BEFORE UPDATE ON operators
  FOR EACH ROW EXECUTE FUNCTION invalidate_rendered_json();

-- "Touch" = an update that changes nothing but, through the row trigger above, bumps version and
-- clears rendered_json.
CREATE FUNCTION touch_conversations(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN RETURN; END IF;
  UPDATE conversations SET version = version WHERE id = ANY (ids);
END
$$;
CREATE FUNCTION touch_contacts(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN RETURN; END IF;
  UPDATE contact_identities SET version = version WHERE id = ANY (ids);
END
$$;

-- contact_identities ---------------------------------------------------------------------------
CREATE FUNCTION contact_identities_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF bulk_load_active() THEN RETURN NULL; END IF;
  PERFORM refresh_contact_search(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END
$$;
CREATE TRIGGER contact_identities_inserted AFTER INSERT ON contact_identities
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_identities_inserted();

-- Only real data changes count: the refresh's own update (search_vector, version, rendered_json)
-- finds no changed rows, which is what ends the recursion.
CREATE FUNCTION contact_identities_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  searched integer[];
  changed integer[];
BEGIN
  IF bulk_load_active() THEN RETURN NULL; END IF;
  SELECT
    coalesce(array_agg(n.id) FILTER (WHERE
      (o.name, o.email, o.street, o.city, o.country) IS DISTINCT FROM (n.name, n.email, n.street, n.city, n.country)),
      '{}'),
    coalesce(array_agg(n.id) FILTER (WHERE
      (to_jsonb(o) - '{search_vector,rendered_json,version}'::text[])
        IS DISTINCT FROM (to_jsonb(n) - '{search_vector,rendered_json,version}'::text[])),
      '{}')
  INTO searched, changed
  FROM old_rows o JOIN new_rows n ON n.id = o.id;
  PERFORM refresh_contact_search(searched);
  PERFORM refresh_conversation_search(ARRAY(
    SELECT v.id FROM conversations v JOIN new_rows n
      ON v.organization_id = n.organization_id AND v.contact_identity_id = n.id
    WHERE n.id = ANY (searched)));
  -- The refresh above already cleared rendered_json of those conversations.
  PERFORM touch_conversations(ARRAY(
    SELECT v.id FROM conversations v JOIN new_rows n
      ON v.organization_id = n.organization_id AND v.contact_identity_id = n.id
    WHERE n.id = ANY (changed) AND NOT (n.id = ANY (searched))));
  RETURN NULL;
END
$$;
CREATE TRIGGER contact_identities_updated AFTER UPDATE ON contact_identities
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_identities_updated();

-- notes: B part of the contact's vector ------------------------------------------------------------
CREATE FUNCTION notes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF bulk_load_active() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_contact_search(ARRAY(SELECT DISTINCT contact_identity_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_contact_search(ARRAY(SELECT DISTINCT contact_identity_id FROM old_rows));
  ELSE
    PERFORM refresh_contact_search(ARRAY(
      SELECT contact_identity_id FROM new_rows UNION SELECT contact_identity_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER notes_inserted AFTER INSERT ON notes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notes_changed();
CREATE TRIGGER notes_deleted AFTER DELETE ON notes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notes_changed();
CREATE TRIGGER notes_updated AFTER UPDATE ON notes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notes_changed();

-- messages: C part of the conversation's vector (and its last_message) ----------------------------
CREATE FUNCTION messages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF bulk_load_active() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_conversation_search(ARRAY(SELECT DISTINCT conversation_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_conversation_search(ARRAY(SELECT DISTINCT conversation_id FROM old_rows));
  ELSE
    PERFORM refresh_conversation_search(ARRAY(
      SELECT conversation_id FROM new_rows UNION SELECT conversation_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER messages_inserted AFTER INSERT ON messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION messages_changed();
CREATE TRIGGER messages_deleted AFTER DELETE ON messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION messages_changed();
CREATE TRIGGER messages_updated AFTER UPDATE ON messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION messages_changed();

-- conversations: own vector on insert / contact change; the contact's conversation_count ----------
CREATE FUNCTION conversations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF bulk_load_active() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_conversation_search(ARRAY(SELECT id FROM new_rows));
    PERFORM touch_contacts(ARRAY(SELECT DISTINCT contact_identity_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM touch_contacts(ARRAY(SELECT DISTINCT contact_identity_id FROM old_rows));
  ELSE
    PERFORM refresh_conversation_search(ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.contact_identity_id <> o.contact_identity_id));
    PERFORM touch_contacts(ARRAY(
      SELECT n.contact_identity_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.contact_identity_id <> o.contact_identity_id
      UNION
      SELECT o.contact_identity_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.contact_identity_id <> o.contact_identity_id));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER conversations_inserted AFTER INSERT ON conversations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conversations_changed();
CREATE TRIGGER conversations_deleted AFTER DELETE ON conversations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION conversations_changed();
CREATE TRIGGER conversations_updated AFTER UPDATE ON conversations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conversations_changed();

-- data a conversation embeds: topics, topic texts, widget ------------------------------------------
CREATE FUNCTION conversation_topics_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF bulk_load_active() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM touch_conversations(ARRAY(SELECT DISTINCT conversation_id FROM new_rows));
  ELSE
    PERFORM touch_conversations(ARRAY(SELECT DISTINCT conversation_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER conversation_topics_inserted AFTER INSERT ON conversation_topics
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conversation_topics_changed();
CREATE TRIGGER conversation_topics_deleted AFTER DELETE ON conversation_topics
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION conversation_topics_changed();

CREATE FUNCTION topics_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF bulk_load_active() THEN RETURN NULL; END IF;
  PERFORM touch_conversations(ARRAY(
    SELECT DISTINCT ct.conversation_id FROM conversation_topics ct JOIN new_rows n
      ON ct.organization_id = n.organization_id AND ct.topic_id = n.id));
  RETURN NULL;
END
$$;
CREATE TRIGGER topics_updated AFTER UPDATE ON topics
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION topics_updated();

CREATE FUNCTION um_widgets_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF bulk_load_active() THEN RETURN NULL; END IF;
  PERFORM touch_conversations(ARRAY(
    SELECT v.id FROM conversations v JOIN new_rows n
      ON v.organization_id = n.organization_id AND v.um_widget_id = n.id));
  RETURN NULL;
END
$$;
CREATE TRIGGER um_widgets_updated AFTER UPDATE ON um_widgets
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION um_widgets_updated();
