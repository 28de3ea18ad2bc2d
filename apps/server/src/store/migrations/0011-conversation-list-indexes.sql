-- Conversation pages walk their ordering's index to the offset. With a filter, every entry walked
-- used to cost a heap visit (the filter's column was not in the index) and, for topics, a probe of
-- conversation_topics: 56 ms for one 100-item page at offset 5,000 of one operator's conversations
-- on the 100k world. Now:
-- - conversations carry their topic ids (topic_ids, kept by the conversation_topics triggers), so
--   the topics filter is a condition on the row;
-- - every ordering index carries the filter columns and the version (INCLUDE), so a page, filtered
--   or not, is one index-only walk that also yields the versions the fragment cache is checked
--   against, without visiting the table (~4 ms for the same page);
-- - status and operator lead an index per ordering, so a page of one status or one operator walks
--   only its own entries (a deep page of one operator's 6 % walked 78k entries, 18 ms; now 5,100),
--   and the best plan of a page no longer depends on which status or operator is asked for.
-- The UPDATE that fills topic_ids runs as a bulk load: versions and rendered JSON stay as they are.
-- An index per ordering column of the model's conversation orderings (each ordering and its reverse
-- share one), alone and led by status and by operator; each INCLUDEs version and the filter
-- columns its key lacks. The ordering columns are store/schema.ts ORDER_COLUMNS.

SELECT set_config('app.bulk_load', 'on', true);
ALTER TABLE conversations ADD COLUMN topic_ids integer[] NOT NULL DEFAULT '{}';
UPDATE conversations v SET topic_ids = t.ids
  FROM (SELECT conversation_id, array_agg(topic_id ORDER BY topic_id) AS ids
          FROM conversation_topics GROUP BY conversation_id) t
 WHERE t.conversation_id = v.id;
SELECT set_config('app.bulk_load', 'off', true);

CREATE FUNCTION refresh_conversation_topic_ids(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN RETURN; END IF;
  UPDATE conversations v
     SET topic_ids = ARRAY(SELECT ct.topic_id FROM conversation_topics ct
                            WHERE ct.conversation_id = v.id ORDER BY ct.topic_id)
   WHERE v.id = ANY (ids);
END
$$;

-- Setting topic_ids bumps the version too (invalidate_rendered_json), as touch_conversations did.
CREATE OR REPLACE FUNCTION conversation_topics_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF bulk_load_active() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_conversation_topic_ids(ARRAY(SELECT DISTINCT conversation_id FROM new_rows));
  ELSE
    PERFORM refresh_conversation_topic_ids(ARRAY(SELECT DISTINCT conversation_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;

-- The widget and topic filters are evaluated on the ordering indexes' entries, counts included:
-- a GIN bitmap count of a common widget visited 90k heap rows (0.5-1 s under load).
DROP INDEX conversations_widgets_idx;

CREATE INDEX conversations_id_order_idx ON conversations (organization_id, id)
  INCLUDE (version, status, operator_assigned_to, um_widget_ids, topic_ids);
CREATE INDEX conversations_last_message_sent_at_order_idx ON conversations (organization_id, last_message_sent_at, id)
  INCLUDE (version, status, operator_assigned_to, um_widget_ids, topic_ids);
CREATE INDEX conversations_contact_first_message_sent_at_order_idx ON conversations (organization_id, contact_first_message_sent_at, id)
  INCLUDE (version, status, operator_assigned_to, um_widget_ids, topic_ids);
CREATE INDEX conversations_contact_last_update_at_order_idx ON conversations (organization_id, contact_last_update_at, id)
  INCLUDE (version, status, operator_assigned_to, um_widget_ids, topic_ids);
CREATE INDEX conversations_contact_last_message_sent_at_order_idx ON conversations (organization_id, contact_last_message_sent_at, id)
  INCLUDE (version, status, operator_assigned_to, um_widget_ids, topic_ids);
CREATE INDEX conversations_status_id_order_idx ON conversations (organization_id, status, id)
  INCLUDE (version, operator_assigned_to, um_widget_ids, topic_ids);
CREATE INDEX conversations_status_last_message_sent_at_order_idx ON conversations (organization_id, status, last_message_sent_at, id)
  INCLUDE (version, operator_assigned_to, um_widget_ids, topic_ids);
CREATE INDEX conversations_status_contact_first_message_sent_at_order_idx ON conversations (organization_id, status, contact_first_message_sent_at, id)
  INCLUDE (version, operator_assigned_to, um_widget_ids, topic_ids);
CREATE INDEX conversations_status_contact_last_update_at_order_idx ON conversations (organization_id, status, contact_last_update_at, id)
  INCLUDE (version, operator_assigned_to, um_widget_ids, topic_ids);
CREATE INDEX conversations_status_contact_last_message_sent_at_order_idx ON conversations (organization_id, status, contact_last_message_sent_at, id)
  INCLUDE (version, operator_assigned_to, um_widget_ids, topic_ids);
CREATE INDEX conversations_operator_id_order_idx ON conversations (organization_id, operator_assigned_to, id)
  INCLUDE (version, status, um_widget_ids, topic_ids);
CREATE INDEX conversations_operator_last_message_sent_at_order_idx ON conversations (organization_id, operator_assigned_to, last_message_sent_at, id)
  INCLUDE (version, status, um_widget_ids, topic_ids);
CREATE INDEX conversations_operator_contact_first_message_sent_at_order_idx ON conversations (organization_id, operator_assigned_to, contact_first_message_sent_at, id)
  INCLUDE (version, status, um_widget_ids, topic_ids);
CREATE INDEX conversations_operator_contact_last_update_at_order_idx ON conversations (organization_id, operator_assigned_to, contact_last_update_at, id)
  INCLUDE (version, status, um_widget_ids, topic_ids);
CREATE INDEX conversations_operator_contact_last_message_sent_at_order_idx ON conversations (organization_id, operator_assigned_to, contact_last_message_sent_at, id)
  INCLUDE (version, status, um_widget_ids, topic_ids);
DROP INDEX conversations_last_message_idx;
DROP INDEX conversations_contact_first_message_idx;
DROP INDEX conversations_contact_last_update_idx;
DROP INDEX conversations_contact_last_message_idx;
DROP INDEX conversations_operator_idx;
DROP INDEX conversations_status_idx;
