-- A write to a conversation that changes none of its indexed columns is a HOT update (one heap
-- tuple, no index entries), as PATCH of its topics to the set it has: D60. Until now every write
-- added entries to 21 indexes, for two columns that change on every write: `version`, carried by
-- the ordering indexes (0011) and the list keys (0014) so pages were read index-only, and
-- `updated_at` (its own index, for the updated_at_* filters). Pages now read the ids from the
-- indexes and the versions of the page's rows from the table (store/pages.ts, a deferred join of at
-- most one page), and the updated_at_* filters are applied to the rows the other conditions and
-- the ordering index select. The list keys carry no version, so they change only when a
-- conversation's keys or ordering columns change, through a row trigger whose WHEN clause skips
-- every other update without running any function; moving a conversation to another contact is
-- likewise a row trigger. No UPDATE of conversations captures transition tables any more.

DROP INDEX conversations_updated_idx;
DROP INDEX conversations_contact_first_message_sent_at_order_idx;
CREATE INDEX conversations_contact_first_message_sent_at_order_idx ON conversations (organization_id, contact_first_message_sent_at, id) INCLUDE (status, operator_assigned_to, um_widget_ids, topic_ids);
DROP INDEX conversations_contact_last_message_sent_at_order_idx;
CREATE INDEX conversations_contact_last_message_sent_at_order_idx ON conversations (organization_id, contact_last_message_sent_at, id) INCLUDE (status, operator_assigned_to, um_widget_ids, topic_ids);
DROP INDEX conversations_contact_last_update_at_order_idx;
CREATE INDEX conversations_contact_last_update_at_order_idx ON conversations (organization_id, contact_last_update_at, id) INCLUDE (status, operator_assigned_to, um_widget_ids, topic_ids);
DROP INDEX conversations_id_order_idx;
CREATE INDEX conversations_id_order_idx ON conversations (organization_id, id) INCLUDE (status, operator_assigned_to, um_widget_ids, topic_ids);
DROP INDEX conversations_last_message_sent_at_order_idx;
CREATE INDEX conversations_last_message_sent_at_order_idx ON conversations (organization_id, last_message_sent_at, id) INCLUDE (status, operator_assigned_to, um_widget_ids, topic_ids);
DROP INDEX conversations_operator_contact_first_message_sent_at_order_idx;
CREATE INDEX conversations_operator_contact_first_message_sent_at_order_idx ON conversations (organization_id, operator_assigned_to, contact_first_message_sent_at, id) INCLUDE (status, um_widget_ids, topic_ids);
DROP INDEX conversations_operator_contact_last_message_sent_at_order_idx;
CREATE INDEX conversations_operator_contact_last_message_sent_at_order_idx ON conversations (organization_id, operator_assigned_to, contact_last_message_sent_at, id) INCLUDE (status, um_widget_ids, topic_ids);
DROP INDEX conversations_operator_contact_last_update_at_order_idx;
CREATE INDEX conversations_operator_contact_last_update_at_order_idx ON conversations (organization_id, operator_assigned_to, contact_last_update_at, id) INCLUDE (status, um_widget_ids, topic_ids);
DROP INDEX conversations_operator_id_order_idx;
CREATE INDEX conversations_operator_id_order_idx ON conversations (organization_id, operator_assigned_to, id) INCLUDE (status, um_widget_ids, topic_ids);
DROP INDEX conversations_operator_last_message_sent_at_order_idx;
CREATE INDEX conversations_operator_last_message_sent_at_order_idx ON conversations (organization_id, operator_assigned_to, last_message_sent_at, id) INCLUDE (status, um_widget_ids, topic_ids);
DROP INDEX conversations_status_contact_first_message_sent_at_order_idx;
CREATE INDEX conversations_status_contact_first_message_sent_at_order_idx ON conversations (organization_id, status, contact_first_message_sent_at, id) INCLUDE (operator_assigned_to, um_widget_ids, topic_ids);
DROP INDEX conversations_status_contact_last_message_sent_at_order_idx;
CREATE INDEX conversations_status_contact_last_message_sent_at_order_idx ON conversations (organization_id, status, contact_last_message_sent_at, id) INCLUDE (operator_assigned_to, um_widget_ids, topic_ids);
DROP INDEX conversations_status_contact_last_update_at_order_idx;
CREATE INDEX conversations_status_contact_last_update_at_order_idx ON conversations (organization_id, status, contact_last_update_at, id) INCLUDE (operator_assigned_to, um_widget_ids, topic_ids);
DROP INDEX conversations_status_id_order_idx;
CREATE INDEX conversations_status_id_order_idx ON conversations (organization_id, status, id) INCLUDE (operator_assigned_to, um_widget_ids, topic_ids);
DROP INDEX conversations_status_last_message_sent_at_order_idx;
CREATE INDEX conversations_status_last_message_sent_at_order_idx ON conversations (organization_id, status, last_message_sent_at, id) INCLUDE (operator_assigned_to, um_widget_ids, topic_ids);

