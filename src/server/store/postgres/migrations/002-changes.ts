import { CHANGES_CHANNEL } from '../channel';

/**
 * Every commit that changes what the reads keep (keys, users, cells) notifies the replicas, whoever wrote it: the
 * service, the admin command line, an import or an administrator's own SQL. NOTIFY is sent at commit, once per
 * transaction however many statements ran. The live sources' answers and the rate limits change on every read and
 * stay out of it.
 */
export default `
CREATE FUNCTION notify_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('${CHANGES_CHANNEL}', '');
  RETURN NULL;
END
$$;
CREATE TRIGGER developers_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON developers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
CREATE TRIGGER service_keys_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON service_keys
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
CREATE TRIGGER users_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
CREATE TRIGGER cells_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cells
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
`;
