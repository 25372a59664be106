import { errorKeys } from '../../api/errors';
import { ErrorPanel } from '../layouts/error-panel';

/** The session could not be loaded (server down, network): say so and offer to try again. */
export function BootErrorPage({ error }: { error: unknown }) {
  return <ErrorPanel titleKey="boot.failed" messageKey={errorKeys(error)} actionKey="common.retry" />;
}
