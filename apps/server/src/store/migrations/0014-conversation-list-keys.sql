-- A topic or a widget is one value of an array column, which no btree can lead with: a page of one
-- topic's conversations walked the ordering index of all of them (34k entries for offset 5,000 of a
-- topic held by 15 %, 10-15 ms, most of the list pages' database time). conversation_list_keys holds
-- a row per (conversation, topic) and (conversation, widget) with the conversation's ordering
-- columns and version, and an index per ordering led by the key, so such a page walks only its
-- own entries. `id` is the conversation's id (pages read `<alias>.id, <alias>.version`).
--
-- The rows follow the conversation: statement triggers rewrite a conversation's keys whenever it is
-- inserted or updated (its version changes with every update, so the keys always carry the current
-- one), and deleting it deletes them. A bulk load (the seeder) fills them once at its end. Its
-- comment starts with `derived:` (as the renders' do): it holds no records of its own.
-- The kinds and their columns are store/schema.ts LIST_KEY_KINDS; the ordering columns ORDER_COLUMNS.

CREATE TABLE conversation_list_keys (
  organization_id integer NOT NULL,
  id integer NOT NULL,
  kind text NOT NULL,
  key integer NOT NULL,
  version integer NOT NULL,
  last_message_sent_at timestamptz,
  contact_first_message_sent_at timestamptz,
  contact_last_update_at timestamptz,
  contact_last_message_sent_at timestamptz,
  PRIMARY KEY (id, kind, key),
  FOREIGN KEY (organization_id, id) REFERENCES conversations (organization_id, id) ON DELETE CASCADE
);
COMMENT ON TABLE conversation_list_keys IS 'derived: keys of conversations for list pages';
CREATE INDEX conversation_list_keys_id_idx
  ON conversation_list_keys (organization_id, kind, key, id) INCLUDE (version);
CREATE INDEX conversation_list_keys_last_message_sent_at_idx
  ON conversation_list_keys (organization_id, kind, key, last_message_sent_at, id) INCLUDE (version);
CREATE INDEX conversation_list_keys_contact_first_message_sent_at_idx
  ON conversation_list_keys (organization_id, kind, key, contact_first_message_sent_at, id) INCLUDE (version);
CREATE INDEX conversation_list_keys_contact_last_update_at_idx
  ON conversation_list_keys (organization_id, kind, key, contact_last_update_at, id) INCLUDE (version);
CREATE INDEX conversation_list_keys_contact_last_message_sent_at_idx
  ON conversation_list_keys (organization_id, kind, key, contact_last_message_sent_at, id) INCLUDE (version);

CREATE FUNCTION refresh_conversation_list_keys(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN RETURN; END IF;
  DELETE FROM conversation_list_keys WHERE id = ANY (ids);
  INSERT INTO conversation_list_keys (organization_id, id, kind, key, version, last_message_sent_at, contact_first_message_sent_at, contact_last_update_at, contact_last_message_sent_at)
  SELECT DISTINCT v.organization_id, v.id, k.kind, k.key, v.version, v.last_message_sent_at, v.contact_first_message_sent_at, v.contact_last_update_at, v.contact_last_message_sent_at
    FROM conversations v
   CROSS JOIN LATERAL (
     SELECT 'topic', unnest(v.topic_ids)
     UNION ALL SELECT 'widget', unnest(v.um_widget_ids)
   ) AS k(kind, key)
   WHERE v.id = ANY (ids);
END
$$;

CREATE FUNCTION conversations_list_keys_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF bulk_load_active() THEN RETURN NULL; END IF;
  PERFORM refresh_conversation_list_keys(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END
$$;
CREATE TRIGGER conversations_list_keys_inserted AFTER INSERT ON conversations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conversations_list_keys_changed();
CREATE TRIGGER conversations_list_keys_updated AFTER UPDATE ON conversations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conversations_list_keys_changed();

SELECT refresh_conversation_list_keys(ARRAY(SELECT id FROM conversations));
