-- A single conversation (GET and the answer of its PATCH) is the list form plus its part set. It
-- was rendered on every read (the list form's stored render was used only when a list page had
-- stored it, and the parts were read and rendered each time): 2.9 statements and 1.7 ms of
-- PostgreSQL per GET on the 100k world. Its render is now kept like the list form's (0012): by
-- record and version, in conversation_details_renders; the table name is store/schema.ts
-- rendersTableOf('conversation_details').

CREATE TABLE conversation_details_renders (
  organization_id integer NOT NULL,
  id integer NOT NULL,
  version integer NOT NULL,
  json text NOT NULL,
  PRIMARY KEY (id),
  FOREIGN KEY (organization_id, id) REFERENCES conversations (organization_id, id) ON DELETE CASCADE
);
COMMENT ON TABLE conversation_details_renders IS 'derived: rendered JSON of single conversations with their parts';

-- The part set is part of that render: a written part bumps its conversation's version, so a
-- stored render of the older version is never served.
CREATE FUNCTION conversation_parts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF bulk_load_active() THEN RETURN NULL; END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM touch_conversations(ARRAY(SELECT DISTINCT conversation_id FROM old_rows ORDER BY 1));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM touch_conversations(ARRAY(SELECT DISTINCT conversation_id FROM new_rows ORDER BY 1));
  ELSE
    PERFORM touch_conversations(ARRAY(
      SELECT conversation_id FROM new_rows UNION SELECT conversation_id FROM old_rows ORDER BY 1));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER conversation_parts_inserted AFTER INSERT ON conversation_parts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conversation_parts_changed();
CREATE TRIGGER conversation_parts_deleted AFTER DELETE ON conversation_parts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION conversation_parts_changed();
CREATE TRIGGER conversation_parts_updated AFTER UPDATE ON conversation_parts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conversation_parts_changed();

-- A PATCH of a conversation's topics is one statement (store/conversations.ts setConversationTopics)
-- that writes conversation_topics and, in the same UPDATE that sets updated_at, the topic_ids they
-- give. The conversation_topics triggers then find topic_ids right and update nothing: one update
-- of the conversation row (one version, one list-keys refresh) instead of two.
CREATE OR REPLACE FUNCTION refresh_conversation_topic_ids(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  stale integer[];
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN RETURN; END IF;
  -- Checked first: an UPDATE of no row would still run the conversations statement triggers.
  SELECT array_agg(v.id ORDER BY v.id) INTO stale FROM conversations v
   WHERE v.id = ANY (ids) AND v.topic_ids IS DISTINCT FROM ARRAY(
     SELECT ct.topic_id FROM conversation_topics ct WHERE ct.conversation_id = v.id ORDER BY ct.topic_id);
  IF stale IS NULL THEN RETURN; END IF;
  UPDATE conversations v
     SET topic_ids = ARRAY(SELECT ct.topic_id FROM conversation_topics ct
                            WHERE ct.conversation_id = v.id ORDER BY ct.topic_id)
   WHERE v.id = ANY (stale);
END
$$;
