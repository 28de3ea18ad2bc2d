-- A contact's search vector is computed in the row being written, before it is written, instead of
-- by a second UPDATE from the statement's AFTER trigger (0005). That second update wrote another
-- version of the row, which changes the GIN-indexed search_vector and so enters the row anew in all
-- of the table's indexes, and it ran the update triggers again. A PUT or PATCH that moves a contact
-- to another city now writes one row version instead of two (issue #26: a contact upsert that
-- changes data). Same vector: the same function of the same texts (notes joined as 0008 says).
-- Bulk loads still compute the vector themselves (bulk_load_active). The notes triggers still
-- refresh through refresh_contact_search: that update changes no searched field, so the row
-- trigger below keeps the vector it computed.
CREATE FUNCTION contact_search_vector_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF bulk_load_active() THEN RETURN NEW; END IF;
  IF TG_OP = 'UPDATE' THEN
    IF (OLD.name, OLD.email, OLD.street, OLD.city, OLD.country)
       IS NOT DISTINCT FROM (NEW.name, NEW.email, NEW.street, NEW.city, NEW.country) THEN
      RETURN NEW;
    END IF;
  END IF;
  NEW.search_vector := contact_search_vector(NEW.name, NEW.email, NEW.street, NEW.city, NEW.country,
    (SELECT string_agg(n.body, ' ' ORDER BY n.id) FROM notes n
      WHERE n.organization_id = NEW.organization_id AND n.contact_identity_id = NEW.id));
  RETURN NEW;
END
$$;
CREATE TRIGGER contact_identities_search_vector BEFORE INSERT OR UPDATE ON contact_identities
  FOR EACH ROW EXECUTE FUNCTION contact_search_vector_of_row();

-- The insert's refresh is now the row trigger's work.
DROP TRIGGER contact_identities_inserted ON contact_identities;
DROP FUNCTION contact_identities_inserted();

-- As in 0005, without the contact's own refresh: the conversations' vectors hold the contact's
-- texts, so they are refreshed here, after the contact's new values are in the table.
CREATE OR REPLACE FUNCTION contact_identities_updated() RETURNS trigger LANGUAGE plpgsql AS $$
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
