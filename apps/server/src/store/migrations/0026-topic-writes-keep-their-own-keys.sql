-- A PATCH of a conversation's topics (store/conversations.ts setConversationTopics) sets topic_ids
-- in the same statement that rewrites conversation_topics. The statement triggers of
-- conversation_topics then only confirmed that (a query per trigger, a quarter of the statement's
-- time on PostgreSQL): the statement now says so with the transaction-local setting
-- um.topic_ids_written (an autocommit statement is its transaction), and they return at once. Any
-- other writer of conversation_topics leaves it unset and is served as before. D63.
CREATE OR REPLACE FUNCTION conversation_topics_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF bulk_load_active() THEN RETURN NULL; END IF;
  IF current_setting('um.topic_ids_written', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_conversation_topic_ids(ARRAY(SELECT DISTINCT conversation_id FROM new_rows));
  ELSE
    PERFORM refresh_conversation_topic_ids(ARRAY(SELECT DISTINCT conversation_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;

-- The keys a conversation gained are inserted without probing the ones it kept.
CREATE OR REPLACE FUNCTION conversation_list_keys_row_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF bulk_load_active() THEN RETURN NULL; END IF;
  IF NEW.topic_ids IS DISTINCT FROM OLD.topic_ids OR NEW.um_widget_ids IS DISTINCT FROM OLD.um_widget_ids THEN
    DELETE FROM conversation_list_keys k
     WHERE k.id = NEW.id
       AND NOT ((k.kind = 'topic' AND k.key = ANY (coalesce(NEW.topic_ids, '{}')))
             OR (k.kind = 'widget' AND k.key = ANY (coalesce(NEW.um_widget_ids, '{}'))));
    INSERT INTO conversation_list_keys (organization_id, id, kind, key, last_message_sent_at, contact_first_message_sent_at, contact_last_update_at, contact_last_message_sent_at)
    SELECT NEW.organization_id, NEW.id, k.kind, k.key, NEW.last_message_sent_at, NEW.contact_first_message_sent_at, NEW.contact_last_update_at, NEW.contact_last_message_sent_at
      FROM (SELECT 'topic', unnest(NEW.topic_ids) EXCEPT SELECT 'topic', unnest(OLD.topic_ids)
            UNION ALL
            (SELECT 'widget', unnest(NEW.um_widget_ids) EXCEPT SELECT 'widget', unnest(OLD.um_widget_ids))) AS k(kind, key)
     WHERE k.key IS NOT NULL
    ON CONFLICT (id, kind, key) DO NOTHING;
  END IF;
  IF (NEW.last_message_sent_at, NEW.contact_first_message_sent_at, NEW.contact_last_update_at, NEW.contact_last_message_sent_at)
     IS DISTINCT FROM
     (OLD.last_message_sent_at, OLD.contact_first_message_sent_at, OLD.contact_last_update_at, OLD.contact_last_message_sent_at) THEN
    UPDATE conversation_list_keys
       SET last_message_sent_at = NEW.last_message_sent_at,
           contact_first_message_sent_at = NEW.contact_first_message_sent_at,
           contact_last_update_at = NEW.contact_last_update_at,
           contact_last_message_sent_at = NEW.contact_last_message_sent_at
     WHERE id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
