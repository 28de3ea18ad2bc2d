-- A PATCH that changes a conversation's topics wrote a new entry into all 22 indexes of
-- conversations (among them the GIN index of its search text, whose pending list a later write
-- then had to merge): topic_ids was carried (INCLUDE) by the 15 ordering indexes, so an update of
-- it could never be HOT. Its list keys were rewritten whole (every topic and widget key, each in 6
-- indexes) for a change of one. D63.
--
-- The ordering indexes now carry status, operator and widgets only. A page filtered by a topic
-- alone is read from conversation_list_keys (0014), which still holds every topic; a topic combined
-- with other filters checks topic_ids on the rows the ordering index selects (a heap read per
-- candidate row, bounded by the page). A change of topics is then a HOT update of the conversation.

DROP INDEX conversations_contact_first_message_sent_at_order_idx;
CREATE INDEX conversations_contact_first_message_sent_at_order_idx ON conversations (organization_id, contact_first_message_sent_at, id) INCLUDE (status, operator_assigned_to, um_widget_ids);
DROP INDEX conversations_contact_last_message_sent_at_order_idx;
CREATE INDEX conversations_contact_last_message_sent_at_order_idx ON conversations (organization_id, contact_last_message_sent_at, id) INCLUDE (status, operator_assigned_to, um_widget_ids);
DROP INDEX conversations_contact_last_update_at_order_idx;
CREATE INDEX conversations_contact_last_update_at_order_idx ON conversations (organization_id, contact_last_update_at, id) INCLUDE (status, operator_assigned_to, um_widget_ids);
DROP INDEX conversations_id_order_idx;
CREATE INDEX conversations_id_order_idx ON conversations (organization_id, id) INCLUDE (status, operator_assigned_to, um_widget_ids);
DROP INDEX conversations_last_message_sent_at_order_idx;
CREATE INDEX conversations_last_message_sent_at_order_idx ON conversations (organization_id, last_message_sent_at, id) INCLUDE (status, operator_assigned_to, um_widget_ids);
DROP INDEX conversations_operator_contact_first_message_sent_at_order_idx;
CREATE INDEX conversations_operator_contact_first_message_sent_at_order_idx ON conversations (organization_id, operator_assigned_to, contact_first_message_sent_at, id) INCLUDE (status, um_widget_ids);
DROP INDEX conversations_operator_contact_last_message_sent_at_order_idx;
CREATE INDEX conversations_operator_contact_last_message_sent_at_order_idx ON conversations (organization_id, operator_assigned_to, contact_last_message_sent_at, id) INCLUDE (status, um_widget_ids);
DROP INDEX conversations_operator_contact_last_update_at_order_idx;
CREATE INDEX conversations_operator_contact_last_update_at_order_idx ON conversations (organization_id, operator_assigned_to, contact_last_update_at, id) INCLUDE (status, um_widget_ids);
DROP INDEX conversations_operator_id_order_idx;
CREATE INDEX conversations_operator_id_order_idx ON conversations (organization_id, operator_assigned_to, id) INCLUDE (status, um_widget_ids);
DROP INDEX conversations_operator_last_message_sent_at_order_idx;
CREATE INDEX conversations_operator_last_message_sent_at_order_idx ON conversations (organization_id, operator_assigned_to, last_message_sent_at, id) INCLUDE (status, um_widget_ids);
DROP INDEX conversations_status_contact_first_message_sent_at_order_idx;
CREATE INDEX conversations_status_contact_first_message_sent_at_order_idx ON conversations (organization_id, status, contact_first_message_sent_at, id) INCLUDE (operator_assigned_to, um_widget_ids);
DROP INDEX conversations_status_contact_last_message_sent_at_order_idx;
CREATE INDEX conversations_status_contact_last_message_sent_at_order_idx ON conversations (organization_id, status, contact_last_message_sent_at, id) INCLUDE (operator_assigned_to, um_widget_ids);
DROP INDEX conversations_status_contact_last_update_at_order_idx;
CREATE INDEX conversations_status_contact_last_update_at_order_idx ON conversations (organization_id, status, contact_last_update_at, id) INCLUDE (operator_assigned_to, um_widget_ids);
DROP INDEX conversations_status_id_order_idx;
CREATE INDEX conversations_status_id_order_idx ON conversations (organization_id, status, id) INCLUDE (operator_assigned_to, um_widget_ids);
DROP INDEX conversations_status_last_message_sent_at_order_idx;
CREATE INDEX conversations_status_last_message_sent_at_order_idx ON conversations (organization_id, status, last_message_sent_at, id) INCLUDE (operator_assigned_to, um_widget_ids);

-- A change of keys removes the keys the conversation lost and adds those it gained; the keys it
-- kept stay (their ordering columns are updated only when those changed).
CREATE OR REPLACE FUNCTION conversation_list_keys_row_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF bulk_load_active() THEN RETURN NULL; END IF;
  IF NEW.topic_ids IS DISTINCT FROM OLD.topic_ids OR NEW.um_widget_ids IS DISTINCT FROM OLD.um_widget_ids THEN
    DELETE FROM conversation_list_keys k
     WHERE k.id = NEW.id
       AND NOT ((k.kind = 'topic' AND k.key = ANY (coalesce(NEW.topic_ids, '{}')))
             OR (k.kind = 'widget' AND k.key = ANY (coalesce(NEW.um_widget_ids, '{}'))));
    INSERT INTO conversation_list_keys (organization_id, id, kind, key, last_message_sent_at, contact_first_message_sent_at, contact_last_update_at, contact_last_message_sent_at)
    SELECT DISTINCT NEW.organization_id, NEW.id, k.kind, k.key, NEW.last_message_sent_at, NEW.contact_first_message_sent_at, NEW.contact_last_update_at, NEW.contact_last_message_sent_at
      FROM (SELECT 'topic', unnest(NEW.topic_ids) UNION ALL SELECT 'widget', unnest(NEW.um_widget_ids)) AS k(kind, key)
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
