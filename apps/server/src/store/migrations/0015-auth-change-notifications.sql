-- Writes to the tables authentication reads announce themselves on the change channel of 0013
-- ('um_changes', payload: the table), through its notify_changed(), so every instance drops its
-- cached tokens, organizations and operator roles when one changes. operators already notifies
-- (0013's operators_notify: it is a counted table); a second trigger would only send the same
-- notification again.

CREATE TRIGGER api_tokens_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON api_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changed();
CREATE TRIGGER organizations_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON organizations
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changed();
