-- An update of conversations rewrites their list keys (0014) in place when their key sets
-- (topic_ids, um_widget_ids) are unchanged, as on most writes (a version bump, D48): one UPDATE of
-- the rows already there instead of deleting and inserting them again from a new read of the
-- conversations (D57). Conversations whose key sets changed are refreshed as before.
CREATE FUNCTION conversations_list_keys_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF bulk_load_active() THEN RETURN NULL; END IF;
  PERFORM refresh_conversation_list_keys(ARRAY(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
     WHERE n.topic_ids IS DISTINCT FROM o.topic_ids OR n.um_widget_ids IS DISTINCT FROM o.um_widget_ids));
  UPDATE conversation_list_keys k
     SET version = n.version,
         last_message_sent_at = n.last_message_sent_at,
         contact_first_message_sent_at = n.contact_first_message_sent_at,
         contact_last_update_at = n.contact_last_update_at,
         contact_last_message_sent_at = n.contact_last_message_sent_at
    FROM new_rows n JOIN old_rows o ON o.id = n.id
   WHERE k.id = n.id
     AND n.topic_ids IS NOT DISTINCT FROM o.topic_ids AND n.um_widget_ids IS NOT DISTINCT FROM o.um_widget_ids;
  RETURN NULL;
END
$$;

DROP TRIGGER conversations_list_keys_updated ON conversations;
CREATE TRIGGER conversations_list_keys_updated AFTER UPDATE ON conversations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION conversations_list_keys_updated();