-- Dropping the column drops the list keys' ordering indexes (they INCLUDE it): recreated without.
ALTER TABLE conversation_list_keys DROP COLUMN version;
CREATE INDEX conversation_list_keys_id_idx
  ON conversation_list_keys (organization_id, kind, key, id);
CREATE INDEX conversation_list_keys_last_message_sent_at_idx
  ON conversation_list_keys (organization_id, kind, key, last_message_sent_at, id);
CREATE INDEX conversation_list_keys_contact_first_message_sent_at_idx
  ON conversation_list_keys (organization_id, kind, key, contact_first_message_sent_at, id);
CREATE INDEX conversation_list_keys_contact_last_update_at_idx
  ON conversation_list_keys (organization_id, kind, key, contact_last_update_at, id);
CREATE INDEX conversation_list_keys_contact_last_message_sent_at_idx
  ON conversation_list_keys (organization_id, kind, key, contact_last_message_sent_at, id);

CREATE OR REPLACE FUNCTION refresh_conversation_list_keys(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN RETURN; END IF;
  DELETE FROM conversation_list_keys WHERE id = ANY (ids);
  INSERT INTO conversation_list_keys (organization_id, id, kind, key, last_message_sent_at, contact_first_message_sent_at, contact_last_update_at, contact_last_message_sent_at)
  SELECT DISTINCT v.organization_id, v.id, k.kind, k.key, v.last_message_sent_at, v.contact_first_message_sent_at, v.contact_last_update_at, v.contact_last_message_sent_at
    FROM conversations v
   CROSS JOIN LATERAL (
     SELECT 'topic', unnest(v.topic_ids)
     UNION ALL SELECT 'widget', unnest(v.um_widget_ids)
   ) AS k(kind, key)
   WHERE v.id = ANY (ids);
END
$$;

-- Called only for rows whose keys or ordering columns changed (the trigger's WHEN).
CREATE FUNCTION conversation_list_keys_row_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF bulk_load_active() THEN RETURN NULL; END IF;
  IF NEW.topic_ids IS DISTINCT FROM OLD.topic_ids OR NEW.um_widget_ids IS DISTINCT FROM OLD.um_widget_ids THEN
    PERFORM refresh_conversation_list_keys(ARRAY[NEW.id]);
  ELSE
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
DROP TRIGGER conversations_list_keys_updated ON conversations;
DROP FUNCTION conversations_list_keys_updated();
CREATE TRIGGER conversations_list_keys_updated AFTER UPDATE ON conversations FOR EACH ROW
  WHEN (NEW.topic_ids IS DISTINCT FROM OLD.topic_ids OR NEW.um_widget_ids IS DISTINCT FROM OLD.um_widget_ids
     OR NEW.last_message_sent_at IS DISTINCT FROM OLD.last_message_sent_at
     OR NEW.contact_first_message_sent_at IS DISTINCT FROM OLD.contact_first_message_sent_at
     OR NEW.contact_last_update_at IS DISTINCT FROM OLD.contact_last_update_at
     OR NEW.contact_last_message_sent_at IS DISTINCT FROM OLD.contact_last_message_sent_at)
  EXECUTE FUNCTION conversation_list_keys_row_updated();

-- conversations_changed() keeps serving inserts and deletes; an update matters to it only when the
-- conversation moved to another contact (its search text and both contacts' versions).
CREATE FUNCTION conversation_contact_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF bulk_load_active() THEN RETURN NULL; END IF;
  PERFORM refresh_conversation_search(ARRAY[NEW.id]);
  PERFORM touch_contacts(ARRAY[OLD.contact_identity_id, NEW.contact_identity_id]);
  RETURN NULL;
END
$$;
DROP TRIGGER conversations_updated ON conversations;
CREATE TRIGGER conversations_contact_moved AFTER UPDATE ON conversations FOR EACH ROW
  WHEN (NEW.contact_identity_id IS DISTINCT FROM OLD.contact_identity_id)
  EXECUTE FUNCTION conversation_contact_moved();

-- Room on each page for the new version of a row, so that even its first update can be HOT.
ALTER TABLE conversations SET (fillfactor = 80);
